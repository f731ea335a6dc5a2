/** The frame shown for a requested index: within the scan's frames, the first when none is set. */
export function shownFrameIndex(index: number | null, count: number): number | null {
  if (count === 0) return null;
  if (index === null || !Number.isFinite(index)) return 0;
  return Math.min(count - 1, Math.max(0, Math.trunc(index)));
}

/** The index one step away, or null past either end. */
export function steppedFrameIndex(index: number, step: -1 | 1, count: number): number | null {
  const next = index + step;
  return next >= 0 && next < count ? next : null;
}

/** The step a key asks for: left/up go back, right/down go forward. */
export function stepForKey(key: string): -1 | 1 | null {
  if (key === 'ArrowLeft' || key === 'ArrowUp') return -1;
  if (key === 'ArrowRight' || key === 'ArrowDown') return 1;
  return null;
}

/** The frames worth loading ahead: the previous and the next one. */
export function neighbourIndexes(index: number, count: number): number[] {
  return [index - 1, index + 1].filter((i) => i >= 0 && i < count);
}

/** 'Frame i of n', counting from 1. */
export function frameCounterText(index: number, count: number): string {
  return `Frame ${index + 1} of ${count}`;
}

/** A stored JPEG's clockwise turn to upright, as one of 0, 90, 180, 270. */
export function normalizedRotation(jpegRotation: number | null | undefined): 0 | 90 | 180 | 270 {
  const quarter = Math.round((jpegRotation ?? 0) / 90);
  return ((((quarter % 4) + 4) % 4) * 90) as 0 | 90 | 180 | 270;
}

/**
 * CSS for an image turned upright inside a box of the given width/height ratio: a quarter turn
 * swaps the image's sides, so it is laid out with the box's sides swapped before turning.
 */
export function uprightImageStyle(jpegRotation: number | null | undefined, boxRatio: number) {
  const rotation = normalizedRotation(jpegRotation);
  const sideways = rotation === 90 || rotation === 270;
  return {
    position: 'absolute' as const,
    top: '50%',
    left: '50%',
    width: sideways ? `${100 / boxRatio}%` : '100%',
    height: sideways ? `${100 * boxRatio}%` : '100%',
    objectFit: 'contain' as const,
    transform: `translate(-50%, -50%) rotate(${rotation}deg)`,
  };
}

/** The UTC time of day of a frame, e.g. '08:15:42 UTC'. */
export function frameTimeText(capturedAt: string | null | undefined): string | null {
  if (!capturedAt) return null;
  const date = new Date(capturedAt);
  if (Number.isNaN(date.getTime())) return null;
  return `${date.toISOString().slice(0, 10)} ${date.toISOString().slice(11, 19)} UTC`;
}
