/**
 * Rebuilds the hostile-file corpus of this folder from the shared fixtures:
 * `npx tsx packages/server/test/hostile-files/generate.ts`. Every file is derived the same way
 * each time, so a rebuild changes no committed byte unless a builder changed.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { buildGeoTiff, patchDimensions } from '../../../layer-formats/src/test-support.ts';
import { geoKeyDirectoryVlr } from '../../src/lib/las/las-output-header.ts';
import { HOSTILE_CASES } from './cases.ts';
import { type HostileZipEntry, writeHostileZip } from './zip-writer.ts';

export const CORPUS_DIR = path.dirname(fileURLToPath(import.meta.url));
const FIXTURES =
  process.env.FIXTURES_DIR ?? path.join(CORPUS_DIR, '../../../../../shared/fixtures');
const fixture = (...parts: string[]) => readFileSync(path.join(FIXTURES, ...parts));
const text = (value: string) => Buffer.from(value, 'utf8');

/** A small random source that gives the same bytes on every run. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

// ---- packages (.luxlz) ----------------------------------------------------------------------

const SCAN = {
  id: 's1',
  friendlyName: 'one',
  capturedStart: '2005-04-02T00:00:17Z',
  capturedEnd: '2005-04-02T00:00:27Z',
  pointCloud: 'scans/s1/pointcloud.las',
  trajectory: 'scans/s1/trajectory.csv',
  pointCount: 10,
};
/** A manifest the reader accepts; each case changes one thing. */
const manifest = (changes: Record<string, unknown> = {}) => ({
  formatVersion: 1,
  deviceId: 'LG-1001',
  sessionId: 'LG1001_20050402_000017',
  firmware: '1.0.0',
  scans: [SCAN],
  gnss: [],
  ...changes,
});

/** A LAS 1.2 file of `count` points along a line (format 1, scale 1 mm), optionally with a CRS. */
function smallLas(options: { count: number; x0: number; y0: number; epsg?: number }): Buffer {
  const vlr = options.epsg ? geoKeyDirectoryVlr(options.epsg, false) : Buffer.alloc(0);
  const header = Buffer.alloc(227);
  header.write('LASF', 0, 'latin1');
  header.writeUInt16LE(1, 6); // adjusted standard GPS time
  header[24] = 1;
  header[25] = 2;
  header.writeUInt16LE(227, 94);
  header.writeUInt32LE(227 + vlr.length, 96);
  header.writeUInt32LE(vlr.length > 0 ? 1 : 0, 100);
  header[104] = 1;
  header.writeUInt16LE(28, 105);
  header.writeUInt32LE(options.count, 107);
  const offset = [options.x0, options.y0, 0];
  for (let k = 0; k < 3; k++) {
    header.writeDoubleLE(0.001, 131 + k * 8);
    header.writeDoubleLE(offset[k]!, 155 + k * 8);
  }
  header.writeDoubleLE(options.x0 + options.count, 179);
  header.writeDoubleLE(options.x0, 187);
  header.writeDoubleLE(options.y0 + 1, 195);
  header.writeDoubleLE(options.y0, 203);
  header.writeDoubleLE(1, 211);
  header.writeDoubleLE(0, 219);
  const records = Buffer.alloc(28 * options.count);
  for (let i = 0; i < options.count; i++) {
    records.writeInt32LE(i * 1000, i * 28);
    records.writeInt32LE((i % 2) * 1000, i * 28 + 4);
    records.writeInt32LE(500, i * 28 + 8);
    records.writeDoubleLE(-887_000_000 + i, i * 28 + 20);
  }
  return Buffer.concat([header, vlr, records]);
}

const TRAJECTORY = text(
  `gps_time,lat,lon,ellipsoidal_height,roll,pitch,yaw\n${Array.from(
    { length: 10 },
    (_, i) => `${797_990_417 + i},35.1609,${(139.6138 + i * 1e-5).toFixed(5)},70,0,0,90`,
  ).join('\n')}\n`,
);
const CLOUD = smallLas({ count: 10, x0: 374_000, y0: 3_891_000 });

