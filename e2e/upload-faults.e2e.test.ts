import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { EmbeddedObjectStorage } from '../packages/server/src/storage/embedded-storage.ts';
import {
  freePort,
  type ServerProcess,
  startServerProcess,
} from '../packages/server/test/server-process.ts';
import { launchChromium, signInOnLoginPage } from './support/external-portal.ts';
import { PACKAGE_START } from './support/package-upload-page.ts';
import { DEMO_PASSWORD } from './support/portal-environment.ts';
import { describeInBrowser } from './support/suite.ts';

// The portal runs as its own process and is killed (SIGKILL) in the middle of a multipart upload.
// Whatever the engine does next, the stored package must end up byte for byte the picked file.

const MIB = 1024 * 1024;
const FILE_SIZE = 120 * MIB;
const PART_SIZE = 8 * MIB;
const PARTS = Math.ceil(FILE_SIZE / PART_SIZE);
const FILENAME = 'fault.luxlz';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function sha256OfFile(file: string): string {
  return createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}

/** The file an object key is stored in, found by name under DATA_DIR/objects. */
function findObject(dataDir: string, filename: string): string {
  const root = path.join(dataDir, 'objects');
  const matches = (fs.readdirSync(root, { recursive: true }) as string[]).filter(
    (name) => !name.startsWith('.') && path.basename(name) === filename,
  );
  expect(matches).toHaveLength(1);
  return path.join(root, matches[0]!);
}

/**
 * SHA-256 of a stored object read through the embedded store, which may keep a multipart
 * object's bytes in its part files rather than in the file at its key.
 */
