import { FILENAME_HAS_SPACES, GEOID_FILENAME_INVALID } from '@asset-portal/shared';
import { describe, expect, it } from 'vitest';
import { GEOID_TEXTS, geoidGridFileError } from './geoid-grid-rules.ts';

describe('geoidGridFileError', () => {
  it('accepts .gtx, .tif and .tiff files with content', () => {
    for (const name of ['egm08.gtx', 'geoid18.tif', 'GEOID.TIFF']) {
      expect(geoidGridFileError({ name, size: 40 })).toBeNull();
    }
  });

  it('says why a file is refused', () => {
    expect(geoidGridFileError(null)).toBe(GEOID_TEXTS.required);
    expect(geoidGridFileError({ name: 'geoid.zip', size: 40 })).toBe(GEOID_TEXTS.wrongType);
    expect(geoidGridFileError({ name: 'my geoid.gtx', size: 40 })).toBe(FILENAME_HAS_SPACES);
    expect(geoidGridFileError({ name: 'geoid.gtx', size: 0 })).toBe(GEOID_TEXTS.empty);
    expect(geoidGridFileError({ name: 'geoid(1).gtx', size: 40 })).toBe(GEOID_FILENAME_INVALID);
  });
});
