import { describe, expect, it } from 'vitest';
import { lasDimension } from './las-dimensions.ts';

describe('lasDimension', () => {
  it('reads and writes the bit fields of formats 0–5 and 6–10', () => {
    const legacy = new DataView(new ArrayBuffer(28));
    lasDimension('ReturnNumber', 1)!.set(legacy, 0, 3);
    lasDimension('NumberOfReturns', 1)!.set(legacy, 0, 5);
    lasDimension('Classification', 1)!.set(legacy, 0, 31);
    lasDimension('Withheld', 1)!.set(legacy, 0, 1);
    expect(legacy.getUint8(14)).toBe(3 | (5 << 3));
    expect(legacy.getUint8(15)).toBe(31 | 0x80);
    expect(lasDimension('Classification', 1)!.max).toBe(31);

    const extended = new DataView(new ArrayBuffer(30));
    lasDimension('ReturnNumber', 6)!.set(extended, 0, 12);
    lasDimension('NumberOfReturns', 6)!.set(extended, 0, 15);
    lasDimension('Classification', 6)!.set(extended, 0, 200);
    lasDimension('ScanAngleRank', 6)!.set(extended, 0, -12);
    expect(extended.getUint8(14)).toBe(12 | (15 << 4));
    expect(extended.getUint8(16)).toBe(200);
    expect(extended.getInt16(18, true)).toBe(-2000);
    expect(lasDimension('ScanAngleRank', 6)!.get(extended, 0)).toBeCloseTo(-12, 9);
  });

  it('knows which formats lack a field', () => {
    expect(lasDimension('GpsTime', 0)).toBeNull();
    expect(lasDimension('Red', 1)).toBeNull();
    expect(lasDimension('Infrared', 7)).toBeNull();
    expect(lasDimension('Infrared', 8)).not.toBeNull();
    expect(lasDimension('Overlap', 3)).toBeNull();
  });
});
