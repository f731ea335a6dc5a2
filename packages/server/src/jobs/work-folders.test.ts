import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  makeWorkFolder,
  removeAbandonedWorkFolders,
  UNMARKED_WORK_AGE_MS,
} from './work-folders.ts';

let dataDir: string;
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ap-work-folders-'));
});
afterEach(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A folder named like `made` but as if another process had made it. */
function sibling(
  made: string,
  change: (mark: { host: string; pid: string; start: string }) => void,
) {
  const name = path
    .basename(made)
    .replace(
      /o([0-9a-f]{6})\.(\d+)\.([0-9a-f]{6})-/,
      (_all, host: string, pid: string, start: string) => {
        const mark = { host, pid, start };
        change(mark);
        return `o${mark.host}.${mark.pid}.${mark.start}-`;
      },
    );
  const folder = path.join(path.dirname(made), name);
  fs.mkdirSync(folder);
  fs.writeFileSync(path.join(folder, 'package.luxlz'), 'partial copy');
  return folder;
}

/** The pid of a process that has ended. */
function endedPid(): number {
  const child = spawnSync(process.execPath, ['-e', '']);
  return child.pid!;
}

describe('work folders of jobs', () => {
  it('are made under DATA_DIR/tmp/<area>, named by the process that made them', async () => {
    const folder = await makeWorkFolder(dataDir, 'ppk', 'run-7-');
    expect(path.dirname(folder)).toBe(path.join(dataDir, 'tmp', 'ppk'));
    expect(path.basename(folder)).toMatch(new RegExp(`^run-7-o[0-9a-f]{6}\\.${process.pid}\\.`));
    expect(fs.readdirSync(folder)).toEqual([]);
    expect(await makeWorkFolder(dataDir, 'ppk', 'run-7-')).not.toBe(folder);
  });

  it('are removed when their process has ended, never while it runs', async () => {
    const own = await makeWorkFolder(dataDir, 'ingestion');
    const dead = sibling(own, (mark) => {
      mark.pid = String(endedPid());
    });
    const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)']);
    try {
      const alive = sibling(own, (mark) => {
        mark.pid = String(sleeper.pid);
      });
      const { removed } = await removeAbandonedWorkFolders(dataDir);
      expect(removed).toEqual([path.join('ingestion', path.basename(dead))]);
      expect(fs.existsSync(dead)).toBe(false);
      expect(fs.existsSync(own)).toBe(true);
      expect(fs.existsSync(alive)).toBe(true);
    } finally {
      sleeper.kill('SIGKILL');
    }
  });

  it('of an earlier start of the same pid (a restarted container) are removed', async () => {
    const own = await makeWorkFolder(dataDir, 'publish', 'scan-1-');
    const earlier = sibling(own, (mark) => {
      mark.start = mark.start === '000000' ? '000001' : '000000';
    });
    await removeAbandonedWorkFolders(dataDir);
    expect(fs.existsSync(earlier)).toBe(false);
    expect(fs.existsSync(own)).toBe(true);
  });

  it("of another machine's processes are left alone: their pids mean nothing here", async () => {
    const own = await makeWorkFolder(dataDir, 'process-scan', 'run-');
    const elsewhere = sibling(own, (mark) => {
      mark.host = mark.host === 'abcdef' ? 'fedcba' : 'abcdef';
      mark.pid = String(endedPid());
    });
    await removeAbandonedWorkFolders(dataDir);
    expect(fs.existsSync(elsewhere)).toBe(true);
  });

  it('without a mark (named before marks) are removed a day after they were last written', async () => {
    const parent = path.join(dataDir, 'tmp', 'basestations');
    fs.mkdirSync(parent, { recursive: true });
    const old = path.join(parent, '6f1c0e3a.zip');
    const recent = path.join(parent, 'run-abc123');
    fs.writeFileSync(old, 'zip');
    fs.mkdirSync(recent);
    const dayAndMinuteAgo = new Date(Date.now() - UNMARKED_WORK_AGE_MS - 60_000);
    fs.utimesSync(old, dayAndMinuteAgo, dayAndMinuteAgo);
    const { removed } = await removeAbandonedWorkFolders(dataDir);
    expect(removed).toEqual([path.join('basestations', '6f1c0e3a.zip')]);
    expect(fs.existsSync(recent)).toBe(true);
  });

  it("leave other folders of tmp alone (the level of detail's resumable builds)", async () => {
    const lod = path.join(dataDir, 'tmp', 'lod', 'scan-1-abc');
    fs.mkdirSync(lod, { recursive: true });
    const old = new Date(Date.now() - 2 * UNMARKED_WORK_AGE_MS);
    fs.utimesSync(lod, old, old);
    await removeAbandonedWorkFolders(dataDir);
    expect(fs.existsSync(lod)).toBe(true);
  });
});
