import { describe, expect, it } from 'vitest';
import { nearestFrameIndex } from './nearest-frame.ts';

describe('nearestFrameIndex', () => {
  const path = [
    { lon: -100, lat: 50 },
    { lon: -100.001, lat: 50 },
    { lon: -100.002, lat: 50 },
    { lon: -100.002, lat: 50.001 },
  ];

  it('picks the frame nearest to the clicked point', () => {
    expect(nearestFrameIndex(path, -100.0011, 50.0001)).toBe(1);
    expect(nearestFrameIndex(path, -100.0021, 50.0009)).toBe(3);
    expect(nearestFrameIndex(path, -99, 50)).toBe(0);
  });

  it('weighs longitude by the latitude: far north a degree of longitude is short', () => {
    // At 60° N, 0.002° of longitude (≈111 m) is nearer than 0.0015° of latitude (≈167 m).
    const frames = [
      { lon: 10.002, lat: 60 },
      { lon: 10, lat: 60.0015 },
    ];
    expect(nearestFrameIndex(frames, 10, 60)).toBe(0);
  });

  it('treats points across the antimeridian as neighbours', () => {
    const frames = [
      { lon: 170, lat: 0 },
      { lon: -179.999, lat: 0 },
    ];
    expect(nearestFrameIndex(frames, 179.999, 0)).toBe(1);
  });

  it('answers null when the scan has no images', () => {
    expect(nearestFrameIndex([], -100, 50)).toBeNull();
  });
});
