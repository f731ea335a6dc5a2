/** A page-size choice; 'all' shows every row on one page. */
export type PageSizeOption = number | 'all';

/** The number of data rows a page holds for a choice: 'all' is every row. */
export function effectivePageSize(option: PageSizeOption, rowCount: number): number {
  return option === 'all' ? Math.max(rowCount, 1) : option;
}

/** MUI TablePagination's options; -1 stands for 'all'. */
export function paginationOptions(options: readonly PageSizeOption[]) {
  return options.map((o) => (o === 'all' ? { label: 'All', value: -1 } : o));
}

export function fromPaginationValue(value: number): PageSizeOption {
  return value === -1 ? 'all' : value;
}
