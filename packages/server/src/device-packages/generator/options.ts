import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gpsSecondsToUtc } from '../gps-time.ts';
import { GNSS_SITES } from './gnss-sites.ts';

export interface GeneratorOptions {
  outDir: string;
  deviceId: string;
  sessionStart: Date;
  scans: number;
  targetBytes: number;
  images: boolean;
  scanSeconds: number;
  source: string;
  fixturesDir: string;
  firmware: string;
  seed: number;
  /**
   * --ppk-offset E,N,U (metres): a static session whose trajectory sits at the site's surveyed
   * rover position plus this offset and whose clouds are moved by it, so that PPK (which finds
   * the true position) recovers −offset. Absent: the moving trajectory of the source cloud.
   */
  ppkOffset?: [number, number, number];
}

const REPO_ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));

export function defaultFixturesDir(): string {
  return process.env.FIXTURES_DIR ?? path.resolve(REPO_ROOT, '../shared/fixtures');
}

/** Default session start: 30 s into the observation window of rover 0759. */
export const DEFAULT_SESSION_START = gpsSecondsToUtc(GNSS_SITES[0]!.windowStart + 30);

const UNITS: Record<string, number> = {
  b: 1,
  kb: 1e3,
  mb: 1e6,
  gb: 1e9,
  kib: 1024,
  mib: 1024 ** 2,
  gib: 1024 ** 3,
};

/** '200MB', '1.5GiB', '3000000' → bytes. */
export function parseSize(text: string): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([a-zA-Z]*)\s*$/.exec(text);
  const unit = UNITS[(match?.[2] || 'b').toLowerCase()];
  if (!match || unit === undefined) {
    throw new Error(`--target-size ${text} is not a size; write e.g. 200MB, 1.5GiB or 3000000`);
  }
  return Math.round(Number(match[1]) * unit);
}

export const USAGE = `Usage: npm run make-package -- --out DIR [options]
  --out DIR               folder for the .luxlz (and .luxiz) file (required)
  --device ID             device id (default LG-1001)
  --session-start ISO     UTC start; must fall in a fixture RINEX window (default ${DEFAULT_SESSION_START.toISOString()})
  --scans N               scans in the session, 1–20 (default 3)
  --target-size SIZE      size of the .luxlz, e.g. 200MB, 1GiB (default 200MB)
  --images                also write the matching .luxiz (camera frames, 1 per second)
  --scan-seconds S        duration of each scan, 5–600 (default 120)
  --source FILE           uncompressed LAS fixture (default pointcloud/autzen_trim.las)
  --fixtures DIR          fixtures folder (default FIXTURES_DIR or ../shared/fixtures)
  --firmware TEXT         firmware written to the manifest (default 3.2.1)
  --seed N                jitter seed (default 1)
  --ppk-offset E,N,U      static session at the surveyed rover position plus this offset (metres,
                          UTM east, north, up), the clouds moved by the same offset (PPK test data)`;

function integer(name: string, text: string, min: number, max: number): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`--${name} must be a whole number from ${min} to ${max}, got ${text}`);
  }
  return value;
}

/** Parses and validates the command line; throws an Error with a clear message. */
export function parseGeneratorArgs(argv: string[]): GeneratorOptions {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      out: { type: 'string' },
      device: { type: 'string', default: 'LG-1001' },
      'session-start': { type: 'string' },
      scans: { type: 'string', default: '3' },
      'target-size': { type: 'string', default: '200MB' },
      images: { type: 'boolean', default: false },
      'scan-seconds': { type: 'string', default: '120' },
      source: { type: 'string' },
      fixtures: { type: 'string' },
      firmware: { type: 'string', default: '3.2.1' },
      seed: { type: 'string', default: '1' },
      'ppk-offset': { type: 'string' },
    },
  });
  if (!values.out) throw new Error('--out DIR is required');
  if (!/^[A-Za-z0-9][A-Za-z0-9-]{0,14}$/.test(values.device)) {
    throw new Error(`--device ${values.device} must be 1–15 letters, digits or '-' (e.g. LG-1001)`);
  }
  let sessionStart = DEFAULT_SESSION_START;
  if (values['session-start'] !== undefined) {
    sessionStart = new Date(values['session-start']);
    if (
      Number.isNaN(sessionStart.getTime()) ||
      !/Z$|[+-]\d\d:?\d\d$/.test(values['session-start'])
    ) {
      throw new Error(
        `--session-start ${values['session-start']} is not a UTC date-time such as 2005-04-02T00:00:17Z`,
      );
    }
  }
  const fixturesDir = path.resolve(values.fixtures ?? defaultFixturesDir());
  const targetBytes = parseSize(values['target-size']);
  if (targetBytes < 100_000) throw new Error('--target-size must be at least 100kB');
  return {
    outDir: path.resolve(values.out),
    deviceId: values.device,
    sessionStart,
    scans: integer('scans', values.scans, 1, 20),
    targetBytes,
    images: values.images,
    scanSeconds: integer('scan-seconds', values['scan-seconds'], 5, 600),
    source: path.resolve(values.source ?? path.join(fixturesDir, 'pointcloud/autzen_trim.las')),
    fixturesDir,
    firmware: values.firmware,
    seed: integer('seed', values.seed, 0, 2 ** 31),
    ...(values['ppk-offset'] === undefined
      ? {}
      : { ppkOffset: parsePpkOffset(values['ppk-offset']) }),
  };
}

/** '0.5,-0.25,0.1' → [0.5, -0.25, 0.1] metres (east, north, up), each within ±1000 m. */
export function parsePpkOffset(text: string): [number, number, number] {
  const parts = text.split(',').map((part) => part.trim());
  const values = parts.map(Number);
  if (
    parts.length !== 3 ||
    parts.some((part) => part === '') ||
    values.some((value) => !Number.isFinite(value) || Math.abs(value) > 1000)
  ) {
    throw new Error(
      `--ppk-offset ${text} must be three numbers of metres within ±1000, east,north,up (e.g. 0.5,-0.25,0.1)`,
    );
  }
  return values as [number, number, number];
}
