import { describe, expect, it } from 'vitest';
import { simplifyPath } from './simplify-path.ts';

describe('simplifyPath', () => {
  it('returns short lines unchanged', () => {
    const line = [
      [139.6, 35.1],
      [139.61, 35.11],
    ];
    expect(simplifyPath(line, 500)).toEqual(line);
  });

  it('reduces a long wiggly trajectory to at most 500 vertices, keeping both ends', () => {
    const line = Array.from({ length: 6000 }, (_, i) => [
      139.6 + i * 1e-6,
      35.1 + Math.sin(i / 50) * 1e-4 + (i % 2) * 1e-8,
    ]);
    const simplified = simplifyPath(line, 500);
    expect(simplified.length).toBeLessThanOrEqual(500);
    expect(simplified.length).toBeGreaterThan(10);
    expect(simplified[0]).toEqual(line[0]);
    expect(simplified.at(-1)).toEqual(line.at(-1));
  });

  it('honours a small limit', () => {
    const line = Array.from({ length: 100 }, (_, i) => [i * 1e-4, (i % 7) * 1e-5]);
    expect(simplifyPath(line, 3).length).toBeLessThanOrEqual(3);
  });
});
