import { execFile } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { utmZoneFor } from '../../../device-packages/generator/gnss-sites.ts';
import { makePackage } from '../../../device-packages/generator/make-package.ts';
import {
  defaultFixturesDir,
  parseGeneratorArgs,
} from '../../../device-packages/generator/options.ts';
import { openPackage } from '../../../device-packages/package-reader.ts';
import { readLasFileHeader } from '../../../lib/las/las-header.ts';
import { readLasPoints } from '../../../lib/las/las-reader.ts';
import { parseTrajectoryCsv, type TrajectorySample } from './device-trajectory.ts';
import { combineSolutions, parsePosFile, rtklibVersionFromPos } from './pos-file.ts';
import { PPK_OPTIONS_VERSION, ppkOptionsText } from './ppk-options.ts';
import { buildQc } from './ppk-qc.ts';
import {
  findRnx2rtkp,
  PpkFailedError,
  type PpkRunInput,
  PpkTimeoutError,
  RTKLIB_MISSING_MESSAGE,
  runRnx2rtkp,
} from './rtklib.ts';
import { buildCorrection, correctPointCloud } from './trajectory-correction.ts';

const run = promisify(execFile);
const GNSS = path.join(defaultFixturesDir(), 'gnss');
const ROVER = path.join(GNSS, '07590920.05o');
const BASE = path.join(GNSS, '30400920.05o');
const NAV = [path.join(GNSS, '07590920.05n'), path.join(GNSS, '30400920.05n')];
/** APPROX POSITION XYZ of the base's header (30400920.05o). */
const BASE_XYZ: [number, number, number] = [-3978242.4348, 3382841.1715, 3649902.7667];

const rnx2rtkp = await findRnx2rtkp();
// Locally a machine without RTKLIB skips these; CI must have it, so there they fail loudly.
const describeWithRtklib = describe.skipIf(!rnx2rtkp && !process.env.CI);

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ppk-engine-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function program(): string {
  if (!rnx2rtkp) throw new Error(RTKLIB_MISSING_MESSAGE);
  return rnx2rtkp;
}

function input(workDir: string, overrides: Partial<PpkRunInput> = {}): PpkRunInput {
  return {
    program: program(),
    roverObservation: ROVER,
    baseObservation: BASE,
    navigation: NAV,
    workDir: path.join(dir, workDir),
    timeoutMs: 60_000,
    ...overrides,
  };
}

const solutionLines = (text: string) =>
  text.split(/\r?\n/).filter((line) => line.trim() !== '' && !line.startsWith('%'));

/** Whether a process runs (a killed one may linger as a zombie until its new parent reaps it). */
async function isRunning(pid: number): Promise<boolean> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    return !/^State:\s+Z/m.test(status);
  } catch {
    return false;
  }
}

/** A stand-in for rnx2rtkp: a shell script. */
async function fakeProgram(name: string, body: string): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, `#!/bin/sh\n${body}\n`);
  await chmod(file, 0o755);
  return file;
}

