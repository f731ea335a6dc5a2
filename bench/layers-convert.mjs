// Benchmark: layer-file conversion (packages/layer-formats) in Node, no browser.
// Run with: npm run bench:layers-convert.
//  (a) a ~50 MB GeoJSON made of roads-seoul.geojson's 94 lines repeated with offsets;
//  (b) a ~10 MB Shapefile ZIP made of senate.zip's 40 districts repeated with offsets
//      (.shp + .dbf + .prj, reprojected from Massachusetts Mainland to WGS 84);
//  both beside a plain JSON.parse / unzip of the same bytes, best of BENCH_LAYERS_ROUNDS (3).
//  BENCH_LAYERS_BIG=1 adds one ~200 MB GeoJSON (time and peak RSS).
import { unzipSync } from 'fflate';
import { convertLayerFile } from '../packages/layer-formats/src/index.ts';
import { bigGeoJson, bigShapefileZip } from './lib/layer-inputs.mjs';

const ROUNDS = Number(process.env.BENCH_LAYERS_ROUNDS ?? 3);
const MB = 1024 * 1024;

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
