import { describe, expect, it } from 'vitest';
import {
  checkPartNumbers,
  checkPlannedParts,
  packageContentType,
  packageKey,
  parseETags,
  parseFilenamesCsv,
  signedPartLength,
  UploadInputError,
} from './package-upload-rules.ts';

const MIB = 1024 * 1024;

describe('package upload rules', () => {
  it('keys a package under its organization, with unsafe characters replaced', () => {
    expect(packageKey(7, 'LG-1_2024.luxlz')).toBe('org-7/project-none/packages/LG-1_2024.luxlz');
    const key = packageKey(7, 'Scan (2) é.LUXIZ');
    expect(key).toMatch(/^org-7\/project-none\/packages\/Scan__2___-[0-9a-f]{12}\.LUXIZ$/);
    // The same name always gets the same key; names that differ only in unsafe characters,
    // or that already read like the replacement, get keys of their own.
    expect(packageKey(7, 'Scan (2) é.LUXIZ')).toBe(key);
    const keys = ['Scan (2).luxlz', 'Scan [2].luxlz', 'Scan _2_.luxlz', 'Scan__2_.luxlz'].map(
      (name) => packageKey(7, name),
    );
    expect(new Set(keys).size).toBe(4);
    expect(keys[3]).toBe('org-7/project-none/packages/Scan__2_.luxlz');
  });

  it('refuses non-packages, paths and control characters', () => {
    for (const name of ['a.zip', '../a.luxlz', 'a/b.luxlz', 'a\\b.luxlz', 'a\nb.luxlz']) {
      expect(() => packageKey(7, name), name).toThrow(UploadInputError);
    }
    expect(() => packageKey(7, 'x.txt')).toThrow(
      'All files must be valid packages from the LuxGear device (.luxlz or .luxiz)',
    );
  });

  it('parses ETags in part order, quoted or not', () => {
    expect(parseETags('"a1", b2')).toEqual([
      { partNumber: 1, eTag: '"a1"' },
      { partNumber: 2, eTag: 'b2' },
    ]);
    expect(() => parseETags('a,,b')).toThrow(UploadInputError);
    expect(() => parseETags('a<b>')).toThrow(UploadInputError);
  });

  it('checks part numbers, file-name lists and content types', () => {
    expect(checkPartNumbers([3, 1, 3])).toEqual([1, 3]);
    expect(() => checkPartNumbers([])).toThrow('Part numbers must be 1 to 10000');
    expect(parseFilenamesCsv(' a.luxlz,,b.luxiz,a.luxlz ')).toEqual(['a.luxlz', 'b.luxiz']);
    expect(packageContentType(null)).toBe('application/octet-stream');
    expect(packageContentType('application/zip')).toBe('application/zip');
    expect(() => packageContentType('text/plain\r\nx: y')).toThrow(UploadInputError);
  });

  it('signs each part for its exact length in the shared plan, and no part beyond it', () => {
    const size = 17 * MIB + 5;
    expect(() => checkPlannedParts(3, size)).not.toThrow();
    expect(() => checkPlannedParts(2, size)).toThrow('A file of 17825797 bytes is sent in 3 parts');
    expect([1, 2, 3].map((n) => signedPartLength(size, n))).toEqual([8 * MIB, 8 * MIB, MIB + 5]);
    expect(() => signedPartLength(size, 4)).toThrow('This upload has 3 parts');
    expect(signedPartLength(1, 1)).toBe(1);
  });
});
