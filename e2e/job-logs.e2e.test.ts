import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { GeneratedPackage } from '../packages/server/src/device-packages/generator/make-package.ts';
import { createObjectStorage } from '../packages/server/src/storage/create-object-storage.ts';
import { ingestNow, uploadPackage } from '../packages/server/test/ingestion-test-kit.ts';
import { ActivityLogsPage } from './support/activity-logs-page.ts';
import { ingestGeneratedPackage } from './support/device-packages.ts';
import { describeInBrowser, setUpBrowserSuite } from './support/suite.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'job-logs-'));
const BROKEN = 'LG7301_20050402_000001.luxlz';

describeInBrowser("a job's log in Activity Logs", () => {
  const suite = setUpBrowserSuite();
  let generated: GeneratedPackage;

  // A package ingested as the demo Power User's upload is (its level of detail and thumbnails
  // built too), and one that is not a package at all.
  beforeAll(async () => {
    const live = suite.environment.live;
    ({ generated } = await ingestGeneratedPackage(live, {
      project: 'Archive 2019',
      device: 'LG-7301',
      outDir: path.join(dir, 'good'),
      generatorArgs: ['--scans', '1', '--target-size', '2MB', '--scan-seconds', '5'],
    }));
    const db = live.database.db;
    const power = await db
      .selectFrom('users')
      .select(['id', 'organizationId'])
      .where('username', '=', 'ppower')
      .executeTakeFirstOrThrow();
    const broken = path.join(dir, BROKEN);
    writeFileSync(broken, 'not a zip archive');
    const key = await uploadPackage(createObjectStorage(live.config), power.organizationId, broken);
    await ingestNow(db, live.config, {
      key,
      organizationId: power.organizationId,
      userId: power.id,
    });
  }, 240_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** The ingestion entry of the uploaded package named `name`. */
  async function ingestEntryId(name: string): Promise<number> {
    const row = await suite.environment.live.database.db
      .selectFrom('activityLogs')
      .select('id')
      .where('activityType', '=', 'PackageIngest')
      .where('referenceKey', 'like', `%/packages/${name}`)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function openLogsAsPowerUser(): Promise<ActivityLogsPage> {
    const driver = await suite.launch();
    await driver.signInAs('power user', { startAt: '/activity-logs' });
    const screen = new ActivityLogsPage(driver);
    await screen.open();
    return screen;
  }

  it("opens an ingestion's steps, each with its time, from its entry", async () => {
    const screen = await openLogsAsPowerUser();
    const name = path.basename(generated.luxlzPath);
    const id = await ingestEntryId(name);
    const dialog = await screen.openLogFile(id);
    const text = dialog.getByTestId('log-file-text');
    await text.waitFor();
    await screen.waitForDialogShown();
    const lines = ((await text.textContent()) ?? '').trimEnd().split('\n');
    expect(lines[0]).toMatch(/^PackageIngest job \d+, attempt 1 of 5$/);
    expect(lines[1]).toMatch(
      new RegExp(`^\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\dZ  Started: Ingesting ${name}$`),
    );
    expect(lines.some((line) => /Z {2}Stored scan \S+ \(1 of 1\): /.test(line))).toBe(true);
    expect(lines.some((line) => /Z {2}Completed: Ingested session /.test(line))).toBe(true);
    await suite.driver.screenshot('job-logs-ingestion');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('opens the log of an ingestion that failed, naming the problem', async () => {
    const screen = await openLogsAsPowerUser();
    const id = await ingestEntryId(BROKEN);
    const dialog = await screen.openLogFile(id);
    const text = dialog.getByTestId('log-file-text');
    await text.waitFor();
    const content = (await text.textContent()) ?? '';
    expect(content).toContain(`Started: Ingesting ${BROKEN}`);
    const message = await suite.environment.live.database.db
      .selectFrom('activityLogs')
      .select('message')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(content).toContain(`Error: ${message.message}`);
  });
});
