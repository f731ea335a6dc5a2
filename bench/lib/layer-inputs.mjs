// Large layer files generated from the layer fixtures, for the layer benchmarks.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { unzipSync, zipSync } from 'fflate';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const LAYERS = path.join(
  process.env.FIXTURES_DIR ?? path.resolve(root, '../shared/fixtures'),
  'layers',
);

/** Repeats the fixture's features, shifted by a small lon/lat step, until `target` bytes. */
export function bigGeoJson(target) {
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
export function bigShapefileZip(targetShpBytes) {
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
