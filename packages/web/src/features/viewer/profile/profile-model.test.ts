import { describe, expect, it } from 'vitest';
import {
  CORRIDOR_WIDTH,
  CORRIDOR_WIDTH_INVALID,
  colourRange,
  elevationRange,
  formatReadout,
  parseCorridorWidth,
  parseProfilePoints,
  thinEvenly,
} from './profile-model.ts';

describe('corridor width', () => {
  it('defaults to 1 m and accepts 0.1 to 50 m', () => {
    expect(CORRIDOR_WIDTH.default).toBe(1);
    expect(parseCorridorWidth('0.1')).toEqual({ width: 0.1 });
    expect(parseCorridorWidth(' 50 ')).toEqual({ width: 50 });
    expect(parseCorridorWidth('2.5')).toEqual({ width: 2.5 });
  });

  it('refuses blank, non-numbers and values outside the range with one message', () => {
    for (const text of ['', ' ', 'abc', '0.09', '0', '-1', '50.01', 'Infinity']) {
      expect(parseCorridorWidth(text)).toEqual({ error: CORRIDOR_WIDTH_INVALID });
    }
    expect(CORRIDOR_WIDTH_INVALID).toBe('The corridor width must be between 0.1 and 50 metres');
  });
});

describe('profile points from the server', () => {
  it('reads [distance, elevation, lon, lat] rows and skips broken ones', () => {
    expect(
      parseProfilePoints([
        [0, 100.5, -123.1, 44.1],
        [1.5, 101, -123.2, 44.2, 'extra'],
        [2, null, -123, 44],
        [3, 102],
        'row',
        [4, Number.NaN, -123, 44],
      ]),
    ).toEqual([
      { distance: 0, elevation: 100.5, lon: -123.1, lat: 44.1 },
      { distance: 1.5, elevation: 101, lon: -123.2, lat: 44.2 },
    ]);
    expect(parseProfilePoints(null)).toEqual([]);
    expect(parseProfilePoints({ points: [] })).toEqual([]);
  });
});

describe('thinning for the chart', () => {
  it('keeps short lists whole', () => {
    expect(thinEvenly([1, 2, 3], 5)).toEqual([1, 2, 3]);
  });

  it('takes points evenly, first and last included', () => {
    const list = Array.from({ length: 101 }, (_, i) => i);
    expect(thinEvenly(list, 5)).toEqual([0, 25, 50, 75, 100]);
    expect(thinEvenly(list, 11)).toHaveLength(11);
  });
});

describe('readout and range', () => {
  it('reads distance and elevation to the centimetre', () => {
    expect(formatReadout({ distance: 12.345, elevation: 1045.2, lon: 0, lat: 0 })).toBe(
      'Distance 12.35 m · Elevation 1045.20 m',
    );
  });

  it('colours over the range, opened around one elevation shared by every point', () => {
    expect(colourRange({ min: 10, max: 12.5 })).toEqual({ min: 10, max: 12.5 });
    expect(colourRange({ min: 80.25, max: 80.25 })).toEqual({ min: 79.75, max: 80.75 });
    expect(colourRange(null)).toBeNull();
    expect(colourRange({ min: Number.NaN, max: 3 })).toBeNull();
  });

  it('finds the lowest and highest elevation', () => {
    expect(elevationRange([])).toBeNull();
    expect(
      elevationRange([
        { distance: 0, elevation: 5, lon: 0, lat: 0 },
        { distance: 1, elevation: -2, lon: 0, lat: 0 },
        { distance: 2, elevation: 9, lon: 0, lat: 0 },
      ]),
    ).toEqual({ min: -2, max: 9 });
  });
});
