import { PACKAGE_FILES_INVALID } from '@asset-portal/shared';
import { describe, expect, it } from 'vitest';
import { filesNotPackages, notPackagesMessage, startsLikePackage } from './package-signature.ts';

const file = (name: string, bytes: number[]) => new File([new Uint8Array(bytes)], name);
const ZIP_START = [0x50, 0x4b, 0x03, 0x04, 0x14, 0x00];

describe('package signature', () => {
  it('knows a ZIP archive by its first bytes', async () => {
    expect(await startsLikePackage(file('a.luxlz', ZIP_START))).toBe(true);
    expect(await startsLikePackage(file('b.luxlz', [0x7b, 0x22, 0x61, 0x22]))).toBe(false);
    // An empty archive (end record only) holds no package.
    expect(await startsLikePackage(file('c.luxlz', [0x50, 0x4b, 0x05, 0x06]))).toBe(false);
    expect(await startsLikePackage(file('d.luxlz', [0x50, 0x4b]))).toBe(false);
  });

  it('names the files that are not packages in the spec message', async () => {
    const names = await filesNotPackages([
      file('good.luxlz', ZIP_START),
      file('garbage.luxlz', [1, 2, 3, 4]),
      file('notes.luxiz', [0x23, 0x20]),
    ]);
    expect(names).toEqual(['garbage.luxlz', 'notes.luxiz']);
    expect(notPackagesMessage(names)).toBe(
      `${PACKAGE_FILES_INVALID}. Not a package: garbage.luxlz, notes.luxiz`,
    );
    expect(notPackagesMessage([])).toBeNull();
  });
});
