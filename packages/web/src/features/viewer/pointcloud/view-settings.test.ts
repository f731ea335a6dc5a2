import { describe, expect, it } from 'vitest';
import { compactCount, POINT_BUDGET_OPTIONS } from './view-settings.ts';

describe('point cloud view settings', () => {
  it('writes point budgets compactly for the toolbar', () => {
    expect(POINT_BUDGET_OPTIONS.map(compactCount)).toEqual([
      '250 k',
      '500 k',
      '1 M',
      '2 M',
      '5 M',
      '10 M',
    ]);
    expect(compactCount(1_500_000)).toBe('1.5 M');
    expect(compactCount(999)).toBe('999');
  });
});
