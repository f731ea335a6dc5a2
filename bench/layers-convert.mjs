// Benchmark: layer-file conversion (packages/layer-formats) in Node, no browser.
// Run with: npm run bench:layers-convert.
//  (a) a ~50 MB GeoJSON made of roads-seoul.geojson's 94 lines repeated with offsets;
//  (b) a ~10 MB Shapefile ZIP made of senate.zip's 40 districts repeated with offsets
//      (.shp + .dbf + .prj, reprojected from Massachusetts Mainland to WGS 84);
//  both beside a plain JSON.parse / unzip of the same bytes, best of BENCH_LAYERS_ROUNDS (3).
//  BENCH_LAYERS_BIG=1 adds one ~200 MB GeoJSON (time and peak RSS).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { unzipSync, zipSync } from 'fflate';
import { convertLayerFile } from '../packages/layer-formats/src/index.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LAYERS = path.join(
  process.env.FIXTURES_DIR ?? path.resolve(root, '../shared/fixtures'),
  'layers',
);
const ROUNDS = Number(process.env.BENCH_LAYERS_ROUNDS ?? 3);
const MB = 1024 * 1024;

/** Repeats the fixture's features, shifted by a small lon/lat step, until `target` bytes. */
function bigGeoJson(target) {
  const source = JSON.parse(readFileSync(path.join(LAYERS, 'roads-seoul.geojson'), 'utf8'));
  const perCopy = JSON.stringify(source.features).length;
  const copies = Math.ceil(target / perCopy);
  const features = [];
  for (let copy = 0; copy < copies; copy++) {
    const dx = (copy % 100) * 0.03;
    const dy = Math.floor(copy / 100) * 0.02;
    for (const feature of source.features) {
      features.push({
        ...feature,
        geometry: {
          ...feature.geometry,
          coordinates: feature.geometry.coordinates.map(([x, y]) => [x + dx, y + dy]),
        },
      });
    }
  }
  return {
    bytes: new TextEncoder().encode(JSON.stringify({ type: 'FeatureCollection', features })),
    count: features.length,
  };
}

/** Repeats senate.shp's polygon records (shifted east in metres) and the .dbf rows. */
function bigShapefileZip(targetShpBytes) {
  const files = unzipSync(new Uint8Array(readFileSync(path.join(LAYERS, 'senate.zip'))));
  const shp = files['senate.shp'];
  const dbf = files['senate.dbf'];
  const records = [];
  for (let at = 100; at + 8 <= shp.length; ) {
    const length = new DataView(shp.buffer, shp.byteOffset + at + 4, 4).getInt32(0) * 2;
    records.push(shp.subarray(at + 8, at + 8 + length));
    at += 8 + length;
  }
  const recordBytes = records.reduce((sum, r) => sum + 8 + r.length, 0);
  const copies = Math.ceil(targetShpBytes / recordBytes);
  const out = new Uint8Array(100 + recordBytes * copies);
  out.set(shp.subarray(0, 100));
  const view = new DataView(out.buffer);
  let at = 100;
  let number = 1;
  for (let copy = 0; copy < copies; copy++) {
    const dx = (copy % 50) * 2000;
    const dy = Math.floor(copy / 50) * 2000;
    for (const record of records) {
      view.setInt32(at, number++);
      view.setInt32(at + 4, record.length / 2);
      out.set(record, at + 8);
      // Polygon (type 5): bbox at +4, point count at +40, parts at +44, points after them.
      const content = at + 8;
      const parts = view.getInt32(content + 36, true);
      const points = view.getInt32(content + 40, true);
      for (const offset of [4, 20]) {
        view.setFloat64(content + offset, view.getFloat64(content + offset, true) + dx, true);
        view.setFloat64(
          content + offset + 8,
          view.getFloat64(content + offset + 8, true) + dy,
          true,
        );
      }
      const first = content + 44 + parts * 4;
      for (let p = 0; p < points; p++) {
        const x = first + p * 16;
        view.setFloat64(x, view.getFloat64(x, true) + dx, true);
        view.setFloat64(x + 8, view.getFloat64(x + 8, true) + dy, true);
      }
      at += 8 + record.length;
    }
  }
  view.setInt32(24, out.length / 2); // file length in 16-bit words
  const headerLength = new DataView(dbf.buffer, dbf.byteOffset).getUint16(8, true);
  const recordLength = new DataView(dbf.buffer, dbf.byteOffset).getUint16(10, true);
  const rows = dbf.subarray(headerLength, headerLength + records.length * recordLength);
  const bigDbf = new Uint8Array(headerLength + rows.length * copies + 1);
  bigDbf.set(dbf.subarray(0, headerLength));
  for (let copy = 0; copy < copies; copy++) bigDbf.set(rows, headerLength + copy * rows.length);
  bigDbf[bigDbf.length - 1] = 0x1a;
  new DataView(bigDbf.buffer).setUint32(4, records.length * copies, true);
  const zip = zipSync(
    { 'big.shp': out, 'big.dbf': bigDbf, 'big.prj': files['senate.prj'] },
    { level: 6 },
  );
  return { bytes: zip, count: records.length * copies, unzipped: out.length + bigDbf.length };
}

async function best(label, fn) {
  let fastest = Infinity;
  let result;
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now();
    result = await fn();
    fastest = Math.min(fastest, performance.now() - started);
  }
  return { label, ms: fastest, result };
}

function line(label, bytes, ms, extra = '') {
  const mbs = bytes / MB / (ms / 1000);
  console.log(
    `${label.padEnd(44)} ${(bytes / MB).toFixed(1).padStart(6)} MB  ${ms.toFixed(0).padStart(6)} ms  ${mbs.toFixed(1).padStart(6)} MB/s ${extra}`,
  );
}

const geojson = bigGeoJson(50 * MB);
const shapefile = bigShapefileZip(19 * MB); // about 10 MB once zipped
console.log(
  `GeoJSON: ${geojson.count} features; Shapefile ZIP: ${shapefile.count} polygons, ${(shapefile.unzipped / MB).toFixed(1)} MB unzipped\n`,
);

const parse = await best('JSON.parse (baseline)', () =>
  JSON.parse(new TextDecoder().decode(geojson.bytes)),
);
line(parse.label, geojson.bytes.length, parse.ms);
const convert = await best('convertLayerFile GeoJSON', () =>
  convertLayerFile('big.geojson', geojson.bytes),
);
line(
  convert.label,
  geojson.bytes.length,
  convert.ms,
  `${convert.result.featureCollection.features.length} features`,
);
const output = JSON.stringify(convert.result.featureCollection).length;
console.log(`  output ${(output / MB).toFixed(1)} MB after 7-decimal rounding\n`);

const unzip = await best('fflate unzipSync (baseline)', () => unzipSync(shapefile.bytes));
line(unzip.label, shapefile.bytes.length, unzip.ms);
const shp = await best('convertLayerFile Shapefile ZIP', () =>
  convertLayerFile('big.zip', shapefile.bytes),
);
line(
  shp.label,
  shapefile.bytes.length,
  shp.ms,
  `${shp.result.featureCollection.features.length} features, ${shp.result.crs}`,
);

if (process.env.BENCH_LAYERS_BIG === '1') {
  const big = bigGeoJson(200 * MB);
  const started = performance.now();
  const result = await convertLayerFile('huge.geojson', big.bytes).catch((error) => error);
  const ms = performance.now() - started;
  line(
    'convertLayerFile GeoJSON ~200 MB',
    big.bytes.length,
    ms,
    result instanceof Error
      ? `failed: ${result.message}`
      : `${result.featureCollection.features.length} features`,
  );
  console.log(`  peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
}
