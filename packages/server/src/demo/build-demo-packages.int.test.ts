import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultFixturesDir } from '../device-packages/generator/options.ts';
import { ORPHANED_BUILD_EXIT_CODE, spawnDemoPackageBuild } from './demo-package-files.ts';
import { DEMO_PACKAGES } from './demo-packages.ts';

describe('the demo packages built aside', () => {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'ap-demo-build-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('stop when the portal that started the build is gone, before finishing it', async () => {
    const started = performance.now();
    const child = spawnDemoPackageBuild(DEMO_PACKAGES, folder, defaultFixturesDir());
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    // What the child sees when the portal's process ends, however it ends: its channel closes.
    setTimeout(() => child.disconnect(), 500);
    expect(await exited).toBe(ORPHANED_BUILD_EXIT_CODE);
    // Building all the demo packages takes 10 s and more.
    expect(performance.now() - started).toBeLessThan(8_000);
    expect(readdirSync(folder).filter((name) => /\.lux[li]z$/.test(name))).toEqual([]);
  });
});
