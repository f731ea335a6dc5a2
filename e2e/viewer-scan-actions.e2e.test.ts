import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { drainJobs } from '../packages/server/test/ingestion-test-kit.ts';
import { ingestGeneratedPackage } from './support/device-packages.ts';
import { ProjectsPage } from './support/projects-page.ts';
import { gtxGrid, ScanActionsPage } from './support/scan-actions-page.ts';
import { describeInBrowser, setUpBrowserSuite } from './support/suite.ts';
import { ViewerPage } from './support/viewer-page.ts';

const DEVICE = 'LG-7011';
const PROJECT = 'Eugene Corridor';
const VERSION = 'ppk-run-3';
const dir = mkdtempSync(path.join(tmpdir(), 'viewer-scan-actions-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describeInBrowser('Viewer scan actions', () => {
  const suite = setUpBrowserSuite();
  let scanId = '';
  let otherScanId = '';
  let versionSize = 0;
  let cloudExtension = '';

  // Two real scans of the project with built clouds, the first with a second version: a copy
  // of its cloud stored beside it under the version's folder, registered as a newer artifact.
  beforeAll(async () => {
    const { live } = suite.environment;
    const db = live.database.db;
    const { generated, storage } = await ingestGeneratedPackage(live, {
      project: PROJECT,
      device: DEVICE,
      outDir: dir,
      generatorArgs: ['--scans', '2', '--target-size', '2MB', '--scan-seconds', '5'],
    });
    scanId = generated.manifest.scans[0]!.id;
    otherScanId = generated.manifest.scans[1]!.id;

    const cloud = await db
      .selectFrom('artifacts')
      .select(['s3Url', 'size'])
      .where('scanId', '=', scanId)
      .where('name', '=', 'unclassified')
      .executeTakeFirstOrThrow();
    const url = new URL(cloud.s3Url ?? '');
    const fromKey = url.pathname.slice(1);
    const toKey = `${path.posix.dirname(fromKey)}/${VERSION}/${path.posix.basename(fromKey)}`;
    await storage.copy(fromKey, toKey);
    versionSize = Number(cloud.size);
    cloudExtension = path.posix.extname(fromKey);
    await db
      .insertInto('artifacts')
      .values({
        scanId,
        artifactType: 'pointcloud',
        name: VERSION,
        url: null,
        s3Url: `s3://${url.host}/${toKey}`,
        status: 'provisional',
        parameters: null,
        size: versionSize,
        created: new Date(Date.now() + 1000),
        lastModified: new Date(),
      })
      .execute();
  }, 180_000);

  async function openFocused(persona: 'power user' | 'standard', id = scanId) {
    const portal = await suite.launch();
    await portal.signInAs(persona, { startAt: `/?scan=${id}` });
    const viewer = new ViewerPage(portal);
    const actions = new ScanActionsPage(portal);
    await actions.waitForFocused(id);
    return { portal, viewer, actions };
  }

  const scanRow = async (id: string) =>
    suite.environment.live.database.db
      .selectFrom('scans')
      .select(['friendlyName', 'comment', 'tags', 'defaultVersion'])
      .where('id', '=', id)
      .executeTakeFirst();

  it('edits the focused scan header: name, comment and a tag of the project', async () => {
    const { viewer, actions } = await openFocused('power user');
    // Publish shows once the organization's buckets have loaded, which may come after the scan.
    await expect
      .poll(() => actions.actionLabels(), { timeout: 10_000 })
      .toEqual([
        'Edit header',
        'Download',
        'Draw bounding box',
        'Process',
        // The demo organization has a bucket to publish to.
        'Publish',
        'Delete scan',
      ]);
    await actions.screenshot('scan-actions-panel');

    await actions.openHeaderDialog();
    const dialog = actions.headerDialog();
    await dialog.getByTestId('scan-header-friendly-name').fill('Corridor north');
    await dialog.getByTestId('scan-header-comment').fill('Checked on site');
    await actions.chooseTag('QA - OK');
    await actions.screenshot('scan-actions-header-dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    expect((await viewer.expectSnackbar('Scan header saved')).severity).toBe('success');
    await dialog.waitFor({ state: 'detached' });

    const stored = await scanRow(scanId);
    expect(stored).toMatchObject({
      friendlyName: 'Corridor north',
      comment: 'Checked on site',
      tags: ['QA - OK'],
    });
    await expect
      .poll(() => viewer.row(scanId).locator('.scan-row-name').textContent())
      .toBe('Corridor north');
    await expect
      .poll(() => actions.panel().getByTestId('focused-scan-name').textContent())
      .toBe('Corridor north');
  });

  it('switches the version: the header changes and the 3D view streams that version', async () => {
    const { portal, viewer, actions } = await openFocused('power user');
    // The panel shows before the scan's details have come.
    await expect.poll(() => actions.version()).toBe('unclassified');
    expect(await actions.versionOptions()).toEqual(['unclassified', VERSION]);

    const lodReads: string[] = [];
    portal.page.on('request', (request) => {
      if (request.url().includes('/lod/')) lodReads.push(request.url());
    });
    await viewer.openTab('3D');
    await expect
      .poll(() => lodReads.some((url) => !url.includes(`/${VERSION}/`)), { timeout: 30_000 })
      .toBe(true);

    await actions.chooseVersion(VERSION);
    expect(
      (await viewer.expectSnackbar(`Version ${VERSION} is now the scan's default`)).severity,
    ).toBe('success');
    expect((await scanRow(scanId))?.defaultVersion).toBe(VERSION);
    await expect.poll(() => actions.version()).toBe(VERSION);

    // Publish delivers the version shown, and says which.
    await actions
      .panel()
      .getByTestId('scan-action-buttons')
      .getByRole('button', { name: 'Publish' })
      .click();
    await expect
      .poll(() => portal.textOf('publish-version-note'))
      .toBe(`Publishes version ${VERSION}, the scan's default version.`);
    await portal.page.getByRole('button', { name: 'Cancel' }).click();
    await portal.byTestId('publish-scans-subtitle').waitFor({ state: 'detached' });

    // The version's level of detail is built by the worker (the test app has none), then the
    // view, which asks again while a cloud is being prepared, reads it.
    const { live } = suite.environment;
    await drainJobs(live.database.db, live.config);
    await expect
      .poll(() => lodReads.some((url) => url.includes(`/${VERSION}/lod/`)), { timeout: 40_000 })
      .toBe(true);
    await actions.screenshot('scan-actions-version-3d');
  }, 120_000);

  it('downloads the most recent cloud of the scan', async () => {
    const { actions } = await openFocused('power user');
    const saved = await actions.download();
    expect(saved.filename).toBe(`${scanId}-${VERSION}${cloudExtension}`);
    expect(saved.size).toBe(versionSize);
  });

  it('shows a version made in the background without a reload, once the page looks again', async () => {
    const { portal, viewer, actions } = await openFocused('power user', otherScanId);
    expect(await actions.versionOptions()).toEqual(['unclassified']);
    const db = suite.environment.live.database.db;
    const cloud = await db
      .selectFrom('artifacts')
      .select('s3Url')
      .where('scanId', '=', otherScanId)
      .where('name', '=', 'unclassified')
      .executeTakeFirstOrThrow();
    const before = await scanRow(otherScanId);
    // What a processing run's end writes: a new version, made the scan's default.
    const added = await db
      .insertInto('artifacts')
      .values({
        scanId: otherScanId,
        artifactType: 'pointcloud',
        name: 'ground-1',
        s3Url: cloud.s3Url,
        status: 'provisional',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('scans')
      .set({ defaultVersion: 'ground-1', lastModified: new Date() })
      .where('id', '=', otherScanId)
      .execute();
    try {
      // The page checks its summary every 30 s, and at once when it is shown again.
      await portal.page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
      await expect.poll(() => actions.version(), { timeout: 15_000 }).toBe('ground-1');
      expect(await actions.versionOptions()).toEqual(['unclassified', 'ground-1']);
      expect(await viewer.row(otherScanId).isVisible()).toBe(true);
    } finally {
      await db.deleteFrom('artifacts').where('id', '=', added.id).execute();
      await db
        .updateTable('scans')
        .set({ defaultVersion: before?.defaultVersion ?? null, lastModified: new Date() })
        .where('id', '=', otherScanId)
        .execute();
    }
  });

  it('draws a bounding box on the map for post processing, and clears it', async () => {
    const { actions } = await openFocused('power user');
    await actions.drawBox([0.35, 0.3], [0.6, 0.65]);
    const chip = actions.panel().getByTestId('scan-bounding-box');
    await chip.waitFor();
    // In the cloud's unit (this scan's CRS is a UTM zone: metres).
    expect(await chip.textContent()).toMatch(/^Box [\d.]+ × [\d.]+ m, z [-\d.]+ – [-\d.]+ m$/);
    expect(await chip.getAttribute('title')).toMatch(
      /: x [\d.]+ – [\d.]+ m, y [\d.]+ – [\d.]+ m, z [-\d.]+ – [-\d.]+ m$/,
    );
    await actions.screenshot('scan-actions-bounding-box');
    await actions.button('Clear bounding box').click();
    await chip.waitFor({ state: 'detached' });
  });

  it('shows a Standard user only Download', async () => {
    const { actions } = await openFocused('standard');
    expect(await actions.actionLabels()).toEqual(['Download']);
    expect(await actions.versionSelect().count()).toBe(0);
    const saved = await actions.download();
    expect(saved.size).toBe(versionSize);
    await actions.screenshot('scan-actions-standard');
  });

  it('deletes the focused scan after confirmation; it leaves the list and the map', async () => {
    const { viewer, actions } = await openFocused('power user', otherScanId);
    await actions.button('Delete scan').click();
    const confirmDialog = actions.confirmDialog();
    await confirmDialog.waitFor();
    expect(await confirmDialog.locator('#confirm-dialog-title').textContent()).toBe(
      'Confirm Scan Deletion',
    );
    expect(await confirmDialog.textContent()).toContain(
      `Are you sure you want to delete scan '${otherScanId}'?`,
    );
    await actions.screenshot('scan-actions-delete-confirm');
    await confirmDialog.getByRole('button', { name: 'Cancel' }).click();
    await confirmDialog.waitFor({ state: 'detached' });
    expect(await scanRow(otherScanId)).toBeDefined();

    await actions.button('Delete scan').click();
    await confirmDialog.getByRole('button', { name: 'Delete' }).click();
    expect((await viewer.expectSnackbar(`Scan ${otherScanId} deleted`)).severity).toBe('success');
    expect(await scanRow(otherScanId)).toBeUndefined();
    await viewer.row(otherScanId).waitFor({ state: 'detached' });
    await actions.panel().waitFor({ state: 'detached' });
    expect(await viewer.scanIds()).not.toContain(otherScanId);
  });

  it('uploads a geoid grid on Projects, lists and chooses it, and refuses a broken one', async () => {
    const portal = await suite.launch();
    await portal.signInAs('admin', { startAt: '/projects' });
    const projects = new ProjectsPage(portal);
    await projects.waitForRows();
    await projects.openEdit(PROJECT);
    const actions = new ScanActionsPage(portal);
    await actions.openGeoidUpload();
    const dialog = actions.geoidDialog();
    const submit = dialog.getByTestId('geoid-upload-submit');

    await actions.chooseGeoidFile(
      'my geoid.gtx',
      gtxGrid({ lat0: 43, lon0: -124, dlat: 0.5, dlon: 0.5, rows: 3, cols: 4 }),
    );
    expect(await dialog.getByTestId('geoid-file-error').textContent()).toBe(
      'Filename cannot have spaces',
    );
    expect(await submit.isDisabled()).toBe(true);
    await actions.chooseGeoidFile('geoid.zip', Buffer.from('zip'));
    expect(await dialog.getByTestId('geoid-file-error').textContent()).toBe(
      'The geoid grid must be a .gtx, .tif or .tiff file',
    );
    await actions.chooseGeoidFile('empty.gtx', Buffer.alloc(0));
    expect(await dialog.getByTestId('geoid-file-error').textContent()).toBe(
      'File size cannot be empty',
    );

    // Bytes that are not a grid: stored, read by the server, refused and removed.
    await actions.chooseGeoidFile('broken.gtx', Buffer.from('not a geoid grid at all'));
    await submit.click();
    const failure = dialog.getByTestId('geoid-upload-error');
    await failure.waitFor();
    expect(await failure.textContent()).toMatch(/^Invalid geoid grid: /);
    await actions.screenshot('geoid-upload-refused');

    const grid = gtxGrid({ lat0: 43, lon0: -124, dlat: 0.5, dlon: 0.5, rows: 3, cols: 4 });
    expect(grid.length).toBe(40 + 3 * 4 * 4);
    await actions.chooseGeoidFile('e2e-oregon.gtx', grid);
    await failure.waitFor({ state: 'detached' });
    await submit.click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await actions.chosenGeoidGrid()).toBe('e2e-oregon.gtx');
    const options = await actions.geoidGridOptions();
    expect(options).toContain('e2e-oregon.gtx');
    expect(options).not.toContain('broken.gtx');
    await actions.screenshot('geoid-upload-chosen');
  }, 60_000);
  it('says, under the focused scan, which version is being made until its job has run', async () => {
    const { actions } = await openFocused('power user');
    await actions.button('Process').click();
    const dialog = actions.portal.byTestId('post-processing-dialog');
    await actions.pickOption(
      dialog.getByRole('combobox', { name: /^Pipeline/ }),
      'Ground classification',
    );
    await dialog.getByLabel(/^Version Name/).fill('ground-e2e');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await dialog.waitFor({ state: 'detached' });
    const chip = actions.panel().getByTestId('scan-processing');
    await chip.waitFor();
    expect(await chip.textContent()).toBe('ground-e2e: processing');
    await actions.screenshot('scan-actions-processing');

    await drainJobs(suite.environment.live.database.db, suite.environment.live.config);
    await chip.waitFor({ state: 'detached', timeout: 20_000 });
    await expect.poll(() => actions.versionOptions(), { timeout: 15_000 }).toContain('ground-e2e');
  }, 90_000);
});