describeWithRtklib('runRnx2rtkp with RTKLIB on the shared fixtures', () => {
  it('equals bare rnx2rtkp with the same options: 115 of 115 epochs fixed', async () => {
    const result = await runRnx2rtkp(input('header-base'));
    expect(result.exitCode).toBe(0);
    expect(result.args.slice(0, 2)).toEqual(['-k', result.optionsPath]);
    expect(await readFile(result.optionsPath, 'utf8')).toBe(ppkOptionsText());
    expect(ppkOptionsText()).toContain(`version ${PPK_OPTIONS_VERSION}`);
    expect(result.output).not.toMatch(/processing\s*:/);
    const ours = await readFile(result.posPath, 'latin1');

    // The options file is kinematic, L1+L2, GPS, 15°, combined (-c), fix-and-hold (-h), calendar
    // GPST times (-t), the base at its header position (what -r gives here).
    const bare = path.join(dir, 'bare.pos');
    const args = ['-p', '2', '-f', '2', '-m', '15', '-sys', 'G', '-c', '-h'];
    args.push('-r', ...BASE_XYZ.map(String), '-t', '-o', bare, ROVER, BASE, ...NAV);
    await run(program(), args);
    const reference = await readFile(bare, 'latin1');
    expect(solutionLines(ours)).toEqual(solutionLines(reference));

    const epochs = parsePosFile(ours);
    expect(epochs).toHaveLength(115);
    expect(epochs.filter((e) => e.q === 1)).toHaveLength(115);
    expect(rtklibVersionFromPos(ours)).toMatch(/^2\.4\.3/);

    // The positions are those of the documented forward run (README: 35.160875019 N …).
    const forward = path.join(dir, 'forward.pos');
    await run(program(), [
      ...['-p', '2', '-f', '2', '-m', '15', '-sys', 'G', '-r', ...BASE_XYZ.map(String), '-t'],
      ...['-o', forward, ROVER, BASE, ...NAV],
    ]);
    // Date, time, latitude, longitude, height, Q (the combined run's deviations are smaller).
    const position = (line: string) => line.trim().split(/\s+/).slice(0, 6).join(' ');
    expect(solutionLines(ours).map(position)).toEqual(
      solutionLines(await readFile(forward, 'latin1')).map(position),
    );
    expect(position(solutionLines(ours)[0]!)).toBe(
      '2005/04/02 00:00:00.000 35.160875019 139.613838551 70.2724 1',
    );
  });

  it('places the base with -r when a position is given, with the same result here', async () => {
    const result = await runRnx2rtkp(input('given-base', { basePositionEcef: BASE_XYZ }));
    expect(result.args).toContain('-r');
    expect(result.args.slice(2, 6)).toEqual([
      '-r',
      '-3978242.4348',
      '3382841.1715',
      '3649902.7667',
    ]);
    const header = await runRnx2rtkp(input('header-base-2'));
    expect(solutionLines(await readFile(result.posPath, 'latin1'))).toEqual(
      solutionLines(await readFile(header.posPath, 'latin1')),
    );
  });

  it('processes a truncated rover file up to where it ends', async () => {
    // The first 30,000 bytes of the rover hold the header and the first ~26 minutes.
    const truncated = path.join(dir, 'truncated.05o');
    await writeFile(truncated, (await readFile(ROVER)).subarray(0, 30_000));
    const result = await runRnx2rtkp(input('truncated', { roverObservation: truncated }));
    const epochs = parsePosFile(await readFile(result.posPath, 'latin1'));
    expect(epochs.length).toBeGreaterThan(10);
    expect(epochs.length).toBeLessThan(115);
    expect(epochs.every((e) => e.q === 1)).toBe(true);
  });

  it('refuses a rover file that is not RINEX with a clear error', async () => {
    const junk = path.join(dir, 'junk.05o');
    await writeFile(junk, 'this is not a RINEX file\n');
    const error = await runRnx2rtkp(input('junk', { roverObservation: junk })).catch((e) => e);
    expect(error).toBeInstanceOf(PpkFailedError);
    expect(error.message).toMatch(/^rnx2rtkp wrote no solution file\. RTKLIB said: /);
    // What RTKLIB 2.4.3 says when the rover file gives it nothing to read:
    expect(error.message).toContain('no position in rinex header');
  });

  it('fails when a navigation file is missing', async () => {
    const error = await runRnx2rtkp(
      input('no-nav', { navigation: [path.join(dir, 'missing.05n')] }),
    ).catch((e) => e);
    expect(error).toBeInstanceOf(PpkFailedError);
    expect(error.message).toMatch(/no solution/);
  });
});

