import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  drainJobs,
  ingestNow,
  uploadPackage,
} from '../packages/server/src/modules/ingestion/ingestion-test-kit.ts';
import { makePackage } from '../packages/server/src/packages/generator/make-package.ts';
import { parseGeneratorArgs } from '../packages/server/src/packages/generator/options.ts';
import { createObjectStorage } from '../packages/server/src/storage/create-object-storage.ts';
import { factories } from '../packages/server/test/factories.ts';
import { ProfilePanelDriver } from './support/profile-panel.ts';
import { describeInBrowser, setUpBrowserSuite } from './support/suite.ts';

const DEVICE = 'LG-7007';
const PROJECT = 'Eugene Corridor';
const dir = mkdtempSync(path.join(tmpdir(), 'viewer-profile-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describeInBrowser('Viewer elevation profile', () => {
  const suite = setUpBrowserSuite();
  let scanId = '';

  // A real scan of the project with a built point cloud: a generated device package ingested
  // the way an upload is, which also builds the cloud's level of detail.
  beforeAll(async () => {
    const generated = await makePackage(
      parseGeneratorArgs([
        '--out',
        path.join(dir, 'package'),
        '--device',
        DEVICE,
        '--scans',
        '1',
        '--target-size',
        '2MB',
        '--scan-seconds',
        '5',
      ]),
    );
    const { live } = suite.environment;
    const db = live.database.db;
    const project = await db
      .selectFrom('projects')
      .select(['id', 'organizationId'])
      .where('name', '=', PROJECT)
      .executeTakeFirstOrThrow();
    await factories.device(db, project.organizationId, DEVICE);
    await db
      .insertInto('deviceAssignments')
      .values({
        deviceId: DEVICE,
        projectId: project.id,
        fromTimestamp: new Date('2000-01-01T00:00:00Z'),
        toTimestamp: null,
      })
      .execute();
    const power = await db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'ppower')
      .executeTakeFirstOrThrow();
    const storage = createObjectStorage(live.config);
    const key = await uploadPackage(storage, project.organizationId, generated.luxlzPath);
    await ingestNow(db, live.config, {
      key,
      organizationId: project.organizationId,
      userId: power.id,
    });
    await drainJobs(db, live.config);
    scanId = generated.manifest.scans[0]!.id;
  }, 180_000);

  it('draws a line on the map, charts elevation against distance with a readout, and downloads it as CSV', async () => {
    const portal = await suite.launch();
    await portal.signInAs('power user', { startAt: `/?scan=${scanId}` });
    const profile = new ProfilePanelDriver(portal);
    await profile.open();
    await expect.poll(() => profile.drawButton().isEnabled()).toBe(true);
    expect(await profile.text('profile-prompt')).toBe(
      'Draw a line on the map to see the elevation along it',
    );
    await profile.zoomToSelectedScans();

    // A cross through the middle of the scan's path, whichever way the path runs.
    await profile.drawLine([
      [0.2, 0.5],
      [0.8, 0.5],
      [0.5, 0.2],
      [0.5, 0.8],
    ]);
    await portal.screenshot('viewer-profile-line-drawn');
    await profile.chart().waitFor({ timeout: 60_000 });
    const summary = await profile.text('profile-summary');
    const [, length, count] = /^Length ([\d.]+) m · ([\d,]+) points$/.exec(summary) ?? [];
    expect(Number(length)).toBeGreaterThan(0);
    const pointCount = Number((count ?? '0').replaceAll(',', ''));
    expect(pointCount).toBeGreaterThan(0);
    expect(await profile.text('profile-readout')).toBe('Point at the chart to read a point');

    await profile.hoverChart(0.5);
    expect(await profile.text('profile-readout')).toMatch(
      /^Distance \d+\.\d{2} m · Elevation -?\d+\.\d{2} m$/,
    );
    await portal.screenshot('viewer-profile-chart');

    const csv = await profile.downloadCsv();
    expect(csv.name).toMatch(/^elevation-profile-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.csv$/);
    const rows = csv.text.trimEnd().split('\r\n');
    expect(rows[0]).toBe('distance_m,elevation,lon,lat');
    expect(rows).toHaveLength(pointCount + 1);
    const distances = rows.slice(1).map((row) => Number(row.split(',')[0]));
    expect(distances).toEqual([...distances].sort((a, b) => a - b));

    // A corridor outside the allowed range is refused before anything is asked.
    await profile.setCorridorWidth('60');
    expect(
      await profile
        .panel()
        .getByText('The corridor width must be between 0.1 and 50 metres')
        .isVisible(),
    ).toBe(true);
    // A wider corridor holds at least as many points.
    await profile.setCorridorWidth('4');
    await expect
      .poll(
        async () => {
          const text = await profile.text('profile-summary').catch(() => '');
          return Number(/· ([\d,]+) points$/.exec(text)?.[1]?.replaceAll(',', '') ?? 0);
        },
        { timeout: 60_000 },
      )
      .toBeGreaterThan(pointCount);

    await profile.panel().getByTestId('profile-clear').click();
    expect(await profile.text('profile-prompt')).toBe(
      'Draw a line on the map to see the elevation along it',
    );
  });
});
