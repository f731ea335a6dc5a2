/** A picked point in the cloud's projected coordinates (metres or the CRS's unit). */
export type CloudPoint = readonly [number, number, number];

export type MeasureKind = 'distance' | 'area' | 'height';

/** Length of a polyline through the points, in 3D. */
export function polylineLength(points: readonly CloudPoint[]): number {
  let length = 0;
  for (let index = 1; index < points.length; index++) {
    const a = points[index - 1] as CloudPoint;
    const b = points[index] as CloudPoint;
    length += Math.hypot(b[0] - a[0], b[1] - a[1], b[2] - a[2]);
  }
  return length;
}

/** Horizontal area of the closed polygon through the points (shoelace formula on x and y). */
export function polygonArea(points: readonly CloudPoint[]): number {
  if (points.length < 3) return 0;
  let twice = 0;
  for (let index = 0; index < points.length; index++) {
    const a = points[index] as CloudPoint;
    const b = points[(index + 1) % points.length] as CloudPoint;
    twice += a[0] * b[1] - b[0] * a[1];
  }
  return Math.abs(twice) / 2;
}

/** Vertical difference between the last and the first point (positive when it rises). */
export function heightDifference(points: readonly CloudPoint[]): number {
  const first = points[0];
  const last = points[points.length - 1];
  return first && last ? last[2] - first[2] : 0;
}

/** How many points a measurement of this kind takes before it is complete (null: open-ended). */
export function pointsToComplete(kind: MeasureKind): number | null {
  return kind === 'height' ? 2 : null;
}

/** The label of a measurement, e.g. '12.34 m', '56.7 m²', 'Δh 1.20 m'. */
export function measurementLabel(kind: MeasureKind, points: readonly CloudPoint[]): string {
  switch (kind) {
    case 'distance':
      return `${polylineLength(points).toFixed(2)} m`;
    case 'area':
      return `${polygonArea(points).toFixed(2)} m²`;
    case 'height': {
      const difference = heightDifference(points);
      return `Δh ${difference.toFixed(2)} m`;
    }
  }
}
