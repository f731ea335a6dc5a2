import { describe, expect, it } from 'vitest';
import { drawablePath, needsRebuild } from './scan-features.ts';
import type { MapScan } from './types.ts';

const scan = (id: string, path: MapScan['path'], status: MapScan['status'] = 'Final') => ({
  id,
  status,
  path,
});

describe('scan features', () => {
  it('draws a single fix as a dot: a zero-length line', () => {
    expect(drawablePath([[-113, 50]])).toEqual([
      [-113, 50],
      [-113, 50],
    ]);
  });

  it('drops vertices that are not numbers', () => {
    expect(drawablePath([[1, 2], [Number.NaN, 3] as [number, number], [3, 4]])).toEqual([
      [1, 2],
      [3, 4],
    ]);
    expect(drawablePath([])).toBeNull();
  });

  it('asks for a rebuild only for a new scan or a changed path or status', () => {
    const a = scan('A', [
      [1, 2],
      [3, 4],
    ]);
    const known = new Map([['A', a]]);
    expect(needsRebuild(known, [a])).toBe(false);
    expect(needsRebuild(known, [])).toBe(false);
    expect(
      needsRebuild(known, [
        {
          ...a,
          path: [
            [1, 2],
            [3, 4],
          ],
        },
      ]),
    ).toBe(false);
    expect(
      needsRebuild(known, [
        {
          ...a,
          path: [
            [1, 2],
            [3, 5],
          ],
        },
      ]),
    ).toBe(true);
    expect(needsRebuild(known, [{ ...a, status: 'Provisional' }])).toBe(true);
    expect(needsRebuild(known, [a, scan('B', null)])).toBe(true);
  });
});
