import { describe, expect, it } from 'vitest';
import { utmOfLasFile } from './file-utm.ts';

/**
 * The head of a LAS 1.2 file with one GeoKeyDirectory record naming a projected CRS (key 3072):
 * what a surveyor's export writes. The shared reader's fixtures test covers real files.
 */
function lasHead(epsg: number): Blob {
  const header = 227;
  const keys = [1, 1, 0, 1, 3072, 0, 1, epsg];
  const bytes = new Uint8Array(header + 54 + keys.length * 2);
  const view = new DataView(bytes.buffer);
  bytes.set(new TextEncoder().encode('LASF'), 0);
  view.setUint8(24, 1);
  view.setUint8(25, 2);
  view.setUint16(94, header, true);
  view.setUint32(96, bytes.length, true);
  view.setUint32(100, 1, true);
  bytes.set(new TextEncoder().encode('LASF_Projection'), header + 2);
  view.setUint16(header + 18, 34735, true);
  view.setUint16(header + 20, keys.length * 2, true);
  for (const [index, value] of keys.entries()) {
    view.setUint16(header + 54 + index * 2, value, true);
  }
  return new Blob([bytes]);
}

describe('the UTM zone of a picked LAS file', () => {
  it("is the zone its CRS records name, with the CRS's name", async () => {
    expect(await utmOfLasFile(lasHead(26910))).toEqual({
      utm: '10N',
      crs: 'NAD83 / UTM zone 10N (EPSG:26910)',
    });
    expect((await utmOfLasFile(lasHead(32742)))?.utm).toBe('42S');
  });

  it('is nothing for another projection or a file that is no LAS file', async () => {
    // Web Mercator: projected, but no UTM zone to fill in.
    expect(await utmOfLasFile(lasHead(3857))).toBeNull();
    expect(await utmOfLasFile(new Blob(['not a point cloud']))).toBeNull();
  });
});
