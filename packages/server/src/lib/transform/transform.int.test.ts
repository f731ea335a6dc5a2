/**
 * Our transforms against PROJ 9.1 (Debian proj-bin): `cs2cs` for plain reprojection, `cct` with
 * an explicit pipeline for the time-dependent Helmert and the geoid grid (`vgridshift`), and
 * GDAL's GeoTIFF copies of the grid for the GeoTIFF reader. Every coordinate must agree within
 * 1 mm. On CI (process.env.CI) missing tools fail the test; elsewhere the test is skipped.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HelmertParameters } from '@asset-portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { geodeticToEcef } from '../geodesy/geodesy.ts';
import { type GeoidGrid, parseGtx, readGeoidGrid, writeGtx } from './geoid-grid.ts';
import {
  type HelmertConvention,
  helmertProjString,
  ITRF2008_TO_NAD83_CSRS,
  projectHelmert,
} from './helmert.ts';
import { buildTransform, wgs84UtmProj4 } from './transform-pipeline.ts';

const installed = (command: string) => spawnSync(command, ['--version']).error === undefined;
const haveProj = installed('cs2cs') && installed('cct');
const haveGdal = installed('gdal_translate');
const onCi = Boolean(process.env.CI);

// Oregon GIC Lambert in metres on GRS80 (NAD83-based), and JGD2011 plane rectangular zone IX.
const OREGON_LAMBERT =
  '+proj=lcc +lat_1=43 +lat_2=45.5 +lat_0=41.75 +lon_0=-120.5 +x_0=400000 +y_0=0 +ellps=GRS80 +units=m +no_defs';
const JAPAN_IX =
  '+proj=tmerc +lat_0=36 +lon_0=139.8333333333333 +k=0.9999 +x_0=0 +y_0=0 +ellps=GRS80 +units=m +no_defs';
const TOLERANCE_M = 0.001;
/** PROJ's global EGM96 grid from Debian proj-data (installed with proj-bin). */
const EGM96 = '/usr/share/proj/egm96_15.gtx';

type Point = [number, number, number];

/** 10 × 10 points over 20 km around a UTM position, heights 50–250 m. */
function grid(easting: number, northing: number): Point[] {
  const points: Point[] = [];
  for (let i = 0; i < 10; i++) {
    for (let j = 0; j < 10; j++) {
      points.push([
        easting - 10_000 + i * 2222.2,
        northing - 10_000 + j * 2222.2,
        50 + 2 * (i * 10 + j),
      ]);
    }
  }
  return points;
}
// Eugene, Oregon (UTM 10N) and the Tokyo GNSS site area (UTM 54N).
const EUGENE = grid(492_000, 4_877_000);
const TOKYO = grid(385_000, 3_953_000);

function run(command: string, args: string[], input: string): number[][] {
  const result = spawnSync(command, args, { input, encoding: 'utf8' });
  if (result.status !== 0 || result.stderr.trim() !== '') {
    throw new Error(`${command} failed: ${result.stderr || result.status}`);
  }
  return result.stdout
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number));
}

const cs2cs = (from: string, to: string, points: Point[]) =>
  run('cs2cs', ['-f', '%.6f', ...from.split(' '), '+to', ...to.split(' ')], lines(points));

const cct = (pipeline: string, points: Point[], epoch: number) =>
  run('cct', ['-d', '6', ...pipeline.split(' ')], lines(points, epoch));

const lines = (points: Point[], epoch?: number) =>
  `${points.map((p) => [...p, ...(epoch === undefined ? [] : [epoch])].join(' ')).join('\n')}\n`;

/** Largest difference (m) between our transform's results and PROJ's, on any axis. */
function maxDeviation(
  ours: (x: number, y: number, z: number) => Point,
  points: Point[],
  proj: number[][],
) {
  let max = 0;
  points.forEach((point, i) => {
    const mine = ours(...point);
    for (let axis = 0; axis < 3; axis++) {
      const deviation = Math.abs(mine[axis]! - proj[i]![axis]!);
      if (!(deviation <= max)) max = deviation; // NaN propagates as a failure
    }
  });
  return max;
}

function report(name: string, deviation: number) {
  console.info(`${name}: max deviation from PROJ ${(deviation * 1000).toFixed(4)} mm`);
}

