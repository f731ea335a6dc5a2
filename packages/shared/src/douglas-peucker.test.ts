import { describe, expect, it } from 'vitest';
import { douglasPeuckerKeep } from './douglas-peucker.ts';

const kept = (points: [number, number][], tolerance: number) =>
  [...douglasPeuckerKeep(points.flat(), tolerance)].flatMap((flag, i) => (flag ? [i] : []));

describe('douglasPeuckerKeep', () => {
  it('drops vertices on a straight line and keeps the corner', () => {
    const line: [number, number][] = [
      [0, 0],
      [1, 0],
      [2, 0],
      [3, 0],
      [3, 1],
      [3, 2],
    ];
    expect(kept(line, 0.01)).toEqual([0, 3, 5]);
  });

  it('keeps a vertex farther than the tolerance and drops one nearer', () => {
    const line: [number, number][] = [
      [0, 0],
      [5, 0.5],
      [10, 0],
    ];
    expect(kept(line, 0.4)).toEqual([0, 1, 2]);
    expect(kept(line, 0.6)).toEqual([0, 2]);
  });

  it('keeps every vertex at tolerance 0 and both ends of short lines', () => {
    expect(
      kept(
        [
          [0, 0],
          [1, 0],
          [2, 0],
        ],
        0,
      ),
    ).toEqual([0, 1, 2]);
    expect(
      kept(
        [
          [0, 0],
          [1, 1],
        ],
        5,
      ),
    ).toEqual([0, 1]);
    expect(kept([], 1)).toEqual([]);
  });

  it('keeps every corner of a zigzag above the tolerance and none below it', () => {
    const zigzag = (length: number) =>
      Array.from({ length }, (_, i): [number, number] => [i, i % 2]);
    expect(kept(zigzag(2_000), 0.4)).toHaveLength(2_000);
    // A million vertices in one pass: no recursion to overflow.
    expect(kept(zigzag(1_000_000), 2)).toEqual([0, 999_999]);
  });
});
