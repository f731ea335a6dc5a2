import {
  createTable,
  type ExpandedState,
  getCoreRowModel,
  getExpandedRowModel,
  getGroupedRowModel,
  getSortedRowModel,
  type Row,
  type TableState,
} from '@tanstack/react-table';
import { describe, expect, it } from 'vitest';
import { countDataRows, groupSize, pageOfRows } from './grouped-page.ts';

interface Layer {
  name: string;
  group: string;
  kind: string;
}

/** 30 layers: 12 in group A, 10 in B, 8 in C, named 'layer 01' to 'layer 30' in that order. */
const LAYERS: Layer[] = Array.from({ length: 30 }, (_, i) => ({
  name: `layer ${String(i + 1).padStart(2, '0')}`,
  group: i < 12 ? 'A' : i < 22 ? 'B' : 'C',
  kind: i % 2 === 0 ? 'even' : 'odd',
}));

/** The rows TanStack Table draws for the layers grouped by these columns, groups expanded. */
function drawnRows(grouping: string[], expanded: ExpandedState = true): Row<Layer>[] {
  const state = {
    grouping,
    expanded,
    sorting: [...grouping.map((id) => ({ id, desc: false })), { id: 'name', desc: false }],
  } as Partial<TableState>;
  const table = createTable<Layer>({
    data: LAYERS,
    columns: [{ accessorKey: 'name' }, { accessorKey: 'group' }, { accessorKey: 'kind' }],
    state,
    onStateChange: () => {},
    renderFallbackValue: null,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getGroupedRowModel: getGroupedRowModel(),
    getExpandedRowModel: getExpandedRowModel(),
  });
  table.setOptions((options) => ({ ...options, state: { ...table.initialState, ...state } }));
  return table.getRowModel().rows;
}

/** A page as the table shows it: 'A (12)' for a group header, the layer's name for a data row. */
const labels = (rows: Row<Layer>[]) =>
  rows.map((row) =>
    row.getIsGrouped() ? `${String(row.groupingValue)} (${groupSize(row)})` : row.original.name,
  );

const names = (from: number, to: number) => LAYERS.slice(from - 1, to).map((layer) => layer.name);

describe('pages of a grouped table', () => {
  it('holds 25 data rows a page, a split group showing its header again', () => {
    const rows = drawnRows(['group']);
    expect(countDataRows(rows)).toBe(30);
    const first = pageOfRows(rows, 0, 25);
    expect(countDataRows(first)).toBe(25);
    expect(labels(first)).toEqual([
      'A (12)',
      ...names(1, 12),
      'B (10)',
      ...names(13, 22),
      'C (8)',
      ...names(23, 25),
    ]);
    expect(labels(pageOfRows(rows, 1, 25))).toEqual(['C (8)', ...names(26, 30)]);
  });

  it('pages rows without groups 25 at a time', () => {
    const rows = drawnRows([]);
    expect(labels(pageOfRows(rows, 0, 25))).toEqual(names(1, 25));
    expect(labels(pageOfRows(rows, 1, 25))).toEqual(names(26, 30));
    expect(pageOfRows(rows, 2, 25)).toEqual([]);
  });

  it('repeats every level of header over a page that starts inside a nested group', () => {
    const rows = drawnRows(['group', 'kind']);
    expect(countDataRows(rows)).toBe(30);
    // Rows 11 to 20: the last two of A's odd layers (its 6 even ones come first), then B.
    expect(labels(pageOfRows(rows, 1, 10))).toEqual([
      'A (12)',
      'odd (6)',
      'layer 10',
      'layer 12',
      'B (10)',
      'even (5)',
      'layer 13',
      'layer 15',
      'layer 17',
      'layer 19',
      'layer 21',
      'odd (5)',
      'layer 14',
      'layer 16',
      'layer 18',
    ]);
  });

  it("counts a collapsed group's rows out, its header on the page of the row after it", () => {
    const rows = drawnRows(['group'], { 'group:B': true, 'group:C': true });
    expect(countDataRows(rows)).toBe(18);
    expect(labels(pageOfRows(rows, 0, 10))).toEqual(['A (12)', 'B (10)', ...names(13, 22)]);
    expect(labels(pageOfRows(rows, 1, 10))).toEqual(['C (8)', ...names(23, 30)]);

    // The last group collapsed after a full page: its header goes on that last page.
    const lastCollapsed = drawnRows(['group'], { 'group:A': true, 'group:B': true });
    expect(countDataRows(lastCollapsed)).toBe(22);
    expect(labels(pageOfRows(lastCollapsed, 1, 11))).toEqual([
      'A (12)',
      'layer 12',
      'B (10)',
      ...names(13, 22),
      'C (8)',
    ]);
  });

  it('counts the data rows of a group, not its subgroups', () => {
    const rows = drawnRows(['group', 'kind']);
    const outer = rows.filter((row) => row.depth === 0 && row.getIsGrouped());
    expect(outer.map((row) => [row.groupingValue, groupSize(row)])).toEqual([
      ['A', 12],
      ['B', 10],
      ['C', 8],
    ]);
    const aOdd = rows.find((row) => row.depth === 1 && row.groupingValue === 'odd');
    expect(aOdd && groupSize(aOdd)).toBe(6);
  });
});
