import { describe, expect, it } from 'vitest';
import {
  isDayPicked,
  monthLabel,
  monthOf,
  monthWeeks,
  nextDateSelection,
  shiftMonth,
} from './date-selection.ts';

describe('multi-date picking', () => {
  it('picks one day, then a range in either order, then starts again', () => {
    expect(nextDateSelection([], '2024-05-03')).toEqual(['2024-05-03']);
    expect(nextDateSelection(['2024-05-03'], '2024-05-09')).toEqual(['2024-05-03', '2024-05-09']);
    expect(nextDateSelection(['2024-05-09'], '2024-05-03')).toEqual(['2024-05-03', '2024-05-09']);
    expect(nextDateSelection(['2024-05-03', '2024-05-09'], '2024-06-01')).toEqual(['2024-06-01']);
  });

  it('unpicks the only picked day when it is clicked again', () => {
    expect(nextDateSelection(['2024-05-03'], '2024-05-03')).toEqual([]);
  });

  it('tells the days inside the picked range', () => {
    const range = ['2024-05-03', '2024-05-09'];
    expect(isDayPicked(range, '2024-05-03')).toBe(true);
    expect(isDayPicked(range, '2024-05-06')).toBe(true);
    expect(isDayPicked(range, '2024-05-10')).toBe(false);
    expect(isDayPicked(['2024-05-03'], '2024-05-04')).toBe(false);
    expect(isDayPicked([], '2024-05-04')).toBe(false);
  });
});

describe('calendar months', () => {
  it('lays out a month in Sunday-first weeks', () => {
    // 1 May 2024 was a Wednesday; May has 31 days.
    const weeks = monthWeeks({ year: 2024, month: 4 });
    expect(weeks[0]).toEqual([
      null,
      null,
      null,
      '2024-05-01',
      '2024-05-02',
      '2024-05-03',
      '2024-05-04',
    ]);
    expect(weeks.flat().filter(Boolean)).toHaveLength(31);
    expect(weeks.at(-1)).toEqual([
      '2024-05-26',
      '2024-05-27',
      '2024-05-28',
      '2024-05-29',
      '2024-05-30',
      '2024-05-31',
      null,
    ]);
  });

  it('moves across years and names months', () => {
    expect(monthOf('2024-01-15')).toEqual({ year: 2024, month: 0 });
    expect(shiftMonth({ year: 2024, month: 0 }, -1)).toEqual({ year: 2023, month: 11 });
    expect(shiftMonth({ year: 2023, month: 11 }, 1)).toEqual({ year: 2024, month: 0 });
    expect(monthLabel({ year: 2024, month: 4 })).toBe('May 2024');
  });
});