describe.skipIf(!haveProj && !onCi)('coordinate transforms against PROJ 9.1', () => {
  let folder = '';
  let gtxPath = '';
  let geoid: GeoidGrid;

  beforeAll(() => {
    if (!haveProj) {
      throw new Error(
        'cs2cs and cct are missing: install Debian proj-bin (apt-get install -y proj-bin)',
      );
    }
    folder = mkdtempSync(join(tmpdir(), 'transform-'));
    gtxPath = join(folder, 'oregon-test.gtx');
    // 21 × 21 nodes over 43.5–44.5°N, 123.8–122.55°W: a smooth surface with a deterministic
    // ripple, so interpolation between the wrong nodes would show.
    const values = new Float32Array(21 * 21);
    for (let r = 0; r < 21; r++) {
      for (let c = 0; c < 21; c++) {
        values[r * 21 + c] =
          -22 +
          0.8 * Math.sin(r / 4) -
          0.5 * Math.cos(c / 3) +
          0.05 * (((r * 7 + c * 13) % 11) - 5);
      }
    }
    writeFileSync(
      gtxPath,
      writeGtx({
        south: 43.5,
        west: -123.8,
        latStep: 0.05,
        lonStep: 0.0625,
        rows: 21,
        cols: 21,
        values,
      }),
    );
    geoid = parseGtx('oregon-test.gtx', readFileSync(gtxPath));
  });

  afterAll(() => {
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it('reprojects WGS84 / UTM like cs2cs (Eugene 10N, Tokyo 54N)', () => {
    for (const [name, utm, target, points] of [
      ['Eugene UTM 10N → Oregon Lambert', '10N', OREGON_LAMBERT, EUGENE],
      ['Tokyo UTM 54N → JGD2011 IX', '54N', JAPAN_IX, TOKYO],
      ['Eugene UTM 10N → UTM 11N', '10N', wgs84UtmProj4('11N'), EUGENE],
    ] as const) {
      const source = wgs84UtmProj4(utm);
      const ours = buildTransform({ sourceCrs: source, targetProjection: target });
      const deviation = maxDeviation(ours, points, cs2cs(source, target, points));
      report(name, deviation);
      expect(deviation).toBeLessThan(TOLERANCE_M);
    }
  });

  const pipeline = (
    utm: string,
    target: string,
    helmert: HelmertParameters,
    convention: HelmertConvention,
    geoidPath?: string,
  ) =>
    [
      '+proj=pipeline',
      `+step +inv ${wgs84UtmProj4(utm)}`,
      '+step +proj=cart +ellps=WGS84',
      `+step ${helmertProjString(helmert, convention)}`,
      '+step +inv +proj=cart +ellps=GRS80',
      ...(geoidPath ? [`+step +proj=vgridshift +grids=${geoidPath}`] : []),
      `+step ${target}`,
    ].join(' ');

  for (const epoch of [2010.0, 2024.5]) {
    it(`applies ITRF2008 → NAD83(CSRS) at ${epoch} and the geoid like cct`, () => {
      const source = wgs84UtmProj4('10N');
      for (const withGeoid of [false, true]) {
        const ours = buildTransform({
          sourceCrs: source,
          targetProjection: OREGON_LAMBERT,
          helmert: ITRF2008_TO_NAD83_CSRS,
          epoch,
          geoid: withGeoid ? geoid : null,
        });
        const text = pipeline(
          '10N',
          OREGON_LAMBERT,
          ITRF2008_TO_NAD83_CSRS,
          'position_vector',
          withGeoid ? gtxPath : undefined,
        );
        const deviation = maxDeviation(ours, EUGENE, cct(text, EUGENE, epoch));
        report(`Eugene Helmert ${epoch}${withGeoid ? ' + geoid' : ''}`, deviation);
        expect(deviation).toBeLessThan(TOLERANCE_M);
      }
    });
  }

  it("matches PROJ's EPSG:8264 (ITRF2008 → NAD83(CSRS)v6, published at 1997.0) in ECEF", () => {
    // The shared preset is the same transformation at reference epoch 2010.0: its values plus the
    // rates must give EPSG:8264's positions at any epoch.
    const ecef = EUGENE.map(([x, y, z]): Point => {
      const [lon, lat] = buildTransform({
        sourceCrs: wgs84UtmProj4('10N'),
        targetProjection: '+proj=longlat +datum=WGS84',
      })(x, y, z);
      const { x: X, y: Y, z: Z } = geodeticToEcef({ latitude: lat, longitude: lon, height: z });
      return [X, Y, Z];
    });
    for (const epoch of [2010.0, 2024.5]) {
      const ours = projectHelmert(ITRF2008_TO_NAD83_CSRS, epoch)!;
      const deviation = maxDeviation(ours, ecef, cct('EPSG:8264', ecef, epoch));
      report(`EPSG:8264 at ${epoch}`, deviation);
      expect(deviation).toBeLessThan(TOLERANCE_M);
    }
  });

  it('applies the coordinate-frame convention like cct (Tokyo 54N, 2024.5)', () => {
    const source = wgs84UtmProj4('54N');
    const ours = buildTransform({
      sourceCrs: source,
      targetProjection: JAPAN_IX,
      helmert: ITRF2008_TO_NAD83_CSRS,
      convention: 'coordinate_frame',
      epoch: 2024.5,
    });
    const text = pipeline('54N', JAPAN_IX, ITRF2008_TO_NAD83_CSRS, 'coordinate_frame');
    const deviation = maxDeviation(ours, TOKYO, cct(text, TOKYO, 2024.5));
    report('Tokyo Helmert coordinate frame 2024.5', deviation);
    expect(deviation).toBeLessThan(TOLERANCE_M);
  });

  it.skipIf(!existsSync(EGM96))(
    "reads PROJ's global EGM96 GTX like vgridshift, across 180°",
    () => {
      const egm96 = parseGtx('egm96_15.gtx', readFileSync(EGM96));
      const places: [number, number][] = [
        [44.05, -123.09],
        [35.7, 139.76],
        [-33.9, 151.2],
        [0, 179.99],
        [0, -179.99],
        [10, 180],
        [89.9, 10],
        [-89.9, -170],
      ];
      const proj = cct(
        `+proj=pipeline +step +proj=unitconvert +xy_in=deg +xy_out=rad +step +proj=vgridshift +grids=${EGM96} +step +proj=unitconvert +xy_in=rad +xy_out=deg`,
        places.map(([lat, lon]): Point => [lon, lat, 0]),
        2020,
      );
      const deviation = Math.max(
        ...places.map(([lat, lon], i) => Math.abs(egm96.undulation(lat, lon) + proj[i]![2]!)),
      );
      report('EGM96 undulations', deviation);
      expect(deviation).toBeLessThan(TOLERANCE_M);
    },
  );

  it.skipIf(!haveGdal && !onCi)('reads GDAL GeoTIFF copies of the grid as PROJ does', () => {
    expect(haveGdal, 'gdal_translate is missing: install Debian gdal-bin').toBe(true);
    const source = wgs84UtmProj4('10N');
    for (const [file, options] of [
      ['strips.tif', ['-ot', 'Float32']],
      [
        'tiled-deflate.tif',
        [
          '-co',
          'TILED=YES',
          '-co',
          'BLOCKXSIZE=16',
          '-co',
          'BLOCKYSIZE=16',
          '-co',
          'COMPRESS=DEFLATE',
          '-co',
          'PREDICTOR=3',
        ],
      ],
      [
        'big-endian-float64.tif',
        ['-ot', 'Float64', '-co', 'ENDIANNESS=BIG', '-co', 'COMPRESS=DEFLATE'],
      ],
    ] as const) {
      const path = join(folder, file);
      const result = spawnSync(
        'gdal_translate',
        ['-q', '-of', 'GTiff', ...options, gtxPath, path],
        { encoding: 'utf8' },
      );
      expect(result.status, result.stderr).toBe(0);
      const tiff = readGeoidGrid(file, readFileSync(path));
      expect(tiff.south).toBeCloseTo(geoid.south, 9);
      expect(tiff.west).toBeCloseTo(geoid.west, 9);
      expect(tiff.north).toBeCloseTo(geoid.north, 9);
      expect(tiff.east).toBeCloseTo(geoid.east, 9);
      const ours = buildTransform({
        sourceCrs: source,
        targetProjection: OREGON_LAMBERT,
        geoid: tiff,
      });
      const text = [
        '+proj=pipeline',
        `+step +inv ${source}`,
        `+step +proj=vgridshift +grids=${path}`,
        `+step ${OREGON_LAMBERT}`,
      ].join(' ');
      const deviation = maxDeviation(ours, EUGENE, cct(text, EUGENE, 2020));
      report(`GeoTIFF ${file}`, deviation);
      expect(deviation).toBeLessThan(TOLERANCE_M);
    }
  });
});