/** A whole small package: manifest, one scan's cloud and trajectory, and any extra entries. */
function luxlz(options: {
  manifest?: unknown;
  manifestText?: string;
  cloud?: Buffer;
  extra?: HostileZipEntry[];
}): Buffer {
  return writeHostileZip([
    {
      name: 'manifest.json',
      data: text(options.manifestText ?? JSON.stringify(options.manifest ?? manifest(), null, 1)),
    },
    { name: SCAN.pointCloud, data: options.cloud ?? CLOUD },
    { name: SCAN.trajectory, data: TRAJECTORY },
    ...(options.extra ?? []),
  ]);
}

/** An image package of scan s1 with one image row; `row` replaces the row's cells. */
function luxiz(options: { scanId?: string; row?: string }): Buffer {
  const luxizManifest = {
    formatVersion: 1,
    deviceId: 'LG-1001',
    sessionId: 'LG1001_20050402_000017',
    scans: [{ id: options.scanId ?? 's1', frameCount: 1 }],
  };
  const row = options.row ?? 's1,1,797990417,374000,3891000,70,35.1609,139.6138,center,0';
  return writeHostileZip([
    { name: 'manifest.json', data: text(JSON.stringify(luxizManifest)) },
    {
      name: 'images.csv',
      data: text(`scan_id,frame_id,gps_time,x,y,z,lat,lon,camera,jpeg_rotation\n${row}\n`),
    },
    { name: 'images/s1/center/1.jpg', data: Buffer.from([0xff, 0xd8, 0xff, 0xd9]) },
  ]);
}

/** A 15 MB name: runs of random letters, so deflate shrinks it about 50 times, not 1000. */
function fifteenMegabyteName(): string {
  const random = seeded(15);
  const parts: string[] = [];
  let length = 0;
  while (length < 15_000_000) {
    const run = 100 + Math.floor(random() * 158);
    parts.push(String.fromCharCode(97 + Math.floor(random() * 26)).repeat(run));
    length += run;
  }
  return parts.join('');
}

function manyScans(count: number) {
  return Array.from({ length: count }, (_, i) => ({ ...SCAN, id: `s${i}` }));
}

// ---- imported scans (LAS/LAZ) ---------------------------------------------------------------

/** WGS 84 / UTM 42N, as the scans of the cases are declared. */
const UTM_42N = 32642;
const GOOD_LAS = smallLas({ count: 10, x0: 393_800, y0: 3_689_070, epsg: UTM_42N });

function patched(source: Buffer, edit: (copy: Buffer) => void): Buffer {
  const copy = Buffer.from(source);
  edit(copy);
  return copy;
}

/** simple.laz with its chunk-table offset (the 8 bytes at the point-data start) pointing past the end. */
function lazWithBrokenChunkTable(): Buffer {
  return patched(fixture('pointcloud', 'simple.laz'), (laz) => {
    const pointData = laz.readUInt32LE(96);
    laz.writeBigInt64LE(BigInt(laz.length + 1_000_000), pointData);
  });
}

// ---- base stations (zip of RINEX) -----------------------------------------------------------

/** The 3040 observation file cut to its header and first 10 epochs (11 lines each). */
function shortObservation(): string {
  const lines = fixture('gnss', '30400920.05o').toString('latin1').split('\n');
  const end = lines.findIndex((line) => line.includes('END OF HEADER'));
  return `${lines.slice(0, end + 1 + 10 * 10).join('\n')}\n`;
}

function basestationZip(observation: Buffer | string, extra: HostileZipEntry[] = []): Buffer {
  const data = typeof observation === 'string' ? Buffer.from(observation, 'latin1') : observation;
  return writeHostileZip([{ name: '30400920.05o', data }, ...extra]);
}

/** The second epoch dated month 13, day 45, 99:99:99. */
function absurdEpochDate(): string {
  return shortObservation().replace(
    ' 05  4  2  0  0 30.0000000  0  9',
    ' 05 13 45 99 99 99.0000000  0  9',
  );
}

/** The first epoch claims 99 satellites but lists 9. */
function absurdSatelliteCount(): string {
  return shortObservation().replace(
    ' 05  4  2  0  0  0.0000000  0  9',
    ' 05  4  2  0  0  0.0000000  0 99',
  );
}

