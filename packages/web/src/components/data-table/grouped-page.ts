/** What paging needs of a row of TanStack Table's expanded row model. */
export interface PagedRow {
  depth: number;
  getIsGrouped(): boolean;
}

/** The data rows among the rows drawn, group header rows left out. */
export function countDataRows(rows: readonly PagedRow[]): number {
  return rows.reduce((count, row) => (row.getIsGrouped() ? count : count + 1), 0);
}

/** The data rows under a group's header, however deeply grouped: what its '(n)' counts. */
export function groupSize(group: { getLeafRows(): readonly PagedRow[] }): number {
  return countDataRows(group.getLeafRows());
}

/**
 * One page of a table's rows in drawing order (groups expanded into their rows): `pageSize` data
 * rows, each under the header rows of its groups. Headers take no room of their own, so a group
 * split across pages shows its header again at the top of the next one. A collapsed group's
 * header goes on the page of the data row after it (the last page when none follows).
 */
export function pageOfRows<R extends PagedRow>(
  rows: readonly R[],
  pageIndex: number,
  pageSize: number,
): R[] {
  const size = Math.max(1, pageSize);
  const lastPage = Math.max(0, Math.ceil(countDataRows(rows) / size) - 1);
  const page: R[] = [];
  // The headers of the groups the next row is in, outermost first, and those already on the page.
  const open: R[] = [];
  const shown = new Set<R>();
  let dataIndex = 0;
  const add = (row: R) => {
    for (const header of open) {
      if (!shown.has(header)) {
        shown.add(header);
        page.push(header);
      }
    }
    page.push(row);
  };
  rows.forEach((row, index) => {
    const onPage = Math.min(Math.floor(dataIndex / size), lastPage) === pageIndex;
    if (row.getIsGrouped()) {
      open.length = row.depth;
      const collapsed = (rows[index + 1]?.depth ?? -1) <= row.depth;
      if (collapsed && onPage) add(row);
      open.push(row);
      return;
    }
    if (onPage) add(row);
    dataIndex += 1;
  });
  return page;
}
