import { describe, expect, it } from 'vitest';
import {
  checkNumberOfParts,
  MAX_UPLOAD_PARTS,
  MIB,
  numberOfPartsFor,
  partRange,
  partSizeFor,
  uploadTypeFor,
} from './upload-rules.ts';

describe('upload part sizes', () => {
  it('uses 8 MiB parts up to 256 MiB, about 32 parts up to 2 GiB, then larger whole-MiB parts', () => {
    expect(partSizeFor(1)).toBe(8 * MIB);
    expect(partSizeFor(120 * MIB)).toBe(8 * MIB);
    expect(partSizeFor(256 * MIB)).toBe(8 * MIB);
    expect(partSizeFor(256 * MIB + 1)).toBe(9 * MIB);
    expect(partSizeFor(1024 * MIB)).toBe(32 * MIB);
    expect(partSizeFor(2 * 1024 * MIB)).toBe(64 * MIB);
    expect(numberOfPartsFor(2 * 1024 * MIB)).toBe(32);
    expect(numberOfPartsFor(4 * 1024 * MIB)).toBe(64);
    expect(partSizeFor(100 * 1024 * MIB)).toBe(64 * MIB);
    // Past 10 000 parts of 64 MiB, the parts grow again so S3 still takes the upload.
    expect(partSizeFor(10_000 * 64 * MIB)).toBe(64 * MIB);
    expect(partSizeFor(10_000 * 64 * MIB + 1)).toBe(65 * MIB);
    const huge = 200 * 1024 * 1024 * MIB;
    expect(numberOfPartsFor(huge)).toBeLessThanOrEqual(MAX_UPLOAD_PARTS);
    expect(partSizeFor(huge) % MIB).toBe(0);
  });

  it('counts parts and cuts ranges that cover the file exactly', () => {
    const size = 2 * 8 * MIB + 123;
    expect(numberOfPartsFor(size)).toBe(3);
    expect(numberOfPartsFor(0)).toBe(1);
    expect(partRange(size, 1)).toEqual({ start: 0, end: 8 * MIB });
    expect(partRange(size, 3)).toEqual({ start: 16 * MIB, end: size });
  });

  it('goes multipart by choice or above 5 GiB', () => {
    expect(uploadTypeFor(10, true)).toBe('multipart');
    expect(uploadTypeFor(10, false)).toBe('single-part');
    expect(uploadTypeFor(6 * 1024 * MIB, false)).toBe('multipart');
  });

  it('accepts part counts S3 can take for the size', () => {
    expect(checkNumberOfParts(1, 10)).toBeNull();
    expect(checkNumberOfParts(3, 11 * MIB)).toBeNull();
    expect(checkNumberOfParts(numberOfPartsFor(8 * MIB + 1), 8 * MIB + 1)).toBeNull();
    expect(checkNumberOfParts(3, 10 * MIB)).toBe('Every part but the last must be at least 5 MiB');
    expect(checkNumberOfParts(0)).toBe('The number of parts must be 1 to 10000');
    expect(checkNumberOfParts(10_001)).toBe('The number of parts must be 1 to 10000');
    expect(checkNumberOfParts(1.5)).toBe('The number of parts must be 1 to 10000');
  });
});