/** First epoch in 2000, last in 2079: a window of a century, matching any session. */
function epochsCenturyApart(): string {
  const lines = shortObservation().split('\n');
  const epochs = lines.flatMap((line, i) => (/^ 05 {2}4 {2}2/.test(line) ? [i] : []));
  lines[epochs[0]!] = lines[epochs[0]!]!.replace(/^ 05 {2}4 {2}2 {2}0 {2}0/, ' 00  1  1  0  0');
  lines[epochs.at(-1)!] = lines[epochs.at(-1)!]!.replace(
    /^ 05 {2}4 {2}2 {2}0 {2}\d/,
    ' 79 12 31 23 59',
  );
  return lines.join('\n');
}

// ---- layers ---------------------------------------------------------------------------------

const PLACEMARK =
  '<Placemark><name>&x;</name><Point><coordinates>8.5,47.3</coordinates></Point></Placemark>';

function billionLaughs(): string {
  const entities = ['<!ENTITY lol0 "lol">'];
  for (let i = 1; i < 10; i++) {
    entities.push(`<!ENTITY lol${i} "${`&lol${i - 1};`.repeat(10)}">`);
  }
  return `<?xml version="1.0"?><!DOCTYPE kml [${entities.join('')}<!ENTITY x "&lol9;">]><kml xmlns="http://www.opengis.net/kml/2.2">${PLACEMARK}</kml>`;
}

/** 513 MiB of zeros deflated by zlib (about 1:1030), just over the 512 MiB unzipped limit. */
function deflatedZeros(bytes: number): Buffer {
  return deflateRawSync(Buffer.alloc(bytes), { level: 9 });
}

function shapefileWithoutShp(): Buffer {
  // qgis.zip holds qgis.shp/.shx/.dbf/.prj; keep everything but the .shp.
  return writeHostileZip(
    unzipFixture('qgis.zip')
      .filter((entry) => !entry.name.toLowerCase().endsWith('.shp'))
      .map((entry) => ({ name: entry.name, data: entry.data })),
  );
}

