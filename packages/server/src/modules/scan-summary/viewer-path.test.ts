import { decodePolyline } from '@asset-portal/shared';
import { describe, expect, it } from 'vitest';
import { encodedViewerPath, scanPathColumns, viewerPath } from './viewer-path.ts';

describe("the viewer's path of a scan", () => {
  it('drops vertices that lie on the line, keeping the ends', () => {
    const straight = Array.from({ length: 50 }, (_, i) => [-123 + i * 1e-4, 49 + i * 5e-5]);
    expect(viewerPath(straight)).toEqual([straight[0], straight[49]]);
  });

  it('keeps every vertex that bends the line by more than 0.1 m', () => {
    // A zigzag of ±1 m (~9e-6° of latitude) every 5 m.
    const zigzag = Array.from({ length: 40 }, (_, i) => [-123 + i * 7e-5, 49 + (i % 2) * 1.8e-5]);
    expect(viewerPath(zigzag)).toHaveLength(40);
  });

  it('answers null for no path', () => {
    expect(viewerPath(null)).toBeNull();
    expect(viewerPath([])).toBeNull();
  });
});

describe("a scan's path columns", () => {
  it('hold the simple path and its viewer path, encoded', () => {
    const coordinates = [
      [-123.0751, 44.0462, 60.1],
      [-123.075, 44.04635, 60.2],
      [-123.0749, 44.0465, 60.3],
      [-123.0741, 44.0471, 60.4],
    ];
    const columns = scanPathColumns({ type: 'LineString', coordinates });
    expect(JSON.parse(columns.simplePath ?? 'null').coordinates).toEqual(coordinates);
    // The middle vertex of the first three lies on their line.
    expect(decodePolyline(columns.viewerPath ?? '')).toEqual([
      [-123.0751, 44.0462],
      [-123.0749, 44.0465],
      [-123.0741, 44.0471],
    ]);
  });

  it('are null for no path, and an empty viewer path for one that draws nothing', () => {
    expect(scanPathColumns(null)).toEqual({ simplePath: null, viewerPath: null });
    expect(encodedViewerPath({ type: 'LineString', coordinates: [] })).toBe('');
  });
});
