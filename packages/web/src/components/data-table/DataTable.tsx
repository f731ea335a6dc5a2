import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowRightIcon from '@mui/icons-material/KeyboardArrowRight';
import LayersIcon from '@mui/icons-material/Layers';
import LayersClearIcon from '@mui/icons-material/LayersClear';
import {
  Box,
  IconButton,
  LinearProgress,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TableSortLabel,
  Tooltip,
} from '@mui/material';
import type { Theme } from '@mui/material/styles';
import {
  type ColumnDef,
  type ExpandedState,
  flexRender,
  type GroupingState,
  getCoreRowModel,
  getExpandedRowModel,
  getFilteredRowModel,
  getGroupedRowModel,
  getSortedRowModel,
  type Row,
  type SortingState,
  useReactTable,
} from '@tanstack/react-table';
import { Fragment, type ReactNode, useMemo, useState } from 'react';
import { compareCells } from './compare-cells.ts';
import { DataTableSearch } from './DataTableSearch.tsx';
import { countDataRows, groupSize, pageOfRows } from './grouped-page.ts';
import {
  effectivePageSize,
  fromPaginationValue,
  type PageSizeOption,
  paginationOptions,
} from './page-size.ts';
import { LOAD_FAILED } from './table-texts.ts';

export interface ServerPaging {
  pageIndex: number;
  pageSize: number;
  total: number;
  onChange(pageIndex: number, pageSize: number): void;
}

export interface DataTableProps<T> {
  data: readonly T[];
  columns: ColumnDef<T, unknown>[];
  getRowId: (row: T) => string;
  loading?: boolean;
  emptyText?: string;
  /** The rows could not be fetched: the empty table says so instead of `emptyText`. */
  loadFailed?: boolean;
  initialSorting?: SortingState;
  /** Column ids the rows are grouped by when the table opens. */
  initialGrouping?: GroupingState;
  /** Lets the user group and ungroup by columns whose definition allows it. */
  groupable?: boolean;
  searchable?: boolean;
  searchPlaceholder?: string;
  pageSizeOptions?: readonly PageSizeOption[];
  defaultPageSize?: PageSizeOption;
  /** Rows come one page at a time from the server. */
  serverPaging?: ServerPaging;
  /** Detail shown under a row when it is expanded. */
  renderDetail?: (row: T) => ReactNode;
  toolbar?: ReactNode;
  testId?: string;
  ariaLabel: string;
}

/** The id of a table's row-actions column (`actionsColumn` and the screens' own). */
const ACTIONS_COLUMN = 'actions';

/**
 * A table wider than a laptop screen (Projects with the side menu open) scrolls sideways; its
 * Actions stay in sight at the right edge instead of scrolling out of it.
 */
const STICKY_ACTIONS = {
  position: 'sticky',
  right: 0,
  bgcolor: 'background.paper',
  boxShadow: (theme: Theme) => `inset 1px 0 0 ${theme.palette.divider}`,
  // Opaque over the cells it covers, yet tinted like the rest of its row when hovered (the row's
  // hover colour is translucent: laid over the paper here).
  '.MuiTableRow-hover:hover > &': {
    background: (theme: Theme) =>
      `linear-gradient(${theme.palette.action.hover}, ${theme.palette.action.hover}), ${theme.palette.background.paper}`,
  },
} as const;

