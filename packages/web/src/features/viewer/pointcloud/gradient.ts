/** An RGB colour with channels between 0 and 1. */
export type Rgb = readonly [number, number, number];

/** A gradient as [position between 0 and 1, colour] stops, sorted by position. */
export type GradientStops = readonly (readonly [number, Rgb])[];

/**
 * YELLOW_GREEN, the default elevation gradient of the spec (§3 point-cloud defaults): dark
 * blue-green at the lowest point of the cloud to pale yellow at the highest. The stops are those
 * of Potree's gradient of the same name, so the cloud looks as it does in Potree.
 */
export const YELLOW_GREEN: GradientStops = [
  [0, [0.1647, 0.2824, 0.3451]],
  [0.1, [0.1338, 0.3555, 0.4227]],
  [0.2, [0.061, 0.4319, 0.4864]],
  [0.3, [0, 0.5099, 0.5319]],
  [0.4, [0, 0.5881, 0.5569]],
  [0.5, [0.137, 0.665, 0.5614]],
  [0.6, [0.2906, 0.7395, 0.5477]],
  [0.7, [0.4453, 0.8099, 0.5201]],
  [0.8, [0.6102, 0.8748, 0.485]],
  [0.9, [0.7883, 0.9323, 0.4514]],
  [1, [0.9804, 0.9804, 0.4314]],
];

/** The colour of a gradient at `t` (clamped to 0–1), interpolated linearly between stops. */
export function gradientColorAt(stops: GradientStops, t: number): Rgb {
  const first = stops[0];
  if (!first) throw new Error('A gradient needs at least one stop');
  const position = Math.min(1, Math.max(0, t));
  let previous = first;
  for (const stop of stops) {
    if (stop[0] >= position) {
      const span = stop[0] - previous[0];
      const weight = span > 0 ? (position - previous[0]) / span : 0;
      const [r0, g0, b0] = previous[1];
      const [r1, g1, b1] = stop[1];
      return [r0 + (r1 - r0) * weight, g0 + (g1 - g0) * weight, b0 + (b1 - b0) * weight];
    }
    previous = stop;
  }
  return previous[1];
}

/**
 * The distance in 0–255 RGB units from a colour to the nearest colour of the gradient (sampled
 * finely), used to tell whether a rendered pixel was coloured by the gradient.
 */
export function distanceToGradient(
  stops: GradientStops,
  rgb255: readonly [number, number, number],
): number {
  let best = Number.POSITIVE_INFINITY;
  for (let step = 0; step <= 256; step++) {
    const [r, g, b] = gradientColorAt(stops, step / 256);
    const distance = Math.hypot(r * 255 - rgb255[0], g * 255 - rgb255[1], b * 255 - rgb255[2]);
    if (distance < best) best = distance;
  }
  return best;
}
