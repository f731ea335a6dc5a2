import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileCrs, lasCrsRecordsOfHead } from './las-crs.ts';

const FIXTURES = path.resolve(
  process.env.FIXTURES_DIR ?? path.join(import.meta.dirname, '../../../../shared/fixtures'),
  'pointcloud',
);
/** The first bytes of a fixture, as the browser reads them from a file being picked. */
const head = (name: string, bytes = 64 * 1024) =>
  new Uint8Array(readFileSync(path.join(FIXTURES, name)).subarray(0, bytes));

describe('the CRS of a LAS file from its first bytes', () => {
  it('reads the GeoTIFF keys of a NAD83 / UTM 10N file', () => {
    const records = lasCrsRecordsOfHead(head('autzen-utm.las'));
    expect(fileCrs(records!)).toMatchObject({ kind: 'utm', epsg: 26910, zone: 10, south: false });
  });

  it('reads a WGS 84 / UTM 42N file', () => {
    expect(fileCrs(lasCrsRecordsOfHead(head('hexbin-crop.las'))!)).toMatchObject({
      kind: 'utm',
      zone: 42,
      south: false,
    });
  });

  it('tells a file in another projection, and says nothing of bytes that are no LAS header', () => {
    expect(fileCrs(lasCrsRecordsOfHead(head('autzen_trim.las'))!).kind).toBe('other');
    expect(lasCrsRecordsOfHead(new TextEncoder().encode('not a point cloud at all'))).toBeNull();
    // Cut inside its records: what is whole is read, nothing past the end.
    const cut = lasCrsRecordsOfHead(head('autzen-utm.las', 300));
    expect(cut && fileCrs(cut).kind).not.toBe('utm');
  });
});
