/// <reference lib="dom" />
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  FILE_SIZE_EMPTY,
  IMPORTED_SCAN_NOT_LAS,
  IMPORTED_SCAN_SUBMITTED,
  SCAN_NOT_REPROCESSABLE,
  SELECT_PROJECT,
  UTM_HINT,
  VALUE_REQUIRED,
} from '@asset-portal/shared';
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { drainJobs } from '../packages/server/test/ingestion-test-kit.ts';
import { PROCESS_AGAIN_LABEL } from '../packages/web/src/features/imported-scans/imported-scan-texts.ts';
import type { PortalDriver } from './support/portal-driver.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { describeInBrowser, setUpBrowserSuite } from './support/suite.ts';
import { ViewerPage } from './support/viewer-page.ts';

const FIXTURES =
  process.env.FIXTURES_DIR ?? fileURLToPath(new URL('../../shared/fixtures/', import.meta.url));
/** WGS 84 / UTM 42N in its GeoTIFF keys and WKT, 38,367 points (fixtures/SOURCES.md). */
const HEXBIN = path.join(FIXTURES, 'pointcloud/hexbin-crop.las');
const HEXBIN_POINTS = '38,367';
const AUTZEN_7 = path.join(FIXTURES, 'pointcloud/autzen_trim_7.las');
const AUTZEN_UTM = path.join(FIXTURES, 'pointcloud/autzen-utm.las');
const PATH = '/imported-scans';
const PROJECT = 'Kandahar Survey';
const PROJECT_LABEL = `Northwind Surveying : ${PROJECT}`;

/** The Imported Scans screen as a surveyor works it. */
class ImportedScansScreen {
  constructor(readonly portal: PortalDriver) {}

  get page(): Page {
    return this.portal.page;
  }

  table(): Locator {
    return this.page.getByRole('table', { name: 'Imported scans' });
  }

  row(name: string): Locator {
    return this.table()
      .locator('tbody tr[data-row-id]')
      .filter({
        has: this.page.getByTestId('imported-scan-name-cell').getByText(name, { exact: true }),
      });
  }

  async headers(): Promise<string[]> {
    return (await this.table().locator('thead th').allTextContents()).map((text) => text.trim());
  }

  async cells(name: string): Promise<string[]> {
    return (await this.row(name).locator('td').allTextContents()).map((text) => text.trim());
  }

  async idOf(name: string): Promise<string> {
    return (await this.row(name).getAttribute('data-row-id')) ?? '';
  }

  /** Waits (the screen polls every 5 s) until the row's status chip reads `status`. */
  async waitForStatus(name: string, status: string, timeout = 60_000): Promise<void> {
    await this.row(name)
      .getByTestId('imported-scan-status')
      .filter({ hasText: new RegExp(`^${status}$`) })
      .waitFor({ timeout });
  }

  processingChip(name: string): Locator {
    return this.row(name).getByTestId('imported-scan-processing');
  }

  dialog(): Locator {
    return this.portal.byTestId('imported-scan-dialog');
  }

  editDialog(): Locator {
    return this.portal.byTestId('imported-scan-edit-dialog');
  }

  async openCreate(): Promise<void> {
    await this.page.getByRole('button', { name: 'Create Imported Scan' }).click();
    await this.dialog().waitFor();
  }

  async fillCreate(values: {
    name?: string;
    comment?: string;
    utm?: string;
    captured?: string;
  }): Promise<void> {
    const dialog = this.dialog();
    if (values.captured !== undefined) {
      await dialog.getByTestId('imported-scan-captured').fill(values.captured);
    }
    if (values.name !== undefined) await dialog.getByTestId('imported-scan-name').fill(values.name);
    if (values.comment !== undefined) {
      await dialog.getByTestId('imported-scan-comment').fill(values.comment);
    }
    if (values.utm !== undefined) await dialog.getByTestId('imported-scan-utm').fill(values.utm);
  }

