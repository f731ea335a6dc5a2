import { describe, expect, it } from 'vitest';
import { compareCells } from './compare-cells.ts';

const sorted = (values: unknown[]) => [...values].sort(compareCells);

describe('table cell order', () => {
  it('orders text regardless of case, and numbers inside text by value', () => {
    expect(sorted(['PP Project', 'Paris Test Drive', 'archive 2019', 'Kandahar Survey'])).toEqual([
      'archive 2019',
      'Kandahar Survey',
      'Paris Test Drive',
      'PP Project',
    ]);
    expect(sorted(['Drive 10', 'Drive 9', 'drive 100'])).toEqual([
      'Drive 9',
      'Drive 10',
      'drive 100',
    ]);
  });

  it('orders numbers and dates by value, empty cells first', () => {
    expect(sorted([10, 9, null, 100])).toEqual([null, 9, 10, 100]);
    const [early, late] = [new Date('2024-03-01'), new Date('2024-11-30')];
    expect(sorted([late, null, early])).toEqual([null, early, late]);
  });
});
