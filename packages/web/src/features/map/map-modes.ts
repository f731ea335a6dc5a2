export type MapMode = 'point' | 'line' | 'box';

/** The hint chip shown while the map waits for clicks. */
export const MODE_HINTS: Record<MapMode, string> = {
  point: 'Click to place the point, or press Enter for the centre. Esc cancels.',
  line: 'Click to add points, double-click to finish. Esc cancels.',
  box: 'Drag a rectangle on the map. Esc cancels.',
};

/** Two opposite corners of a rectangle, `[lon, lat]`. */
export type BoxCorners = [[number, number], [number, number]];

/** Drags shorter than this many CSS pixels are taken as clicks, not rectangles. */
export const MIN_BOX_DRAG_PX = 4;

/** The closed ring of a rectangle given by two opposite corners. */
export function boxRing([[lon1, lat1], [lon2, lat2]]: BoxCorners): [number, number][] {
  return [
    [lon1, lat1],
    [lon2, lat1],
    [lon2, lat2],
    [lon1, lat2],
    [lon1, lat1],
  ];
}

/** Vertices closer than this (degrees) count as the same click. */
const SAME_VERTEX = 1e-9;

/**
 * The vertices of a finished line: a double-click also delivers its two clicks, so repeated
 * consecutive vertices are merged. Null when fewer than two distinct vertices remain.
 */
export function finishedLine(vertices: readonly [number, number][]): [number, number][] | null {
  const line: [number, number][] = [];
  for (const vertex of vertices) {
    const last = line[line.length - 1];
    if (
      last &&
      Math.abs(last[0] - vertex[0]) < SAME_VERTEX &&
      Math.abs(last[1] - vertex[1]) < SAME_VERTEX
    ) {
      continue;
    }
    line.push([vertex[0], vertex[1]]);
  }
  return line.length >= 2 ? line : null;
}
