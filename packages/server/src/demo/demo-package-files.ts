import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { setPriority } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { makePackage } from '../device-packages/generator/make-package.ts';
import { type GeneratorOptions, parseGeneratorArgs } from '../device-packages/generator/options.ts';
import { demoSessionId } from './demo-sessions.ts';

/** The demo device packages: what they hold, and building their files with the generator. */

export interface DemoPackagePlan {
  deviceId: string;
  /** UTC start; the generator needs it inside a fixture RINEX observation window. */
  sessionStart: string;
  scans: number;
  scanSeconds: number;
  /** Size of the `.luxlz`, which sets the point count (e.g. '3MB': about 37,000 points a scan). */
  targetSize: string;
  /** Also a `.luxiz` with one frame a second per camera. */
  images: boolean;
  seed: number;
}

/**
 * Three sessions of the customer's truck 3 inside the Paris phone-log window (2024-04-01
 * 08:31–08:41 GPST), which its Paris Test Drive assignment (from March 2024) covers, so
 * ingestion files them under that project. Frames are few: rendering one costs about 50 ms.
 */
export const DEMO_PACKAGES: readonly DemoPackagePlan[] = [
  {
    deviceId: 'LG-1003',
    sessionStart: '2024-04-01T08:31:00Z',
    scans: 2,
    scanSeconds: 8,
    targetSize: '3MB',
    images: true,
    seed: 11,
  },
  {
    deviceId: 'LG-1003',
    sessionStart: '2024-04-01T08:34:00Z',
    scans: 3,
    scanSeconds: 5,
    targetSize: '3MB',
    images: true,
    seed: 12,
  },
  {
    deviceId: 'LG-1003',
    sessionStart: '2024-04-01T08:37:00Z',
    scans: 1,
    scanSeconds: 30,
    targetSize: '2MB',
    images: false,
    seed: 13,
  },
];

/** The session id each plan's package carries (the device writes it from its start). */
export function demoPackageSessionId(plan: DemoPackagePlan): string {
  return demoSessionId(plan.deviceId, new Date(plan.sessionStart));
}

/** The scan ids of a plan's package, as the generator numbers them. */
export function demoPackageScanIds(plan: DemoPackagePlan): string[] {
  const sessionId = demoPackageSessionId(plan);
  return Array.from(
    { length: plan.scans },
    (_, i) => `${sessionId}_${String(i + 1).padStart(2, '0')}`,
  );
}

function generatorOptions(plan: DemoPackagePlan, fixturesDir: string, outDir: string) {
  return parseGeneratorArgs([
    '--out',
    outDir,
    '--device',
    plan.deviceId,
    '--session-start',
    plan.sessionStart,
    '--scans',
    String(plan.scans),
    '--scan-seconds',
    String(plan.scanSeconds),
    '--target-size',
    plan.targetSize,
    '--fixtures',
    fixturesDir,
    '--seed',
    String(plan.seed),
    ...(plan.images ? ['--images'] : []),
  ]);
}

/** What every plan reads and is missing: the source cloud and the RINEX folder. */
export function missingFixtures(fixturesDir: string, plan: DemoPackagePlan): string[] {
  const options: GeneratorOptions = generatorOptions(plan, fixturesDir, fixturesDir);
  const needed = [options.source, path.join(options.fixturesDir, 'gnss')];
  return needed.filter((file) => !existsSync(file));
}

export interface BuiltFiles {
  luxlz: string;
  luxiz: string | null;
}

/** Where a plan's files are put in `folder`. */
export function builtFiles(plan: DemoPackagePlan, folder: string): BuiltFiles {
  const sessionId = demoPackageSessionId(plan);
  return {
    luxlz: path.join(folder, `${sessionId}.luxlz`),
    luxiz: plan.images ? path.join(folder, `${sessionId}.luxiz`) : null,
  };
}

export function isBuilt(files: BuiltFiles): boolean {
  return existsSync(files.luxlz) && (!files.luxiz || existsSync(files.luxiz));
}

/** Builds one plan's files into `folder`, unless they are there already. */
export async function buildDemoPackage(
  plan: DemoPackagePlan,
  folder: string,
  fixturesDir: string,
): Promise<BuiltFiles> {
  const files = builtFiles(plan, folder);
  if (isBuilt(files)) return files;
  // Built aside and moved in, so a parallel call never reads a half-written file.
  const scratch = path.join(folder, `building-${randomUUID()}`);
  try {
    const built = await makePackage(generatorOptions(plan, fixturesDir, scratch));
    await rename(built.luxlzPath, files.luxlz);
    if (files.luxiz && built.luxizPath) await rename(built.luxizPath, files.luxiz);
    return files;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

const CHILD_ENTRY = fileURLToPath(new URL('./build-demo-packages.ts', import.meta.url));
/** The exit code of a build that stopped because the portal that started it is gone. */
export const ORPHANED_BUILD_EXIT_CODE = 3;
/** The lowest scheduling priority: the portal's own requests come first. */
const CHILD_NICENESS = 19;

/**
 * Starts the child that builds the plans' files into `folder`. The IPC channel tells the child when
 * the portal is gone, even killed without running its exit handlers (SIGKILL, the OOM killer): the
 * child stops with it (build-demo-packages.ts).
 */
export function spawnDemoPackageBuild(
  plans: readonly DemoPackagePlan[],
  folder: string,
  fixturesDir: string,
): ChildProcess {
  const loader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return spawn(
    process.execPath,
    ['--import', loader, CHILD_ENTRY, folder, fixturesDir, JSON.stringify(plans)],
    { stdio: ['ignore', 'ignore', 'pipe', 'ipc'] },
  );
}

/**
 * Builds the plans' files in a child process at the lowest priority, so rendering frames and
 * writing clouds neither blocks the portal's event loop nor takes its CPU. The plans whose files
 * are missing afterwards failed; the child's error output says why.
 */
export async function buildDemoPackagesAside(
  plans: readonly DemoPackagePlan[],
  folder: string,
  fixturesDir: string,
): Promise<{ errors: string }> {
  const child = spawnDemoPackageBuild(plans, folder, fixturesDir);
  // The child must not outlive a portal that stops while it builds.
  const stop = () => child.kill();
  process.once('exit', stop);
  try {
    if (child.pid !== undefined) setPriority(child.pid, CHILD_NICENESS);
  } catch {
    // Not allowed here: the build still runs, at normal priority.
  }
  let errors = '';
  child.stderr?.setEncoding('utf8').on('data', (text: string) => {
    errors = (errors + text).slice(-2000);
  });
  try {
    await new Promise<void>((resolve, reject) => {
      child.once('error', reject);
      child.once('close', () => resolve());
    });
  } finally {
    process.off('exit', stop);
  }
  return { errors: errors.trim() };
}

const PACKAGES_DIR = fileURLToPath(new URL('../device-packages/', import.meta.url));

/**
 * A folder name that changes whenever the plans or the code writing packages do, so a cache
 * never serves packages an older generator built.
 */
export function cacheFolder(cacheDir: string, plans: readonly DemoPackagePlan[]): string {
  const hash = createHash('sha256').update(JSON.stringify(plans));
  for (const folder of [PACKAGES_DIR, path.join(PACKAGES_DIR, 'generator')]) {
    for (const name of readdirSync(folder).sort()) {
      if (name.endsWith('.ts') && !name.includes('.test.')) {
        hash.update(name).update(readFileSync(path.join(folder, name)));
      }
    }
  }
  return path.join(cacheDir, `demo-packages-${hash.digest('hex').slice(0, 12)}`);
}
