/** Text in the reader's order: case and accents aside, 'Drive 9' before 'Drive 10'. */
const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/**
 * The order of two cell values of one column: text by the collator, numbers and dates by value,
 * an empty cell (null, undefined) first. Every table column sorts with it unless it has its own
 * order. TanStack Table's automatic choice looks only at rows after the tenth (table-core 8.21),
 * so a short table compared text by code unit: 'PP Project' before 'Paris Test Drive'.
 */
export function compareCells(a: unknown, b: unknown): number {
  if (a == null || b == null) return a == null ? (b == null ? 0 : -1) : 1;
  if (typeof a === 'string' && typeof b === 'string') return collator.compare(a, b);
  if (a instanceof Date && b instanceof Date) return a.getTime() - b.getTime();
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
}
