import { describe, expect, it } from 'vitest';
import { heightDifference, measurementLabel, polygonArea, polylineLength } from './measurements.ts';

describe('measurements', () => {
  it('sums the 3D lengths of a polyline', () => {
    expect(
      polylineLength([
        [0, 0, 0],
        [3, 4, 0],
        [3, 4, 12],
      ]),
    ).toBe(17);
    expect(polylineLength([[5, 5, 5]])).toBe(0);
  });

  it('measures the horizontal area of a polygon whatever its heights and winding', () => {
    const square = [
      [10, 10, 0],
      [20, 10, 5],
      [20, 20, 9],
      [10, 20, 2],
    ] as const;
    expect(polygonArea(square)).toBe(100);
    expect(polygonArea([...square].reverse())).toBe(100);
    expect(
      polygonArea([
        [0, 0, 0],
        [1, 0, 0],
      ]),
    ).toBe(0);
  });

  it('gives the signed height from the first to the last point', () => {
    expect(
      heightDifference([
        [0, 0, 102.5],
        [50, 40, 100],
      ]),
    ).toBe(-2.5);
  });

  it('labels each kind with its unit', () => {
    expect(
      measurementLabel('distance', [
        [0, 0, 0],
        [3, 4, 0],
      ]),
    ).toBe('5.00 m');
    expect(
      measurementLabel('area', [
        [0, 0, 0],
        [2, 0, 0],
        [2, 3, 0],
      ]),
    ).toBe('3.00 m²');
    expect(
      measurementLabel('height', [
        [0, 0, 1],
        [0, 0, 2.25],
      ]),
    ).toBe('Δh 1.25 m');
  });
});
