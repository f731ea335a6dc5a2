import { spawn } from 'node:child_process';
import { mkdir, open, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { findProgram } from '../../../lib/programs.ts';
import { PPK_OPTIONS_VERSION, ppkOptionsText } from './ppk-options.ts';

/**
 * The RTKLIB runner: finds `rnx2rtkp` and runs it once (one rover against one base station) in a
 * work folder, with the versioned options file, a time limit and a readable log.
 */

export const RTKLIB_MISSING_MESSAGE =
  'Trajectory processing needs RTKLIB (rnx2rtkp), which is not installed on the server. Install the Debian package rtklib.';

/** rnx2rtkp could not run, failed, or wrote no solution; the message carries RTKLIB's last words. */
export class PpkFailedError extends Error {
  override name = 'PpkFailedError';
  constructor(
    message: string,
    /** The arguments and messages of the rnx2rtkp that failed, for the run's log; null before it ran. */
    readonly run: { args: readonly string[]; output: string } | null = null,
  ) {
    super(message);
  }
}

/** rnx2rtkp was stopped: it ran past its time limit ('timeout') or the run was aborted. */
export class PpkTimeoutError extends Error {
  override name = 'PpkTimeoutError';
  constructor(
    message: string,
    readonly reason: 'timeout' | 'aborted',
  ) {
    super(message);
  }
}

export interface PpkRunInput {
  /** Path of the rnx2rtkp executable (from findRnx2rtkp). */
  program: string;
  roverObservation: string;
  baseObservation: string;
  navigation: string[];
  /** Base antenna position (ECEF metres); without it, the base header's APPROX POSITION. */
  basePositionEcef?: [number, number, number];
  /** Folder for the options file and the solution; created when missing. */
  workDir: string;
  timeoutMs: number;
  signal?: AbortSignal;
}

export interface PpkRunResult {
  posPath: string;
  optionsPath: string;
  /** The arguments given to the program (no shell). */
  args: string[];
  exitCode: number;
  /** RTKLIB's messages (stderr then stdout) without the progress lines. */
  output: string;
  durationMs: number;
}

export const OPTIONS_FILE_NAME = 'ppk-options.conf';
/** Messages kept from a run: RTKLIB may print a line per epoch, the log needs the last ones. */
const MAX_OUTPUT_CHARS = 64 * 1024;
const LAST_LINES_IN_ERRORS = 8;

/** The rnx2rtkp to run: `RNX2RTKP_PATH` when set, else the first on PATH; null when none. */
export function findRnx2rtkp(): Promise<string | null> {
  return findProgram('rnx2rtkp', 'RNX2RTKP_PATH');
}

/**
 * RTKLIB rewrites one progress line per epoch with '\r' ("processing : 2005/04/02 00:00:30
 * Q=1"); the log keeps its other messages only.
 */
export function cleanRtklibOutput(text: string): string {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trimEnd())
    .filter((line) => line !== '' && !/^processing\s*:/.test(line))
    .join('\n');
}

/**
 * RTKLIB's messages as they arrive, progress lines dropped on the fly and only the last
 * MAX_OUTPUT_CHARS kept, so a day of 1 Hz epochs neither fills memory nor pushes the real
 * messages out of the log.
 */
class RtklibMessages {
  private kept = '';
  private partial = '';
  add(chunk: Buffer) {
    const text = this.partial + chunk.toString('latin1');
    const end = Math.max(text.lastIndexOf('\r'), text.lastIndexOf('\n'));
    this.partial = text.slice(end + 1);
    const lines = cleanRtklibOutput(text.slice(0, end + 1));
    if (lines) this.kept = `${this.kept}${lines}\n`.slice(-MAX_OUTPUT_CHARS);
  }
  value(): string {
    return cleanRtklibOutput(this.kept + this.partial);
  }
}

function lastLines(output: string): string {
  const lines = output.split('\n').filter(Boolean).slice(-LAST_LINES_IN_ERRORS);
  return lines.length ? ` RTKLIB said: ${lines.join(' | ')}` : ' RTKLIB printed nothing.';
}

