import { describe, expect, it } from 'vitest';
import { viewerPath } from './viewer-path.ts';

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