/** The stored entries of a small fixture ZIP, read by hand (the fixture uses only deflate). */
function unzipFixture(name: string): { name: string; data: Buffer }[] {
  const zip = fixture('layers', name);
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: { name: string; data: Buffer }[] = [];
  for (let i = 0; i < count; i++) {
    const method = zip.readUInt16LE(at + 10);
    const compressedSize = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const entryName = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const dataStart = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const raw = zip.subarray(dataStart, dataStart + compressedSize);
    entries.push({ name: entryName, data: method === 8 ? inflateRawSync(raw) : Buffer.from(raw) });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

function deepGeoJson(depth: number): string {
  return `{"type":"FeatureCollection","features":[{"type":"Feature","properties":{},"geometry":{"type":"Polygon","coordinates":${'['.repeat(depth)}${']'.repeat(depth)}}}]}`;
}

/** Builders of every corpus file, by file name (the index is cases.ts). */
export const BUILDERS: Record<string, () => Buffer> = {
  // packages
  'manifest-not-json.luxlz': () => luxlz({ manifestText: '{"formatVersion": 1, "deviceId": ' }),
  'manifest-5000-deep.luxlz': () =>
    luxlz({ manifestText: `${'['.repeat(5000)}${']'.repeat(5000)}` }),
  'manifest-scan-id-dotdot.luxlz': () =>
    luxlz({ manifest: manifest({ scans: [{ ...SCAN, id: '../../../etc/passwd' }] }) }),
  'manifest-scan-id-html.luxlz': () =>
    luxlz({ manifest: manifest({ scans: [{ ...SCAN, id: '<img src=x onerror=1>' }] }) }),
  'manifest-session-id-html.luxlz': () =>
    luxlz({ manifest: manifest({ sessionId: '<script>alert(1)</script>' }) }),
  'manifest-15mb-name.luxlz': () =>
    luxlz({ manifest: manifest({ scans: [{ ...SCAN, friendlyName: fifteenMegabyteName() }] }) }),
  'manifest-3000-scans.luxlz': () =>
    luxlz({ manifestText: JSON.stringify(manifest({ scans: manyScans(3000) })) }),
  'package-entry-dotdot.luxlz': () =>
    luxlz({ extra: [{ name: '../../evil.sh', data: text('echo owned\n') }] }),
  'package-entry-absolute.luxlz': () =>
    luxlz({ extra: [{ name: '/etc/cron.d/evil', data: text('* * * * * root true\n') }] }),
  'package-entry-symlink.luxlz': () =>
    luxlz({ extra: [{ name: 'gnss/link', data: text('/etc/passwd'), unixMode: 0o120777 }] }),
  'package-zip-bomb-ratio.luxlz': () =>
    luxlz({ extra: [{ name: 'gnss/zeros.05o', data: Buffer.alloc(20 * 1024 * 1024) }] }),
  'package-zip-bomb-declared.luxlz': () =>
    luxlz({
      // 18 entries of 4 GB at a plausible 1:50 each: 72 GB declared, over the 64 GiB limit.
      extra: Array.from({ length: 18 }, (_, i) => ({
        name: `gnss/huge-${i}.05o`,
        data: Buffer.alloc(0),
        declaredSize: 4_000_000_000,
        declaredCompressedSize: 80_000_000,
      })),
    }),
  'package-zip-bomb-lying-manifest.luxlz': () =>
    writeHostileZip([
      // Declares 1,000 bytes (under the ratio check) but inflates to 8 MiB.
      {
        name: 'manifest.json',
        data: Buffer.alloc(0),
        deflated: deflateRawSync(Buffer.alloc(8 * 1024 * 1024, 0x20)),
        declaredSize: 1000,
      },
      { name: SCAN.pointCloud, data: CLOUD },
      { name: SCAN.trajectory, data: TRAJECTORY },
    ]),
  'package-truncated.luxlz': () => {
    const whole = luxlz({});
    return whole.subarray(0, Math.floor(whole.length / 2));
  },
  'luxiz-scan-id-html.luxiz': () => luxiz({ scanId: '<b onclick=x>s1</b>' }),
  'luxiz-frame-id-dotdot.luxiz': () =>
    luxiz({ row: 's1,../../../x,797990417,374000,3891000,70,35.1609,139.6138,center,0' }),
  'package-laz-broken-chunk-table.luxlz': () =>
    luxlz({
      manifest: manifest({
        // Its own session and scan ids, as when this package was accepted (ids are global).
        sessionId: 'LG1001_20050402_000099',
        scans: [{ ...SCAN, id: 'laz1', pointCloud: 'scans/s1/pointcloud.laz', pointCount: 1065 }],
      }),
      extra: [{ name: 'scans/s1/pointcloud.laz', data: lazWithBrokenChunkTable() }],
    }),
  'package-las-lying-count.luxlz': () =>
    luxlz({ cloud: patched(CLOUD, (las) => las.writeUInt32LE(1_000_000, 107)) }),

  // imported scans
  'las-lying-point-count.las': () =>
    patched(GOOD_LAS, (las) => las.writeUInt32LE(4_000_000_000, 107)),
  'las-lying-offset.las': () => patched(GOOD_LAS, (las) => las.writeUInt32LE(0x7fffffff, 96)),
  'las-lying-record-length.las': () => patched(GOOD_LAS, (las) => las.writeUInt16LE(3, 105)),
  'las-huge-record-length.las': () => patched(GOOD_LAS, (las) => las.writeUInt16LE(65_535, 105)),
  'las-truncated-header.las': () => GOOD_LAS.subarray(0, 150),
  'las-truncated-points.las': () => GOOD_LAS.subarray(0, GOOD_LAS.length - 30),
  'laz-broken-chunk-table.laz': lazWithBrokenChunkTable,
  'laz-named-las.las': lazWithBrokenChunkTable,
  'las-foreign-crs.las': () =>
    smallLas({ count: 10, x0: 636_000, y0: 4_850_000, epsg: 26910 /* NAD83 / UTM 10N */ }),
  'las-garbage.las': () => {
    const random = seeded(7);
    return Buffer.from(Array.from({ length: 4096 }, () => Math.floor(random() * 256)));
  },

  // base stations
  'rinex-wrong-header.zip': () =>
    basestationZip(
      shortObservation().replace(
        '     2.10           OBSERVATION DATA',
        '     9.99           GARBAGE DATA    ',
      ),
    ),
  'rinex-no-end-of-header.zip': () =>
    basestationZip(shortObservation().replace('END OF HEADER', 'END OF NOTHING')),
  'rinex-binary-garbage.zip': () => {
    const random = seeded(3);
    return basestationZip(
      Buffer.from(Array.from({ length: 65_536 }, () => Math.floor(random() * 256))),
    );
  },
  'rinex-binary-after-header.zip': () => {
    const random = seeded(4);
    const header = shortObservation().split('END OF HEADER')[0]!;
    return basestationZip(
      Buffer.concat([
        Buffer.from(`${header}END OF HEADER\n`, 'latin1'),
        Buffer.from(Array.from({ length: 32_768 }, () => Math.floor(random() * 256))),
      ]),
    );
  },
  'rinex-epoch-month-13.zip': () => basestationZip(absurdEpochDate()),
  'rinex-epoch-99-satellites.zip': () => basestationZip(absurdSatelliteCount()),
  'rinex-epochs-century-apart.zip': () => basestationZip(epochsCenturyApart()),
  'basestation-entry-dotdot.zip': () =>
    basestationZip(shortObservation(), [{ name: '../../30400920.05n', data: text('x') }]),
  'basestation-entry-symlink.zip': () =>
    basestationZip(shortObservation(), [
      { name: '30400920.05n', data: text('/etc/passwd'), unixMode: 0o120777 },
    ]),
  'basestation-zip-bomb.zip': () =>
    basestationZip(shortObservation(), [
      { name: 'zeros.05n', data: Buffer.alloc(20 * 1024 * 1024, 0x20) },
    ]),
  'basestation-truncated.zip': () => {
    const whole = basestationZip(shortObservation());
    return whole.subarray(0, whole.length - 40);
  },

  // layers
  'kml-billion-laughs.kml': () => text(billionLaughs()),
  'kml-external-entity.kml': () =>
    text(
      `<?xml version="1.0"?><!DOCTYPE kml [<!ENTITY x SYSTEM "file:///etc/passwd">]><kml xmlns="http://www.opengis.net/kml/2.2">${PLACEMARK}</kml>`,
    ),
  'kmz-bomb-declared.kmz': () =>
    writeHostileZip([
      { name: 'doc.kml', data: text('<kml/>'), declaredSize: 1_073_741_824, compress: false },
    ]),
  'kmz-bomb-actual.kmz': () =>
    writeHostileZip([
      {
        name: 'doc.kml',
        data: Buffer.alloc(0),
        deflated: deflatedZeros(513 * 1024 * 1024),
        declaredSize: 1000,
      },
    ]),
  'kmz-entry-dotdot.kmz': () => writeHostileZip([{ name: '../../doc.txt', data: text('not kml') }]),
  'geotiff-lying-size.tif': () =>
    Buffer.from(
      patchDimensions(
        buildGeoTiff({ width: 40, height: 40, values: new Float32Array(1600).fill(5) }),
        100_000,
        100_000,
      ),
    ),
  'geojson-100000-deep.geojson': () => text(deepGeoJson(100_000)),
  'geojson-100000-deep-properties.geojson': () =>
    text(
      `{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[8.5,47.3]},"properties":{"a":${'['.repeat(100_000)}${']'.repeat(100_000)}}}]}`,
    ),
  'shapefile-missing-shp.zip': shapefileWithoutShp,
  'shapefile-truncated.zip': () => {
    const whole = fixture('layers', 'qgis.zip');
    return whole.subarray(0, whole.length - 100);
  },
};

function main() {
  const names = new Set(HOSTILE_CASES.map((c) => c.file));
  for (const name of Object.keys(BUILDERS)) {
    if (!names.has(name)) throw new Error(`${name} has a builder but no case in cases.ts`);
  }
  let total = 0;
  for (const { file } of HOSTILE_CASES) {
    const build = BUILDERS[file];
    if (!build) throw new Error(`${file} has no builder`);
    const bytes = build();
    writeFileSync(path.join(CORPUS_DIR, file), bytes);
    total += bytes.length;
    console.log(`${file}: ${bytes.length} bytes`);
  }
  console.log(`${HOSTILE_CASES.length} files, ${total} bytes`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) main();