/** The first 64 KiB of a file: a .pos header is about 1 KiB, its first solution line follows. */
async function readHead(file: string): Promise<string> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(64 * 1024);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return buffer.toString('latin1', 0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Whether a .pos (head) holds a solution line (a line that is not a '%' header line). */
function hasSolution(posText: string): boolean {
  return posText.split('\n').some((line) => line.trim() !== '' && !line.startsWith('%'));
}

/**
 * Runs rnx2rtkp on one rover/base pair with the versioned options (written into workDir).
 * Resolves when it wrote at least one solution epoch; rejects with PpkFailedError (could not
 * start, non-zero exit, no solution) or PpkTimeoutError (time limit or abort: the whole process
 * group is killed).
 */
export async function runRnx2rtkp(input: PpkRunInput): Promise<PpkRunResult> {
  const workDir = path.resolve(input.workDir);
  await mkdir(workDir, { recursive: true });
  const optionsPath = path.join(workDir, OPTIONS_FILE_NAME);
  await writeFile(optionsPath, ppkOptionsText());
  const baseName = path.basename(input.baseObservation).replace(/[^A-Za-z0-9._-]/g, '_');
  const posPath = path.join(workDir, `ppk-${baseName}.pos`);
  await rm(posPath, { force: true });

  const args = ['-k', optionsPath];
  if (input.basePositionEcef) {
    args.push('-r', ...input.basePositionEcef.map((value) => value.toFixed(4)));
  }
  // rnx2rtkp takes the rover's observation file first, then the base's, then navigation files.
  args.push(
    '-o',
    posPath,
    path.resolve(input.roverObservation),
    path.resolve(input.baseObservation),
    ...input.navigation.map((file) => path.resolve(file)),
  );

  if (input.signal?.aborted) {
    throw new PpkTimeoutError('rnx2rtkp was not started: the run was aborted', 'aborted');
  }
  const started = performance.now();
  const { exitCode, signal, output } = await spawnAndWait(input, args, workDir);
  const durationMs = performance.now() - started;
  const ran = { args, output };
  if (signal || exitCode !== 0) {
    const how = signal ? `was killed by ${signal}` : `exited with code ${exitCode}`;
    throw new PpkFailedError(`rnx2rtkp ${how}.${lastLines(output)}`, ran);
  }
  // RTKLIB keeps its default for a value it does not know: the run would not be the versioned one.
  const invalid = output.split('\n').filter((line) => line.startsWith('invalid option value'));
  if (invalid.length > 0) {
    throw new PpkFailedError(
      `rnx2rtkp refused options of ${PPK_OPTIONS_VERSION} (another RTKLIB version?): ${invalid.join(' | ')}`,
      ran,
    );
  }
  let posHead: string;
  try {
    posHead = await readHead(posPath);
  } catch {
    throw new PpkFailedError(`rnx2rtkp wrote no solution file.${lastLines(output)}`, ran);
  }
  if (!hasSolution(posHead)) {
    throw new PpkFailedError(
      `rnx2rtkp found no solution epoch: the rover's and the base station's observations share no usable epoch (their times do not overlap, or they carry no common signals).${lastLines(output)}`,
      ran,
    );
  }
  return { posPath, optionsPath, args, exitCode: 0, output, durationMs };
}

function spawnAndWait(
  input: PpkRunInput,
  args: string[],
  cwd: string,
): Promise<{ exitCode: number | null; signal: NodeJS.Signals | null; output: string }> {
  return new Promise((resolve, reject) => {
    const stderr = new RtklibMessages();
    const stdout = new RtklibMessages();
    // detached: the program leads its own process group, so a kill reaches anything it started.
    const child = spawn(input.program, args, {
      cwd,
      detached: true,
      shell: false,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stopped: PpkTimeoutError | null = null;
    const killGroup = (error: PpkTimeoutError) => {
      if (stopped) return;
      stopped = error;
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    };
    const timer = setTimeout(
      () =>
        killGroup(
          new PpkTimeoutError(
            `rnx2rtkp ran longer than ${Number((input.timeoutMs / 1000).toFixed(1))} s and was stopped`,
            'timeout',
          ),
        ),
      input.timeoutMs,
    );
    const handleAbort = () =>
      killGroup(new PpkTimeoutError('rnx2rtkp was stopped: the run was aborted', 'aborted'));
    input.signal?.addEventListener('abort', handleAbort, { once: true });
    child.stderr.on('data', (chunk: Buffer) => stderr.add(chunk));
    child.stdout.on('data', (chunk: Buffer) => stdout.add(chunk));
    const finish = () => {
      clearTimeout(timer);
      input.signal?.removeEventListener('abort', handleAbort);
    };
    child.on('error', (error: NodeJS.ErrnoException) => {
      finish();
      reject(
        new PpkFailedError(
          `rnx2rtkp could not be started at ${input.program}: ${error.code ?? error.message}`,
        ),
      );
    });
    child.on('close', (exitCode, signal) => {
      finish();
      if (stopped) return reject(stopped);
      const output = cleanRtklibOutput(`${stderr.value()}\n${stdout.value()}`);
      resolve({ exitCode, signal, output });
    });
  });
}
