const DEGREES = Math.PI / 180;

/**
 * Index of the image nearest to a clicked point (the core map calls it on a path click); null
 * when there are no images. Distances use the local equirectangular approximation, exact enough
 * along one scan's path (a few kilometres) and cheap for thousands of frames.
 */
export function nearestFrameIndex(
  images: readonly { lon: number; lat: number }[],
  lon: number,
  lat: number,
): number | null {
  const shrink = Math.cos(lat * DEGREES);
  let nearest: number | null = null;
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < images.length; i++) {
    const image = images[i]!;
    // Longitudes on either side of the antimeridian are close, not 360° apart.
    const dLon = ((((image.lon - lon) % 360) + 540) % 360) - 180;
    const dx = dLon * shrink;
    const dy = image.lat - lat;
    const distance = dx * dx + dy * dy;
    if (distance < best) {
      best = distance;
      nearest = i;
    }
  }
  return nearest;
}