describeWithRtklib('the PPK engine on a generated package (make-package --ppk-offset)', () => {
  it('recovers −offset, passes the QC and moves the cloud back', async () => {
    const offset = [0.5, -0.25, 0.1] as const;
    const generated = await makePackage(
      parseGeneratorArgs([
        ...['--out', path.join(dir, 'package'), '--scans', '1', '--scan-seconds', '150'],
        ...['--target-size', '600kB', '--ppk-offset', offset.join(',')],
      ]),
    );
    const scan = generated.manifest.scans[0]!;
    const reader = await openPackage(generated.luxlzPath);
    const cloud = path.join(dir, 'package-scan.las');
    let device: TrajectorySample[];
    try {
      device = parseTrajectoryCsv((await reader.readText(scan.trajectory))!);
      await pipeline(await reader.readEntry(scan.pointCloud), createWriteStream(cloud));
      // The package carries the fixture's rover observation and navigation files.
      expect(generated.manifest.gnss.map((g) => g.path)).toEqual([
        'gnss/07590920.05o',
        'gnss/07590920.05n',
      ]);
    } finally {
      reader.close();
    }

    const result = await runRnx2rtkp(input('package'));
    const epochs = combineSolutions([
      {
        basestationId: 7,
        baselineKm: 3.34,
        epochs: parsePosFile(await readFile(result.posPath, 'latin1')),
      },
    ]);
    const window = { startGps: device[0]!.gpsSeconds, endGps: device.at(-1)!.gpsSeconds };
    const qc = buildQc({
      epochs,
      device,
      window,
      basestations: [{ id: 7, lat: 35.13206614, lon: 139.62430213, height: 75.8027 }],
      rtklib: { program: program(), version: '2.4.3' },
    });
    // 00:00:30–00:03:00 GPST: the epochs at :30 and :00 of each minute.
    expect(qc.audit).toMatchObject({ epochs: 6, fixed: 6, passed: true });
    expect(qc.audit.baselineKm).toBeCloseTo(3.34, 1);
    expect(qc.audit.rmsAltitudeSeparation).toBeCloseTo(offset[2], 1);

    const utm = utmZoneFor(139.6).proj;
    const correction = buildCorrection(epochs, device, utm);
    expect(correction.gpsSeconds).toHaveLength(6);
    for (let i = 0; i < 6; i++) {
      // PPK scatters by about a centimetre around the surveyed mean.
      expect(Math.abs(correction.dE[i]! + offset[0])).toBeLessThan(0.03);
      expect(Math.abs(correction.dN[i]! + offset[1])).toBeLessThan(0.03);
      expect(Math.abs(correction.dU[i]! + offset[2])).toBeLessThan(0.05);
    }
    const corrected = path.join(dir, 'package-scan-corrected.las');
    const moved = await correctPointCloud(cloud, corrected, correction);
    expect(moved.maxShiftMetres).toBeCloseTo(Math.hypot(...offset), 1);
    // The generator's header bounds are loose (the source's extent); the corrected file's are
    // the points' own, which lie −offset from the points' extent before.
    const extent = { min: [Infinity, Infinity, Infinity], max: [-Infinity, -Infinity, -Infinity] };
    for await (const chunk of readLasPoints(cloud)) {
      for (let i = 0; i < chunk.count; i++) {
        for (const [k, v] of [chunk.x[i]!, chunk.y[i]!, chunk.z[i]!].entries()) {
          extent.min[k] = Math.min(extent.min[k]!, v);
          extent.max[k] = Math.max(extent.max[k]!, v);
        }
      }
    }
    const after = await readLasFileHeader(corrected);
    const [afterMin, afterMax] = [after.min, after.max].map((v) => [v.x, v.y, v.z]);
    for (const k of [0, 1, 2]) {
      expect(Math.abs(afterMin![k]! - extent.min[k]! + offset[k]!)).toBeLessThan(0.05);
      expect(Math.abs(afterMax![k]! - extent.max[k]! + offset[k]!)).toBeLessThan(0.05);
    }
  });
});

