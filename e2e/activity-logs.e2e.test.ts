import { routeByName } from '@asset-portal/shared';
import { beforeAll, expect, it } from 'vitest';
import type { ActivityStatus } from '../packages/server/src/db/schema.ts';
import { ActivityLogData, ActivityLogsPage, type LogSeed } from './support/activity-logs-page.ts';
import type { Persona } from './support/portal-driver.ts';
import { describeInBrowser, setUpBrowserSuite } from './support/suite.ts';

const UPLOAD_STATUSES: ActivityStatus[] = ['Submitted', 'Started', 'Completed', 'Error'];
const LOG_TEXT = '2024-05-01 08:00:01 ingest started\n2024-05-01 08:00:09 42 scans registered\n';

describeInBrowser('the Activity Logs screen', () => {
  const suite = setUpBrowserSuite();
  let data: ActivityLogData;
  let logFileRow: number;
  let bigFileRow: number;

  beforeAll(async () => {
    data = new ActivityLogData(
      suite.environment.live.database.db,
      suite.environment.live.config.dataDir,
    );
    const uploads: LogSeed[] = Array.from({ length: 55 }, (_, i) => ({
      activityType: 'PackageUpload',
      status: UPLOAD_STATUSES[i % UPLOAD_STATUSES.length]!,
      username: i % 3 === 0 ? 'ppower' : 'sstandard',
      message: `Upload of package-${String(i).padStart(2, '0')}.luxlz`,
      payload: { filename: `package-${i}.luxlz`, upload_id: `u-${i}` },
      metrics: { fileSize: 1_572_864 },
      minutesAgo: 10 + i,
    }));
    const ingests: LogSeed[] = Array.from({ length: 4 }, (_, i) => ({
      activityType: 'PackageIngest',
      status: 'Failed',
      username: 'aadmin',
      message: `Ingest ${i} failed: manifest missing`,
      minutesAgo: 70 + i,
    }));
    await data.insert([...uploads, ...ingests]);
    const fileUrl = await data.writeLogFile('ppower', 'ingest-0042.log', LOG_TEXT);
    [logFileRow, bigFileRow] = (await data.insert([
      {
        activityType: 'PackageIngest',
        status: 'Completed',
        username: 'ppower',
        message: 'Ingest of survey-0042.luxlz',
        logFileUrl: fileUrl,
        minutesAgo: 1,
      },
      {
        activityType: 'PackageUpload',
        status: 'Completed',
        username: 'sstandard',
        message: 'Upload of corridor-full.luxlz',
        payload: { filename: 'corridor-full.luxlz', parts: 687 },
        metrics: { fileSize: 3_435_973_837 },
        minutesAgo: 2,
      },
    ])) as [number, number];
  });

  async function openAs(persona: Persona): Promise<ActivityLogsPage> {
    const driver = await suite.launch();
    await driver.signInAs(persona, { startAt: '/activity-logs' });
    const screen = new ActivityLogsPage(driver);
    await screen.open();
    return screen;
  }

  it('pages 10 rows by default, then 25 and 50, newest first', async () => {
    const screen = await openAs('admin');
    const total = await data.count({});
    await screen.waitForRowCount(10);
    expect(await screen.pagerText()).toBe(`1–10 of ${total}`);
    expect(await screen.pageSizeOptions()).toEqual(['10', '25', '50']);
    expect(await screen.page.getByRole('switch', { name: 'Auto-refresh' }).isChecked()).toBe(false);
    // The browser's own offset (the tests' chromium runs in the machine's zone).
    const offset = await screen.page.evaluate(() => -new Date().getTimezoneOffset());
    const zone = `UTC${offset < 0 ? '−' : '+'}${String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0')}:${String(Math.abs(offset) % 60).padStart(2, '0')}`;
    expect(await screen.page.getByTestId('activity-logs-time-note').textContent()).toBe(
      `Times are in your local time (${zone}); log files are stamped in UTC (Z).`,
    );
    // Newest first: the sign-in just made, then the seeded rows from one and two minutes ago.
    const messages = await screen.column(2);
    expect(messages.slice(0, 3)).toEqual([
      expect.stringContaining('signed in'),
      'Ingest of survey-0042.luxlz',
      'Upload of corridor-full.luxlz',
    ]);
    await suite.driver.screenshot('activity-logs-admin');

    await screen.choosePageSize(25);
    await screen.waitForRowCount(25);
    expect(await screen.pagerText()).toBe(`1–25 of ${total}`);
    await screen.choosePageSize(50);
    await screen.waitForRowCount(50);
    await screen.nextPage();
    await screen.waitForRowCount(Math.min(50, total - 50));
    expect(await screen.pagerText()).toBe(`51–${Math.min(100, total)} of ${total}`);
  });

  it('filters by activity type, status and user', async () => {
    const screen = await openAs('admin');
    expect(await screen.filterOptions('Status')).toEqual([
      'All statuses',
      'Submitted',
      'Started',
      'Completed',
      'Error',
      'Event',
      'Failed',
    ]);
    const types = await screen.filterOptions('Activity Type');
    expect(types).toEqual(expect.arrayContaining(['All types', 'PackageIngest', 'UserLogin']));

    await screen.chooseFilter('Activity Type', 'PackageIngest');
    await screen.waitForRowCount(5);
    expect(new Set(await screen.column(0))).toEqual(new Set(['PackageIngest']));
    await screen.chooseFilter('Status', 'Failed');
    await screen.waitForRowCount(4);
    expect(new Set(await screen.column(1))).toEqual(new Set(['Failed']));
    expect(new Set(await screen.column(3))).toEqual(new Set(['Ada Admin']));

    await screen.chooseFilter('Activity Type', 'All types');
    await screen.chooseFilter('Status', 'Error');
    await screen.chooseFilter('User', 'Sam Standard');
    const expected = await data.count({ status: 'Error', username: 'sstandard' });
    await screen.waitForRowCount(Math.min(10, expected));
    expect(await screen.pagerText()).toBe(`1–${Math.min(10, expected)} of ${expected}`);
    expect(new Set(await screen.column(1))).toEqual(new Set(['Error']));
    expect(new Set(await screen.column(3))).toEqual(new Set(['Sam Standard']));
    await suite.driver.screenshot('activity-logs-filtered');

    // An admin may filter by the users of every organization.
    const users = await screen.filterOptions('User');
    expect(users).toEqual(expect.arrayContaining(['Ada Admin', 'Paul Power', 'Sam Standard']));
  });

  it('expands a row to its payload and metrics with the file size in GB', async () => {
    const screen = await openAs('admin');
    const detail = await screen.expand(bigFileRow);
    expect(await detail.getByTestId('activity-log-file-size').textContent()).toBe(
      'File size: 3.2 GB',
    );
    const metrics = await detail.getByTestId('activity-log-metrics').textContent();
    expect(metrics).toContain('"fileSize": 3435973837');
    const payload = await detail.getByTestId('activity-log-payload').textContent();
    expect(payload).toContain('"filename": "corridor-full.luxlz"');
    expect(payload).toContain('"parts": 687');
    await suite.driver.screenshot('activity-logs-expanded');
  });

  it('shows the log file through its signed link', async () => {
    const screen = await openAs('power user');
    const dialog = await screen.openLogFile(logFileRow);
    await dialog.getByTestId('log-file-text').waitFor();
    await screen.waitForDialogShown();
    expect(await dialog.getByTestId('log-file-text').textContent()).toBe(LOG_TEXT);
    await suite.driver.screenshot('activity-logs-log-file');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('acknowledges one log, then many by type, status and user', async () => {
    const screen = await openAs('admin');
    await screen.chooseFilter('Acknowledged', 'Unacknowledged');
    await screen.waitForRows();
    const box = screen.acknowledgeBox(bigFileRow);
    expect(await box.isChecked()).toBe(false);
    await box.click();
    await screen.row(bigFileRow).waitFor({ state: 'detached' });
    expect(await data.isAcknowledged(bigFileRow)).toBe(true);

    await screen.chooseFilter('Acknowledged', 'Acknowledged');
    await screen.row(bigFileRow).waitFor();
    expect(await screen.acknowledgeBox(bigFileRow).isChecked()).toBe(true);
    await screen.chooseFilter('Acknowledged', 'Unacknowledged');

    await screen.chooseFilter('Activity Type', 'PackageUpload');
    await screen.chooseFilter('Status', 'Error');
    await screen.chooseFilter('User', 'Sam Standard');
    await screen.waitForRows();
    const question = await screen.acknowledgeAll();
    expect(question).toBe(
      'Acknowledge every log of type PackageUpload, status Error, user Sam Standard?',
    );
    const count = await data.count({
      activityType: 'PackageUpload',
      status: 'Error',
      username: 'sstandard',
    });
    await screen.waitForSnackbar(`${count} logs acknowledged`);
    await screen.page.getByText('No activity logs match the filters.').waitFor();
    // Other users' errors stay unacknowledged.
    await screen.chooseFilter('User', 'Paul Power');
    await screen.waitForRows();
  });

  it('picks up a new entry within 10 s when auto-refresh is on', async () => {
    const screen = await openAs('admin');
    await screen.setAutoRefresh(true);
    const [id] = await data.insert([
      {
        activityType: 'PackageUpload',
        status: 'Started',
        username: 'ppower',
        message: 'Upload of fresh-arrival.luxlz',
      },
    ]);
    const started = Date.now();
    await screen.row(id!).waitFor({ timeout: 12_000 });
    expect(Date.now() - started).toBeLessThan(12_000);
    expect(await screen.row(id!).textContent()).toContain('Upload of fresh-arrival.luxlz');
  });

  it('lets a power user filter only by their own organization', async () => {
    const screen = await openAs('power user');
    const ppower = await data.user('ppower');
    const colleagues = await suite.environment.live.database.db
      .selectFrom('users')
      .select('name')
      .where('organizationId', '=', ppower.organizationId)
      .orderBy('name')
      .execute();
    const options = await screen.filterOptions('User');
    expect(options).toEqual(['All users', ...colleagues.map((u) => u.name)]);
    expect(options).not.toContain('Ada Admin');
    // Only the organization's logs are listed.
    const total = await screen.pagerText();
    const own = await suite.environment.live.database.db
      .selectFrom('activityLogs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('organizationId', '=', ppower.organizationId)
      .executeTakeFirstOrThrow();
    expect(total).toBe(`1–10 of ${Number(own.n)}`);
    await suite.driver.screenshot('activity-logs-power-user');
  });

  it('fits its columns beside the menu at 1280 pixels, the longest activity type included', async () => {
    const [thumbnails] = await data.insert([
      {
        activityType: 'ScanImageThumbnails',
        status: 'Completed',
        username: 'aadmin',
        message: 'Made 18 thumbnail(s) of scan LG1003_20240401_083400_02',
        minutesAgo: 0,
      },
    ]);
    try {
      const screen = await openAs('admin');
      await screen.waitForRowCount(10);
      await expect
        .poll(() => screen.column(0).then((types) => types.includes('ScanImageThumbnails')))
        .toBe(true);
      const overflow = await screen.page.evaluate(() => {
        const table = document.querySelector('table');
        const box = table?.parentElement;
        return box ? box.scrollWidth - box.clientWidth : Number.NaN;
      });
      expect(overflow).toBeLessThanOrEqual(0);
      await suite.driver.screenshot('activity-logs-fits-1280');
    } finally {
      await suite.environment.live.database.db
        .deleteFrom('activityLogs')
        .where('id', '=', thumbnails!)
        .execute();
    }
  });

  it('is not open to a standard user', async () => {
    const driver = await suite.launch();
    await driver.signInAs('standard', { startAt: '/activity-logs' });
    await driver.waitForPath('/');
    expect(await driver.menuEntries()).not.toContain(routeByName('ActivityLogs').menuLabel);
  });
});
