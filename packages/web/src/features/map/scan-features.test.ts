import { describe, expect, it } from 'vitest';
import { boxInside, drawablePath, type LngLatBox, needsRebuild } from './scan-features.ts';
import { flatPath, type MapScan } from './types.ts';

const scan = (
  id: string,
  positions: [number, number][] | null,
  status: MapScan['status'] = 'Final',
): MapScan => ({ id, status, path: positions && flatPath(positions) });

describe('scan features', () => {
  it('draws a single fix as a dot: a zero-length line', () => {
    expect(drawablePath(flatPath([[-113, 50]]))).toEqual([
      [-113, 50],
      [-113, 50],
    ]);
  });

  it('drops vertices that are not numbers', () => {
    expect(
      drawablePath(
        flatPath([
          [1, 2],
          [Number.NaN, 3],
          [3, 4],
        ]),
      ),
    ).toEqual([
      [1, 2],
      [3, 4],
    ]);
    expect(drawablePath(new Float64Array(0))).toBeNull();
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
          path: flatPath([
            [1, 2],
            [3, 4],
          ]),
        },
      ]),
    ).toBe(false);
    expect(
      needsRebuild(known, [
        {
          ...a,
          path: flatPath([
            [1, 2],
            [3, 5],
          ]),
        },
      ]),
    ).toBe(true);
    expect(needsRebuild(known, [{ ...a, status: 'Provisional' }])).toBe(true);
    expect(needsRebuild(known, [a, scan('B', null)])).toBe(true);
  });
});

describe('a box within the view', () => {
  const view: LngLatBox = [
    [2.2, 48.8],
    [2.3, 48.9],
  ];
  it('is inside only when all four sides are', () => {
    expect(
      boxInside(
        [
          [2.21, 48.81],
          [2.29, 48.89],
        ],
        view,
      ),
    ).toBe(true);
    expect(boxInside(view, view)).toBe(true);
    expect(
      boxInside(
        [
          [2.25, 48.85],
          [2.31, 48.86],
        ],
        view,
      ),
    ).toBe(false);
    expect(
      boxInside(
        [
          [2.25, 48.79],
          [2.26, 48.86],
        ],
        view,
      ),
    ).toBe(false);
    expect(
      boxInside(
        [
          [-123.1, 44.0],
          [-123.0, 44.1],
        ],
        view,
      ),
    ).toBe(false);
  });
});
