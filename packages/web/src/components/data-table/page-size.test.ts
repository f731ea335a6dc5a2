import { describe, expect, it } from 'vitest';
import { effectivePageSize, fromPaginationValue, paginationOptions } from './page-size.ts';

describe('page sizes', () => {
  it("turns 'all' into every row, and back from MUI's -1", () => {
    expect(effectivePageSize('all', 130)).toBe(130);
    expect(effectivePageSize('all', 0)).toBe(1);
    expect(effectivePageSize(25, 130)).toBe(25);
    expect(paginationOptions([25, 50, 100, 'all'])).toEqual([
      25,
      50,
      100,
      { label: 'All', value: -1 },
    ]);
    expect(fromPaginationValue(-1)).toBe('all');
    expect(fromPaginationValue(50)).toBe(50);
  });
});