describe('runRnx2rtkp failures (stand-in programs)', () => {
  const base = (workDir: string, program: string, timeoutMs = 10_000): PpkRunInput => ({
    program,
    roverObservation: ROVER,
    baseObservation: BASE,
    navigation: NAV,
    workDir: path.join(dir, workDir),
    timeoutMs,
  });

  it('kills the whole process group of a program that hangs', async () => {
    const pidFile = path.join(dir, 'child.pid');
    const hung = await fakeProgram('hung.sh', `sleep 60 &\necho $! > ${pidFile}\nwait`);
    const started = performance.now();
    const error = await runRnx2rtkp(base('hung', hung, 500)).catch((e) => e);
    expect(error).toBeInstanceOf(PpkTimeoutError);
    expect(error.reason).toBe('timeout');
    expect(error.message).toBe('rnx2rtkp ran longer than 0.5 s and was stopped');
    expect(performance.now() - started).toBeLessThan(5_000);
    const child = Number(await readFile(pidFile, 'utf8'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await isRunning(child)).toBe(false); // the sleep went with its group
  });

  it('stops on abort', async () => {
    const hung = await fakeProgram('hung2.sh', 'sleep 60');
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const error = await runRnx2rtkp({ ...base('abort', hung), signal: controller.signal }).catch(
      (e) => e,
    );
    expect(error).toBeInstanceOf(PpkTimeoutError);
    expect(error.reason).toBe('aborted');
  });

  it('reports a missing program, a failing one and one that writes nothing', async () => {
    const missing = await runRnx2rtkp(base('missing', path.join(dir, 'no-such-rnx2rtkp'))).catch(
      (e) => e,
    );
    expect(missing).toBeInstanceOf(PpkFailedError);
    expect(missing.message).toMatch(/^rnx2rtkp could not be started at .*no-such-rnx2rtkp: ENOENT/);

    const failing = await fakeProgram(
      'fail.sh',
      'printf "processing : x\\r" >&2\necho "error : bad obs" >&2\nexit 3',
    );
    const failed = await runRnx2rtkp(base('fail', failing)).catch((e) => e);
    expect(failed).toBeInstanceOf(PpkFailedError);
    expect(failed.message).toBe('rnx2rtkp exited with code 3. RTKLIB said: error : bad obs');

    const silent = await fakeProgram('silent.sh', 'exit 0');
    const nothing = await runRnx2rtkp(base('silent', silent)).catch((e) => e);
    expect(nothing).toBeInstanceOf(PpkFailedError);
    expect(nothing.message).toBe('rnx2rtkp wrote no solution file. RTKLIB printed nothing.');

    // A .pos with its header only: RTKLIB found no epoch to solve.
    const empty = await fakeProgram(
      'empty.sh',
      'while [ "$1" != "-o" ]; do shift; done\necho "% program : RTKLIB ver.2.4.3" > "$2"',
    );
    const headerOnly = await runRnx2rtkp(base('empty', empty)).catch((e) => e);
    expect(headerOnly.message).toMatch(/^rnx2rtkp found no solution epoch/);

    // Another RTKLIB that does not know a value of the options file keeps its default: refused.
    const other = await fakeProgram(
      'other.sh',
      'echo "invalid option value pos1-frequency (x.conf:5)" >&2\nwhile [ "$1" != "-o" ]; do shift; done\necho "2005/04/02 00:00:00.000 35 139 70 1 7 0 0 0 0 0 0 0 3" > "$2"',
    );
    const refused = await runRnx2rtkp(base('other', other)).catch((e) => e);
    expect(refused).toBeInstanceOf(PpkFailedError);
    expect(refused.message).toContain('refused options of asset-portal-ppk-1');
  });

  it('keeps RTKLIB messages after a flood of progress lines', async () => {
    // 20,000 progress lines (~800 kB) before the message, more than the kept 64 kB.
    const chatty = await fakeProgram(
      'chatty.sh',
      [
        'echo "reading obs files" >&2',
        'i=0',
        'while [ $i -lt 20000 ]; do printf "processing : 2005/04/02 %08d Q=1\\r" $i >&2; i=$((i+1)); done',
        'echo "error : no common epochs" >&2',
        'exit 1',
      ].join('\n'),
    );
    const error = await runRnx2rtkp(base('chatty', chatty)).catch((e) => e);
    expect(error.message).toBe(
      'rnx2rtkp exited with code 1. RTKLIB said: reading obs files | error : no common epochs',
    );
  });

  it('finds rnx2rtkp through RNX2RTKP_PATH, else on PATH', async () => {
    const saved = process.env.RNX2RTKP_PATH;
    try {
      const fake = await fakeProgram('rnx2rtkp', 'exit 0');
      process.env.RNX2RTKP_PATH = fake;
      expect(await findRnx2rtkp()).toBe(fake);
      process.env.RNX2RTKP_PATH = path.join(dir, 'nowhere');
      expect(await findRnx2rtkp()).toBeNull();
      delete process.env.RNX2RTKP_PATH;
      const savedPath = process.env.PATH;
      process.env.PATH = `${path.join(dir, 'empty-dir')}${path.delimiter}${dir}`;
      try {
        expect(await findRnx2rtkp()).toBe(fake);
      } finally {
        process.env.PATH = savedPath;
      }
    } finally {
      if (saved === undefined) delete process.env.RNX2RTKP_PATH;
      else process.env.RNX2RTKP_PATH = saved;
    }
  });
});
