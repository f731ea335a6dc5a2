import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * The jobs' work folders under `DATA_DIR/tmp`. A job removes its folder when it ends, whatever
 * the outcome; a worker killed mid-job (kill -9, a lost machine) cannot, and a package or a
 * cloud copied there stays for good. So every folder is named by the process that made it, and
 * `removeAbandonedWorkFolders` removes those whose process is gone.
 *
 * The level-of-detail build keeps its own folders (`tmp/lod`): they are resumed by the next
 * attempt, and that job removes them.
 */
export const WORK_AREAS = [
  'ingestion',
  'basestations',
  'ppk',
  'process-scan',
  'imported-scan',
  'publish',
] as const;

export type WorkArea = (typeof WORK_AREAS)[number];

/** Work files named before they carried their process's mark are removed after a day. */
export const UNMARKED_WORK_AGE_MS = 24 * 60 * 60 * 1000;

interface Owner {
  /** The machine (hostname): processes of other machines may share a folder, but not their pids. */
  host: string;
  pid: number;
  /** This start of the process: a pid is given again after a restart (always 1 in a container). */
  start: string;
}

const hostTag = (hostname: string) =>
  createHash('sha256').update(hostname).digest('hex').slice(0, 6);

const thisProcess: Owner = {
  host: hostTag(os.hostname()),
  pid: process.pid,
  start: randomBytes(3).toString('hex'),
};

const markOf = (owner: Owner) => `o${owner.host}.${owner.pid}.${owner.start}`;
const MARK = /o([0-9a-f]{6})\.(\d+)\.([0-9a-f]{6})-[^.-]*$/;

function ownerOf(name: string): Owner | null {
  const match = MARK.exec(name);
  if (!match) return null;
  return { host: match[1]!, pid: Number(match[2]), start: match[3]! };
}

/** A new, empty folder for one run of a job: `DATA_DIR/tmp/<area>/<prefix><mark>-XXXXXX`. */
export async function makeWorkFolder(
  dataDir: string,
  area: WorkArea,
  prefix = '',
): Promise<string> {
  const parent = path.join(dataDir, 'tmp', area);
  await mkdir(parent, { recursive: true });
  return mkdtemp(path.join(parent, `${prefix}${markOf(thisProcess)}-`));
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether the process that made a work folder is gone. A folder made on another machine is left
 * alone: its pid means nothing here. A pid still running here keeps its folders, even if it was
 * given again to an unrelated process (they are then removed once that one ends).
 */
function isAbandoned(owner: Owner): boolean {
  if (owner.host !== thisProcess.host) return false;
  if (owner.pid === thisProcess.pid) return owner.start !== thisProcess.start;
  return !isRunning(owner.pid);
}

/**
 * Removes the work folders (and files) of processes that ended without removing them. Runs at
 * every worker start and then hourly; a folder of a running job is never touched.
 */
export async function removeAbandonedWorkFolders(
  dataDir: string,
  now: Date = new Date(),
): Promise<{ removed: string[] }> {
  const removed: string[] = [];
  for (const area of WORK_AREAS) {
    const parent = path.join(dataDir, 'tmp', area);
    let names: string[];
    try {
      names = await readdir(parent);
    } catch {
      continue;
    }
    for (const name of names) {
      const entry = path.join(parent, name);
      const owner = ownerOf(name);
      const abandoned = owner
        ? isAbandoned(owner)
        : await isOlderThan(entry, now.getTime() - UNMARKED_WORK_AGE_MS);
      if (!abandoned) continue;
      await rm(entry, { recursive: true, force: true });
      removed.push(path.join(area, name));
    }
  }
  return { removed };
}

async function isOlderThan(entry: string, cutoffMs: number): Promise<boolean> {
  try {
    return (await stat(entry)).mtimeMs < cutoffMs;
  } catch {
    return false;
  }
}
