import { describe, expect, it } from 'vitest';
import { byTenths } from './tenths.ts';

describe('byTenths', () => {
  it('reports each new tenth once, with what was done', () => {
    const reports: string[] = [];
    const step = byTenths((percent, done, total) => reports.push(`${percent} ${done}/${total}`));
    for (let done = 0; done <= 25; done++) step(done, 25);
    expect(reports).toEqual([
      '0 0/25',
      '10 3/25',
      '20 5/25',
      '30 8/25',
      '40 10/25',
      '50 13/25',
      '60 15/25',
      '70 18/25',
      '80 20/25',
      '90 23/25',
      '100 25/25',
    ]);
  });

  it('answers what the report answered, and undefined within a tenth', () => {
    const step = byTenths((percent) => `at ${percent}`);
    expect(step(0, 100)).toBe('at 0');
    expect(step(5, 100)).toBeUndefined();
    expect(step(10, 100)).toBe('at 10');
  });

  it('reports 0 % for work of no size', () => {
    const step = byTenths((percent) => percent);
    expect(step(0, 0)).toBe(0);
    expect(step(0, 0)).toBeUndefined();
  });
});