async function sha256OfObject(dataDir: string, filename: string): Promise<string> {
  const root = path.join(dataDir, 'objects');
  const key = path.relative(root, findObject(dataDir, filename)).split(path.sep).join('/');
  const storage = new EmbeddedObjectStorage({
    rootDir: root,
    endpoint: 'http://127.0.0.1/storage',
    credentials: { accessKeyId: 'unused', secretAccessKey: 'unused-for-reading' },
  });
  const hash = createHash('sha256');
  for await (const chunk of await storage.getStream(key)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** The part number of a presigned part URL (S3 style: ?partNumber=N). */
function partNumberOf(request: Request): number | null {
  const params = new URL(request.url()).searchParams;
  for (const [name, value] of params) {
    if (name.toLowerCase() === 'partnumber') return Number(value);
  }
  return null;
}

/** Part PUTs as the browser sends them (the upload worker's requests count as the page's). */
function trackPartPuts(page: Page) {
  const sent: number[] = [];
  const stored = new Set<number>();
  page.on('request', (request) => {
    if (request.method() === 'PUT') sent.push(partNumberOf(request) ?? -1);
  });
  page.on('requestfinished', async (request) => {
    if (request.method() !== 'PUT') return;
    const response = await request.response().catch(() => null);
    const partNumber = partNumberOf(request);
    if (response?.status() === 200 && partNumber !== null) stored.add(partNumber);
  });
  return { sent, stored };
}

/** Waits until the server has answered 200 for `count` parts. */
async function untilPartsStored(stored: Set<number>, count: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (stored.size < count) {
    if (Date.now() > deadline) throw new Error(`Only ${stored.size} parts were stored`);
    await sleep(10);
  }
}

describeInBrowser('an upload while the portal process is killed and restarted', () => {
  let workDir: string;
  let dataDir: string;
  let sourceFile: string;
  let env: Record<string, string>;
  let server: ServerProcess | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;

  beforeAll(async () => {
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ap-e2e-fault-'));
    dataDir = path.join(workDir, 'data');
    fs.mkdirSync(dataDir);
    sourceFile = path.join(workDir, FILENAME);
    const out = fs.openSync(sourceFile, 'w');
    for (let written = 0; written < FILE_SIZE; written += 8 * MIB) {
      fs.writeSync(out, randomBytes(Math.min(8 * MIB, FILE_SIZE - written)));
    }
    fs.writeSync(out, PACKAGE_START, 0, PACKAGE_START.length, 0);
    fs.closeSync(out);
    const port = await freePort();
    env = {
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      COOKIE_SECURE: 'false',
      DEMO_PASSWORD,
    };
    server = await startServerProcess(env);
    browser = await launchChromium();
  });

  afterAll(async () => {
    await context?.close().catch(() => {});
    await browser?.close().catch(() => {});
    await server?.kill();
    if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
  });

  it('carries the upload through a crash and restart, storing the exact file', async () => {
    const origin = server!.origin;
    context = await browser!.newContext({
      baseURL: origin,
      viewport: { width: 1280, height: 800 },
    });
    const page: Page = await context.newPage();
    page.setDefaultTimeout(20_000);

    const { sent, stored } = trackPartPuts(page);

    await signInOnLoginPage(page, 'sstandard', '/package-upload');
    await page.getByTestId('package-upload-card').waitFor();
    await page.getByTestId('package-file-input').setInputFiles(sourceFile);
    await page.getByTestId('package-upload-button').click();

    // Past about 20 % (3 of 15 parts stored), the process dies as in a crash.
    await untilPartsStored(stored, Math.ceil(PARTS * 0.2));
    await server!.kill();
    const storedBeforeCrash = new Set(stored);
    const sentBeforeCrash = sent.length;
    expect(storedBeforeCrash.size).toBeLessThan(PARTS);
    await sleep(1_000);
    const restartStarted = Date.now();
    server = await startServerProcess(env);
    console.info(`The portal restarted in ${Date.now() - restartStarted} ms`);

    const job = page.locator(
      `[data-testid="upload-panel-progress"] [data-testid="upload-job"][data-filename="${FILENAME}"]`,
    );
    const settled = page.locator(
      `[data-testid="upload-panel-progress"] [data-testid="upload-job"][data-filename="${FILENAME}"]:is([data-state="complete"], [data-state="error"])`,
    );
    await settled.waitFor({ timeout: 60_000 });
    const stateAfterRestart = await job.getAttribute('data-state');
    const shownError = await job.textContent();
    console.info(`After the restart the upload was: ${stateAfterRestart} (${shownError})`);

    // The engine retries each part (and re-signs its URL) until the restarted portal answers.
    expect(stateAfterRestart).toBe('complete');
    const afterCrash = sent.slice(sentBeforeCrash);
    expect(afterCrash.filter((part) => storedBeforeCrash.has(part))).toEqual([]);

    expect(await job.getAttribute('data-state')).toBe('complete');
    expect(((await job.getByTestId('upload-job-chip').textContent()) ?? '').trim()).toBe(
      'Complete',
    );
    expect(await sha256OfObject(dataDir, FILENAME)).toBe(sha256OfFile(sourceFile));
    await context.close();
    context = undefined;
  }, 110_000);

  it('offers an upload cut by a page reload for resumption and sends only the missing parts', async () => {
    context = await browser!.newContext({
      baseURL: server!.origin,
      viewport: { width: 1280, height: 800 },
    });
    const page: Page = await context.newPage();
    page.setDefaultTimeout(20_000);
    const resumedFile = path.join(workDir, 'reloaded.luxlz');
    fs.copyFileSync(sourceFile, resumedFile);
    const { sent, stored } = trackPartPuts(page);

    await signInOnLoginPage(page, 'sstandard', '/package-upload');
    await page.getByTestId('package-upload-card').waitFor();
    await page.getByTestId('package-file-input').setInputFiles(resumedFile);
    await page.getByTestId('package-upload-button').click();
    await untilPartsStored(stored, Math.ceil(PARTS * 0.2));
    const pendingBadge = page.getByTestId('upload-monitor-count').locator('.MuiBadge-badge');
    expect(await pendingBadge.textContent()).toBe('1');
    // The user reloads in the middle of the upload (the before-unload warning is dismissed).
    page.on('dialog', (dialog) => dialog.accept());
    await page.reload({ waitUntil: 'load' });
    const storedBeforeReload = new Set(stored);
    await page.getByTestId('package-upload-card').waitFor();
    const resumable = page
      .getByTestId('resumable-upload')
      .filter({ hasText: 'reloaded.luxlz' })
      .first();
    await resumable.waitFor();
    const before = sent.length;
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      resumable.getByRole('button', { name: 'Resume' }).click(),
    ]);
    await chooser.setFiles(resumedFile);
    const job = page.locator(
      '[data-testid="upload-panel-progress"] [data-testid="upload-job"][data-filename="reloaded.luxlz"]',
    );
    await job.and(page.locator('[data-state="complete"]')).waitFor({ timeout: 60_000 });
    // Nothing pending any more: the top-bar count goes away.
    await page
      .locator('[data-testid="upload-monitor-count"] .MuiBadge-invisible')
      .waitFor({ state: 'attached' });
    const resumedPuts = sent.slice(before);
    expect(resumedPuts.length).toBeGreaterThan(0);
    expect(resumedPuts).not.toContain(-1);
    expect(resumedPuts.length).toBeLessThanOrEqual(PARTS - storedBeforeReload.size);
    expect(resumedPuts.filter((part) => storedBeforeReload.has(part))).toEqual([]);
    expect(new Set(resumedPuts).size).toBe(resumedPuts.length);
    expect(await sha256OfObject(dataDir, 'reloaded.luxlz')).toBe(sha256OfFile(resumedFile));
    await context.close();
    context = undefined;
  }, 110_000);
});