  async pick(file: string | { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
    await this.dialog().getByTestId('imported-scan-file-input').setInputFiles(file);
  }

  async save(dialog: Locator): Promise<void> {
    await dialog.getByRole('button', { name: 'Save' }).click();
  }

  async create(values: {
    name: string;
    comment?: string;
    utm: string;
    captured?: string;
    file: string;
  }) {
    await this.openCreate();
    await this.fillCreate(values);
    await this.pick(values.file);
    await this.save(this.dialog());
  }

  async edit(name: string, values: { name?: string; comment?: string; utm?: string }) {
    await this.row(name)
      .getByRole('button', { name: `Edit imported scan ${name}` })
      .click();
    const dialog = this.editDialog();
    await dialog.waitFor();
    if (values.name !== undefined)
      await dialog.getByTestId('imported-scan-edit-name').fill(values.name);
    if (values.comment !== undefined) {
      await dialog.getByTestId('imported-scan-edit-comment').fill(values.comment);
    }
    if (values.utm !== undefined)
      await dialog.getByTestId('imported-scan-edit-utm').fill(values.utm);
    await this.save(dialog);
    await dialog.waitFor({ state: 'detached' });
  }

  /** Waits for the snackbar with this text and returns its severity. */
  async expectSnackbar(text: string): Promise<string> {
    const bar = this.page.getByTestId('snackbar').filter({ hasText: text }).first();
    await bar.waitFor();
    return (await bar.getAttribute('data-severity')) ?? '';
  }

  async dismissSnackbars(): Promise<void> {
    for (const button of await this.page
      .getByTestId('snackbar')
      .getByRole('button', { name: 'Close' })
      .all()) {
      await button.click().catch(() => {});
    }
  }
}

async function shot(portal: PortalDriver, name: string): Promise<void> {
  await saveScreenshot(portal.page, `imported-${name}`, { fullPage: true });
}

describeInBrowser('Imported Scans', () => {
  const suite = setUpBrowserSuite();
  /** Runs the queued jobs the way the worker would (the test app runs none by itself). */
  const runJobs = () =>
    drainJobs(suite.environment.live.database.db, suite.environment.live.config);
  const importedScanCount = async () => {
    const row = await suite.environment.live.database.db
      .selectFrom('scans')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('assignmentType', '=', 'Imported')
      .executeTakeFirstOrThrow();
    return Number(row.count);
  };

  const scanExists = async (id: string) =>
    (await suite.environment.live.database.db
      .selectFrom('scans')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst()) !== undefined;

  const open = async () => {
    const portal = await suite.launch();
    await portal.signInAs('power user', { startAt: PATH });
    return { portal, screen: new ImportedScansScreen(portal) };
  };

  it('asks for a project, then refuses a bad form without creating anything', async () => {
    const { portal, screen } = await open();
    await expect.poll(() => portal.textOf('page-notice')).toBe(SELECT_PROJECT);
    await portal.chooseProject(PROJECT_LABEL);
    await screen.table().waitFor();
    expect(await screen.headers()).toEqual([
      'Name',
      'Comment',
      'UTM',
      'Points',
      'Captured',
      'Status',
      'Actions',
    ]);

    await screen.openCreate();
    const dialog = screen.dialog();
    expect(await dialog.textContent()).toContain(UTM_HINT);
    expect(await dialog.getByTestId('imported-scan-trajectory').isChecked()).toBe(true);
    await screen.save(dialog);
    // Name, UTM and the file are each required.
    await expect.poll(() => dialog.getByText(VALUE_REQUIRED).count()).toBe(3);

    // A UTM without N or S: the save does nothing and the hint turns red.
    await screen.fillCreate({ name: 'Refused', utm: '42' });
    await screen.pick({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
    expect(await dialog.getByTestId('imported-scan-file-error').textContent()).toBe(
      IMPORTED_SCAN_NOT_LAS,
    );
    await screen.pick({
      name: 'empty.las',
      mimeType: 'application/octet-stream',
      buffer: Buffer.alloc(0),
    });
    // The message in place changes once the form's validation has answered.
    await expect
      .poll(() => dialog.getByTestId('imported-scan-file-error').textContent())
      .toBe(FILE_SIZE_EMPTY);
    await screen.pick(HEXBIN);
    await screen.save(dialog);
    const helper = dialog.getByTestId('imported-scan-utm-helper');
    expect(await helper.textContent()).toBe(UTM_HINT);
    expect(await helper.getAttribute('class')).toContain('Mui-error');
    await shot(portal, 'create-invalid');
    expect(await dialog.isVisible()).toBe(true);
    expect(await importedScanCount()).toBe(0);

    await screen.pick({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
    await screen.fillCreate({ utm: '42N' });
    await screen.save(dialog);
    expect(await dialog.getByTestId('imported-scan-file-error').textContent()).toBe(
      IMPORTED_SCAN_NOT_LAS,
    );
    expect(await importedScanCount()).toBe(0);
  });

  it('deletes the new record again when the upload fails, and says why', async () => {
    const { portal, screen } = await open();
    await portal.chooseProject(PROJECT_LABEL);
    await screen.table().waitFor();
    // The object store refuses the PUT.
    await portal.page.route(
      (url) => !url.pathname.startsWith('/graphql'),
      (route) =>
        route.request().method() === 'PUT'
          ? route.fulfill({ status: 500, body: 'store down' })
          : route.fallback(),
    );
    await screen.create({ name: 'Lost upload', utm: '42N', file: HEXBIN });
    expect(await screen.expectSnackbar('Upload failed: Upload answered HTTP 500')).toBe('error');
    await shot(portal, 'upload-failed');
    // The dialog stays open with the user's input; nothing is left on the server.
    expect(await screen.dialog().getByTestId('imported-scan-name').inputValue()).toBe(
      'Lost upload',
    );
    await expect.poll(importedScanCount).toBe(0);
    expect(await screen.row('Lost upload').count()).toBe(0);
  });

  it('imports a LAS file to Completed with its point count and shows it in the 3D view', async () => {
    const { portal, screen } = await open();
    await portal.chooseProject(PROJECT_LABEL);
    await screen.table().waitFor();
    await screen.openCreate();
    // A file picked before the zone is typed gives it, from its own CRS records.
    await screen.pick(HEXBIN);
    const utmField = screen.dialog().getByTestId('imported-scan-utm');
    await expect.poll(() => utmField.inputValue()).toBe('42N');
    expect(await screen.dialog().getByTestId('imported-scan-utm-helper').textContent()).toBe(
      "From the file's CRS: WGS 84 / UTM zone 42N (EPSG:32642)",
    );
    await shot(portal, 'utm-from-file');
    // Another file picked instead gives its own zone, or none (a Lambert CRS), in place of the
    // zone the first one gave; a zone typed by the user is never replaced.
    await screen.pick(AUTZEN_UTM);
    await expect.poll(() => utmField.inputValue()).toBe('10N');
    expect(await screen.dialog().getByTestId('imported-scan-utm-helper').textContent()).toMatch(
      /^From the file's CRS: .*UTM zone 10N/,
    );
    await screen.pick(AUTZEN_7);
    await expect.poll(() => utmField.inputValue()).toBe('');
    await screen.pick(HEXBIN);
    await expect.poll(() => utmField.inputValue()).toBe('42N');
    // Another zone than the project's (42N) is most often a slip: the dialog says so.
    await screen.fillCreate({ utm: '41N' });
    expect(await screen.dialog().getByTestId('imported-scan-utm-helper').textContent()).toBe(
      UTM_HINT,
    );
    const zoneWarning = screen.dialog().getByTestId('imported-scan-zone-warning');
    expect(await zoneWarning.textContent()).toContain(
      "The project's UTM zone is 42N. Check the zone: this scan will be placed in zone 41N.",
    );
    await shot(portal, 'zone-warning');
    await screen.fillCreate({
      name: 'Hexbin import',
      comment: 'Airborne sample',
      utm: '42n',
      captured: '2024-05-01T10:30',
    });
    await zoneWarning.waitFor({ state: 'detached' });
    await screen.pick(HEXBIN);
    await screen.save(screen.dialog());
    expect(await screen.expectSnackbar(IMPORTED_SCAN_SUBMITTED)).toBe('success');
    await screen.dialog().waitFor({ state: 'detached' });
    await screen.waitForStatus('Hexbin import', 'Pending');
    await shot(portal, 'pending');

    await runJobs();
    await screen.waitForStatus('Hexbin import', 'Completed');
    const [name, comment, utm, points, captured] = await screen.cells('Hexbin import');
    expect([name, comment, utm, points]).toEqual([
      'Hexbin import',
      'Airborne sample',
      '42N',
      HEXBIN_POINTS,
    ]);
    expect(captured).toMatch(/\d/);
    expect(await screen.processingChip('Hexbin import').count()).toBe(0);
    await shot(portal, 'completed');

    // The viewer opens it; an imported scan has no session and must still be selectable.
    const scanId = await screen.idOf('Hexbin import');
    await screen
      .row('Hexbin import')
      .getByRole('link', { name: 'Open imported scan Hexbin import in the viewer' })
      .click();
    const viewer = new ViewerPage(portal);
    await viewer.waitForScans();
    await viewer.typeFilter('Scan ID', scanId);
    await viewer.row(scanId).waitFor();
    expect(await viewer.row(scanId).getByTestId('scan-session').textContent()).toBe('No session');
    expect(await viewer.row(scanId).textContent()).toContain('No session · 2024-05-01 10:30 UTC');
    if (await viewer.isSelected(scanId)) {
      await viewer.toggleSelect(scanId);
      await expect.poll(() => viewer.isSelected(scanId)).toBe(false);
    }
    await viewer.toggleSelect(scanId);
    await expect.poll(() => viewer.isSelected(scanId)).toBe(true);
    await viewer.openTab('3D');
    const rendered = await portal.page.waitForFunction(
      () => {
        const view = document.querySelector<HTMLElement>('[data-testid=pointcloud-view]');
        const count = Number(view?.dataset.renderedPoints ?? 0);
        return count > 0 ? count : false;
      },
      null,
      { timeout: 90_000 },
    );
    expect((await rendered.jsonValue()) as number).toBeGreaterThan(1_000);
    await portal.page.waitForTimeout(1_500);
    await shot(portal, 'viewer-3d');
  });

  it('shows why a job failed, warns that a scan without artifact cannot be reprocessed', async () => {
    const { portal, screen } = await open();
    await portal.chooseProject(PROJECT_LABEL);
    await screen.table().waitFor();
    await screen.create({ name: 'Wrong zone', utm: '10N', file: HEXBIN });
    expect(await screen.expectSnackbar(IMPORTED_SCAN_SUBMITTED)).toBe('success');
    await screen.row('Wrong zone').waitFor();
    await runJobs();

    const chip = screen.processingChip('Wrong zone');
    await chip.filter({ hasText: /^Processing failed$/ }).waitFor({ timeout: 60_000 });
    expect(await chip.getAttribute('class')).toContain('MuiChip-colorError');
    const reason = (await chip.getAttribute('data-message')) ?? '';
    expect(reason).toBe(
      "The file's CRS is WGS 84 / UTM zone 42N (EPSG:32642); the scan's UTM is 10N: set the scan's UTM to 42N, the zone of the file",
    );
    expect(await screen.row('Wrong zone').getByTestId('imported-scan-status').textContent()).toBe(
      'Pending',
    );
    // The reason is written in the row, without the scan's id.
    expect(reason).not.toMatch(/imported scan/);
    expect(await screen.row('Wrong zone').getByTestId('imported-scan-failure').textContent()).toBe(
      reason,
    );
    await shot(portal, 'failed');

    await screen.dismissSnackbars();
    await screen.edit('Wrong zone', { utm: '42N' });
    expect(await screen.expectSnackbar(SCAN_NOT_REPROCESSABLE)).toBe('warning');
    await expect.poll(async () => (await screen.cells('Wrong zone'))[2]).toBe('42N');
    await shot(portal, 'not-reprocessable');

    // With the zone mended, the stored file is processed again from the row.
    await screen.dismissSnackbars();
    await screen
      .row('Wrong zone')
      .getByRole('button', { name: PROCESS_AGAIN_LABEL('Wrong zone') })
      .click();
    expect(await screen.expectSnackbar(IMPORTED_SCAN_SUBMITTED)).toBe('success');
    await runJobs();
    const status = screen.row('Wrong zone').getByTestId('imported-scan-status');
    await status.filter({ hasText: /^Completed$/ }).waitFor({ timeout: 60_000 });
    expect(await screen.row('Wrong zone').getByTestId('imported-scan-failure').count()).toBe(0);
    expect(
      await screen
        .row('Wrong zone')
        .getByRole('button', { name: PROCESS_AGAIN_LABEL('Wrong zone') })
        .count(),
    ).toBe(0);
    expect((await screen.cells('Wrong zone'))[3]).toMatch(/^\d{1,3}(,\d{3})+$/);
    await shot(portal, 'processed-again');

    // autzen_trim_7.las is in a Lambert conformal conic CRS (Oregon, feet): no UTM zone matches.
    await screen.dismissSnackbars();
    await screen.create({ name: 'Autzen import', utm: '42N', file: AUTZEN_7 });
    expect(await screen.expectSnackbar(IMPORTED_SCAN_SUBMITTED)).toBe('success');
    // Opening the next dialog drops that confirmation, which would cover the dialog's buttons.
    // (It would close by itself only 6 s after it showed.)
    await screen.openCreate();
    expect(
      await portal.page
        .getByTestId('snackbar')
        .filter({ hasText: IMPORTED_SCAN_SUBMITTED })
        .count(),
    ).toBe(0);
    await screen.dialog().getByRole('button', { name: 'Cancel' }).click();
    await screen.dialog().waitFor({ state: 'detached' });
    await screen.row('Autzen import').waitFor();
    await runJobs();
    const autzen = screen.processingChip('Autzen import');
    await autzen.filter({ hasText: /^Processing failed$/ }).waitFor({ timeout: 60_000 });
    expect(await autzen.getAttribute('data-message')).toMatch(
      /The file's CRS is .*Lambert.*; the scan's UTM is 42N/,
    );
  });

  it('refuses a zone its file contradicts, keeping the scan as it was, then deletes it', async () => {
    const { portal, screen } = await open();
    await portal.chooseProject(PROJECT_LABEL);
    await screen.row('Hexbin import').waitFor();
    const before = await screen.cells('Hexbin import');

    // The file declares 42N: saving 41N is refused with the reason, and nothing changes.
    await screen
      .row('Hexbin import')
      .getByRole('button', { name: 'Edit imported scan Hexbin import' })
      .click();
    const dialog = screen.editDialog();
    await dialog.getByTestId('imported-scan-edit-comment').fill('Zone changed');
    await dialog.getByTestId('imported-scan-edit-utm').fill('41N');
    await dialog.getByRole('button', { name: 'Save' }).click();
    expect(
      await screen.expectSnackbar(
        "The file's CRS is WGS 84 / UTM zone 42N (EPSG:32642); the scan's UTM is 41N: set the scan's UTM to 42N, the zone of the file",
      ),
    ).toBe('error');
    expect(await dialog.getByTestId('imported-scan-edit-utm').inputValue()).toBe('41N');
    await shot(portal, 'zone-refused');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await screen.cells('Hexbin import')).toEqual(before);
    expect(await screen.processingChip('Hexbin import').count()).toBe(0);

    const scanId = await screen.idOf('Hexbin import');
    expect(await scanExists(scanId)).toBe(true);
    await screen
      .row('Hexbin import')
      .getByRole('button', { name: 'Delete imported scan Hexbin import' })
      .click();
    const confirmDialog = portal.page.getByRole('dialog').filter({ hasText: 'Hexbin import' });
    await confirmDialog.getByRole('button', { name: 'Delete' }).click();
    await screen.row('Hexbin import').waitFor({ state: 'detached' });
    await shot(portal, 'deleted');
    expect(await scanExists(scanId)).toBe(false);
    // The other scans stay (the list is fetched again after the delete).
    await expect.poll(() => screen.row('Wrong zone').count()).toBe(1);
  });
});
