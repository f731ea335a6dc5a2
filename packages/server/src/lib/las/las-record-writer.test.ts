import { describe, expect, it } from 'vitest';
import { autoScaleOffset } from './las-record-writer.ts';

describe('autoScaleOffset', () => {
  it('takes the floor of the minimum and the finest power of ten that fits int32', () => {
    // Reach 1,178.22 m: 1178.22 / (2^31 − 1) = 5.5e-7, so 1e-6.
    expect(autoScaleOffset(636001.76, 637179.22, 'auto', 'auto')).toEqual({
      scale: 1e-6,
      offset: 636001,
    });
    // Degrees: reach 0.94 gives 4.4e-10, held at the finest scale 1e-9.
    expect(autoScaleOffset(-123.073, -123.06, 'auto', 'auto')).toEqual({
      scale: 1e-9,
      offset: -124,
    });
  });

  it('honours a given offset or scale', () => {
    // Reach 1e7 from offset 0: 1e7 / (2^31 − 1) = 0.0047, so 0.01.
    expect(autoScaleOffset(5e6, 1e7, 'auto', 0)).toEqual({ scale: 0.01, offset: 0 });
    expect(autoScaleOffset(10.5, 20, 0.001, 'auto')).toEqual({ scale: 0.001, offset: 10 });
  });
});
