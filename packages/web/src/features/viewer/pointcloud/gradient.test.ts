import { describe, expect, it } from 'vitest';
import { distanceToGradient, gradientColorAt, YELLOW_GREEN } from './gradient.ts';

describe('YELLOW_GREEN', () => {
  it('runs from dark blue-green at the lowest point to pale yellow at the highest', () => {
    expect(gradientColorAt(YELLOW_GREEN, 0)).toEqual([0.1647, 0.2824, 0.3451]);
    expect(gradientColorAt(YELLOW_GREEN, 1)).toEqual([0.9804, 0.9804, 0.4314]);
    expect(gradientColorAt(YELLOW_GREEN, -3)).toEqual(gradientColorAt(YELLOW_GREEN, 0));
    expect(gradientColorAt(YELLOW_GREEN, 7)).toEqual(gradientColorAt(YELLOW_GREEN, 1));
  });

  it('interpolates between stops', () => {
    const [r, g, b] = gradientColorAt(YELLOW_GREEN, 0.05);
    expect(r).toBeCloseTo((0.1647 + 0.1338) / 2, 4);
    expect(g).toBeCloseTo((0.2824 + 0.3555) / 2, 4);
    expect(b).toBeCloseTo((0.3451 + 0.4227) / 2, 4);
  });

  it('tells gradient colours from others', () => {
    expect(distanceToGradient(YELLOW_GREEN, [42, 72, 88])).toBeLessThan(2);
    expect(distanceToGradient(YELLOW_GREEN, [0, 0, 0])).toBeGreaterThan(60);
    expect(distanceToGradient(YELLOW_GREEN, [255, 0, 0])).toBeGreaterThan(100);
  });
});