/**
 * The one table of the app: sorting, search, grouping, expandable rows, page sizes including
 * 'all', loading and empty states. Built on TanStack Table, drawn with MUI.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const {
    data,
    columns,
    getRowId,
    loading = false,
    emptyText = 'No rows to show.',
    pageSizeOptions = [25, 50, 100, 'all'],
    defaultPageSize = pageSizeOptions[0] ?? 25,
    serverPaging,
    renderDetail,
  } = props;
  const [sorting, setSorting] = useState<SortingState>(props.initialSorting ?? []);
  const [grouping, setGrouping] = useState<GroupingState>(props.initialGrouping ?? []);
  const [expanded, setExpanded] = useState<ExpandedState>(true);
  const [detailOpen, setDetailOpen] = useState<Record<string, boolean>>({});
  const [globalFilter, setGlobalFilter] = useState('');
  const [pageSizeOption, setPageSizeOption] = useState<PageSizeOption>(defaultPageSize);
  const [pageIndex, setPageIndex] = useState(0);

  const rows = useMemo(() => [...data], [data]);

  const table = useReactTable<T>({
    data: rows,
    columns,
    getRowId: (row) => getRowId(row),
    state: { sorting, grouping, expanded, globalFilter },
    onSortingChange: setSorting,
    onGroupingChange: setGrouping,
    onExpandedChange: setExpanded,
    onGlobalFilterChange: (value) => {
      setGlobalFilter(String(value ?? ''));
      setPageIndex(0);
    },
    globalFilterFn: 'includesString',
    defaultColumn: {
      sortingFn: (a, b, columnId) => compareCells(a.getValue(columnId), b.getValue(columnId)),
    },
    autoResetExpanded: false,
    groupedColumnMode: false,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getGroupedRowModel: getGroupedRowModel(),
    getExpandedRowModel: getExpandedRowModel(),
  });

  const visibleColumns = table.getVisibleLeafColumns().length + (renderDetail ? 1 : 0);
  // Pages are counted in data rows: a group's header row comes with its rows, on every page they
  // are on, and takes none of the page's room.
  const drawnRows = table.getRowModel().rows;
  const total = serverPaging ? serverPaging.total : countDataRows(drawnRows);
  const pageSize = serverPaging ? serverPaging.pageSize : effectivePageSize(pageSizeOption, total);
  const currentPage = Math.min(
    serverPaging ? serverPaging.pageIndex : pageIndex,
    Math.max(0, Math.ceil(total / Math.max(1, pageSize)) - 1),
  );
  const pageRows = serverPaging ? drawnRows : pageOfRows(drawnRows, currentPage, pageSize);
  const currentPageSize = serverPaging
    ? serverPaging.pageSize
    : pageSizeOption === 'all'
      ? -1
      : pageSizeOption;

  const handlePageChange = (_event: unknown, page: number) => {
    if (serverPaging) serverPaging.onChange(page, serverPaging.pageSize);
    else setPageIndex(page);
  };
  const handlePageSizeChange = (event: { target: { value: string } }) => {
    const option = fromPaginationValue(Number(event.target.value));
    if (serverPaging) serverPaging.onChange(0, option === 'all' ? serverPaging.total : option);
    else {
      setPageSizeOption(option);
      setPageIndex(0);
    }
  };

  return (
    <Paper variant="outlined" data-testid={props.testId}>
      {props.searchable || props.toolbar ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 1 }}>
          {props.searchable ? (
            <DataTableSearch
              value={globalFilter}
              placeholder={props.searchPlaceholder ?? 'Search'}
              onChange={(value) => table.setGlobalFilter(value)}
            />
          ) : null}
          <Box sx={{ flex: 1 }} />
          {props.toolbar}
        </Box>
      ) : null}
      <Box sx={{ height: 4 }}>{loading ? <LinearProgress aria-label="Loading" /> : null}</Box>
      <TableContainer>
        <Table size="small" aria-label={props.ariaLabel}>
          <TableHead>
            {table.getHeaderGroups().map((headerGroup) => (
              <TableRow key={headerGroup.id}>
                {renderDetail ? <TableCell padding="checkbox" /> : null}
                {headerGroup.headers.map((header) => {
                  const column = header.column;
                  const label = flexRender(column.columnDef.header, header.getContext());
                  return (
                    <TableCell
                      key={header.id}
                      sortDirection={column.getIsSorted() || false}
                      sx={column.id === ACTIONS_COLUMN ? STICKY_ACTIONS : undefined}
                    >
                      <Box sx={{ display: 'flex', alignItems: 'center' }}>
                        {column.getCanSort() ? (
                          <TableSortLabel
                            active={Boolean(column.getIsSorted())}
                            direction={column.getIsSorted() || 'asc'}
                            onClick={column.getToggleSortingHandler()}
                          >
                            {label}
                          </TableSortLabel>
                        ) : (
                          label
                        )}
                        {props.groupable && column.getCanGroup() ? (
                          <Tooltip
                            title={column.getIsGrouped() ? 'Ungroup' : 'Group by this column'}
                          >
                            <IconButton size="small" onClick={column.getToggleGroupingHandler()}>
                              {column.getIsGrouped() ? (
                                <LayersClearIcon fontSize="inherit" />
                              ) : (
                                <LayersIcon fontSize="inherit" />
                              )}
                            </IconButton>
                          </Tooltip>
                        ) : null}
                      </Box>
                    </TableCell>
                  );
                })}
              </TableRow>
            ))}
          </TableHead>
          <TableBody>
            {pageRows.length === 0 ? (
              <TableRow>
                <TableCell
                  colSpan={visibleColumns}
                  align="center"
                  sx={{ py: 4, color: 'text.secondary' }}
                >
                  {loading ? 'Loading…' : props.loadFailed ? LOAD_FAILED : emptyText}
                </TableCell>
              </TableRow>
            ) : (
              pageRows.map((row) =>
                row.getIsGrouped() ? (
                  <GroupRow key={row.id} row={row} colSpan={visibleColumns} />
                ) : (
                  <Fragment key={row.id}>
                    <TableRow hover data-row-id={row.id}>
                      {renderDetail ? (
                        <TableCell padding="checkbox">
                          <IconButton
                            size="small"
                            aria-label={detailOpen[row.id] ? 'Collapse row' : 'Expand row'}
                            aria-expanded={Boolean(detailOpen[row.id])}
                            onClick={() =>
                              setDetailOpen((open) => ({ ...open, [row.id]: !open[row.id] }))
                            }
                          >
                            {detailOpen[row.id] ? <ExpandLessIcon /> : <ExpandMoreIcon />}
                          </IconButton>
                        </TableCell>
                      ) : null}
                      {row.getVisibleCells().map((cell) => (
                        <TableCell
                          key={cell.id}
                          sx={cell.column.id === ACTIONS_COLUMN ? STICKY_ACTIONS : undefined}
                        >
                          {flexRender(cell.column.columnDef.cell, cell.getContext())}
                        </TableCell>
                      ))}
                    </TableRow>
                    {renderDetail && detailOpen[row.id] ? (
                      <TableRow>
                        <TableCell colSpan={visibleColumns} sx={{ bgcolor: 'action.hover' }}>
                          {renderDetail(row.original)}
                        </TableCell>
                      </TableRow>
                    ) : null}
                  </Fragment>
                ),
              )
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={total}
        page={currentPage}
        rowsPerPage={currentPageSize}
        rowsPerPageOptions={paginationOptions(pageSizeOptions)}
        onPageChange={handlePageChange}
        onRowsPerPageChange={handlePageSizeChange}
      />
    </Paper>
  );
}

/** The header row of a group: its value, row count and a toggle. */
function GroupRow<T>({ row, colSpan }: { row: Row<T>; colSpan: number }) {
  const column = row.groupingColumnId
    ? row.getAllCells().find((c) => c.column.id === row.groupingColumnId)
    : null;
  const header = column?.column.columnDef.header;
  const title = typeof header === 'string' ? header : (row.groupingColumnId ?? '');
  return (
    <TableRow data-group-id={row.id} sx={{ bgcolor: 'action.selected' }}>
      <TableCell colSpan={colSpan} sx={{ fontWeight: 600, pl: 1 + row.depth * 2 }}>
        <IconButton
          size="small"
          aria-label={row.getIsExpanded() ? 'Collapse group' : 'Expand group'}
          onClick={row.getToggleExpandedHandler()}
        >
          {row.getIsExpanded() ? <KeyboardArrowDownIcon /> : <KeyboardArrowRightIcon />}
        </IconButton>
        {title}: {String(row.groupingValue ?? '')} ({groupSize(row)})
      </TableCell>
    </TableRow>
  );
}
