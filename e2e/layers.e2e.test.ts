/// <reference lib="dom" />
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CONFIRM_LAYER_DELETION,
  FIELD_REQUIRED,
  GEOTIFF_TOO_SMALL,
  LAYER_CREATED,
  LAYER_DELETED,
  LAYER_FILE_TYPE_INVALID,
  LAYER_MESSAGES,
  LAYER_NAME_INVALID,
  LAYER_UPLOAD_AUTO_CLOSE_MS,
  LAYER_WARNINGS,
  SELECT_PROJECT,
} from '@asset-portal/shared';
import { unzipSync, zipSync } from 'fflate';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchWebglChromium, waitForMapIdle } from './support/map-harness.ts';
import { PortalDriver } from './support/portal-driver.ts';
import type { PortalEnvironment } from './support/portal-environment.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { describeInBrowser, setUpBrowserSuite } from './support/suite.ts';
import { ViewerPage } from './support/viewer-page.ts';

const FIXTURES =
  process.env.FIXTURES_DIR ?? fileURLToPath(new URL('../../shared/fixtures/', import.meta.url));
const LAYER_FILES = path.join(FIXTURES, 'layers');
const PATH = '/layers';
/** A project of the Power User's organization without demo layers or scans. */
const PROJECT_LABEL = 'Northwind Surveying : Archive 2019';
/** The global demo group, usable in every project of the organization. */
const GLOBAL_GROUP = 'Public boundaries';

/**
 * Each fixture with the name the dialog proposes and the features it holds
 * (fixtures/SOURCES.md: 1 polygon + 1 point; 50 state outlines plus their 50 label points;
 * 83 placemarks; 40 districts; the GeoTIFF's footprint in bounds mode).
 */
const UPLOADS = [
  { file: 'switzerland.geojson', name: 'switzerland', features: 2 },
  { file: 'states.kml', name: 'states', features: 100, group: GLOBAL_GROUP },
  { file: 'iceland.kmz', name: 'iceland', features: 83 },
  { file: 'senate.zip', name: 'senate', features: 40 },
  { file: 'openlayers_example.tif', name: 'openlayers_example', features: 1 },
] as const;

/** The Layers screen and its upload dialog, as a surveyor works them. */
class LayersScreen {
  constructor(readonly portal: PortalDriver) {}

  get page(): Page {
    return this.portal.page;
  }

  table(): Locator {
    return this.page.getByRole('table', { name: 'Layers' });
  }

  row(name: string): Locator {
    return this.table()
      .locator('tbody tr[data-row-id]')
      .filter({ has: this.page.getByTestId('layer-name').getByText(name, { exact: true }) });
  }

  async headers(): Promise<string[]> {
    return (await this.table().locator('thead th').allTextContents()).map((text) => text.trim());
  }

  async cells(name: string): Promise<string[]> {
    return (await this.row(name).locator('td').allTextContents()).map((text) => text.trim());
  }

  /** Names and group headers top to bottom, e.g. ['Group: Public boundaries (1)', 'states']. */
  async layout(): Promise<string[]> {
    return this.table()
      .locator('tbody tr')
      .evaluateAll((rows) =>
        rows.map((row) =>
          row.hasAttribute('data-group-id')
            ? (row.textContent ?? '').trim()
            : (row.querySelector('[data-testid="layer-name"]')?.textContent ?? '').trim(),
        ),
      );
  }

  /** The pager's count, e.g. '1–25 of 30'. */
  async displayedRows(): Promise<string> {
    const text = await this.page.locator('.MuiTablePagination-displayedRows').textContent();
    return (text ?? '').trim();
  }

  async nextPage(): Promise<void> {
    await this.page.getByRole('button', { name: 'Go to next page' }).click();
  }

  dialog(): Locator {
    return this.page.getByTestId('layer-upload-dialog');
  }

  async openUpload(): Promise<void> {
    await this.page.getByRole('button', { name: 'Upload', exact: true }).click();
    await this.dialog().waitFor();
  }

  async chooseFile(file: string | { name: string; buffer: Buffer }): Promise<void> {
    const input = this.dialog().getByTestId('layer-file-input');
    if (typeof file === 'string') await input.setInputFiles(path.join(LAYER_FILES, file));
    else await input.setInputFiles({ ...file, mimeType: 'application/octet-stream' });
  }

  nameField(): Locator {
    return this.dialog().getByTestId('layer-name-input');
  }

  async chooseOption(label: string, option: string): Promise<void> {
    await this.dialog().getByRole('combobox', { name: label }).click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
    await this.page.getByRole('listbox').waitFor({ state: 'detached' });
  }

  /** Uploads a fixture under a name and waits for its row. */
  async upload(file: string, name: string): Promise<void> {
    await this.openUpload();
    await this.chooseFile(file);
    await this.nameField().fill(name);
    await this.submit();
    await this.dialog().waitFor({ state: 'detached', timeout: 10_000 });
    await this.expectSnackbar(LAYER_CREATED(name));
    await this.row(name).waitFor();
  }

  async submit(): Promise<void> {
    await this.dialog().getByRole('button', { name: 'Upload', exact: true }).click();
  }

  async fileError(): Promise<string> {
    return ((await this.dialog().getByTestId('layer-file-error').textContent()) ?? '').trim();
  }

  /** The error box once it shows: its title ('' without one) and its message. */
  async uploadError(): Promise<{ title: string; message: string }> {
    const box = this.dialog().getByTestId('layer-upload-error');
    await box.waitFor();
    const title = box.locator('.MuiAlertTitle-root');
    return {
      title: (await title.count()) > 0 ? ((await title.textContent()) ?? '').trim() : '',
      message: ((await box.getByTestId('layer-upload-error-message').textContent()) ?? '').trim(),
    };
  }

  async closeDialog(): Promise<void> {
    await this.dialog().getByRole('button', { name: 'Cancel' }).click();
    await this.dialog().waitFor({ state: 'detached' });
  }

  /** Waits for a snackbar with this text and closes it so the next one can show. */
  async expectSnackbar(text: string): Promise<string> {
    const bar = this.page.getByTestId('snackbar').filter({ hasText: text });
    await bar.waitFor();
    const severity = (await bar.getAttribute('data-severity')) ?? '';
    await bar.getByRole('button', { name: 'Close' }).click();
    await bar.waitFor({ state: 'detached' });
    return severity;
  }

  async shot(name: string): Promise<void> {
    await saveScreenshot(this.page, `layers-${name}`, { fullPage: true });
  }
}

/** The qgis.zip fixture without its .prj, so the conversion has to assume WGS 84. */
function shapefileWithoutPrj(): Buffer {
  const entries = unzipSync(fs.readFileSync(path.join(LAYER_FILES, 'qgis.zip')));
  const kept = Object.fromEntries(
    Object.entries(entries).filter(([name]) => !name.toLowerCase().endsWith('.prj')),
  );
  return Buffer.from(zipSync(kept));
}

describeInBrowser('Layers', () => {
  const suite = setUpBrowserSuite();
  let webgl: Browser | undefined;

  beforeAll(async () => {
    webgl = await launchWebglChromium();
  });
  afterAll(async () => {
    await webgl?.close();
  });

  const open = async () => {
    const portal = await suite.launch();
    await portal.signInAs('power user', { startAt: PATH });
    return { portal, screen: new LayersScreen(portal) };
  };

  it('uploads each layer file type and lists it, grouped, with its feature count', async () => {
    const { portal, screen } = await open();
    expect(portal.currentPath()).toBe(PATH);
    await expect.poll(() => portal.textOf('page-notice')).toBe(SELECT_PROJECT);

    await portal.chooseProject(PROJECT_LABEL);
    await screen.table().waitFor();
    expect(await screen.headers()).toEqual([
      'Name',
      'Group',
      'Features',
      'Size',
      'Show by default',
      'Hide',
      'Last Modified',
      'Actions',
    ]);
    for (const action of ['Upload', 'Manage Groups', 'Create']) {
      await portal.page.getByRole('button', { name: action, exact: true }).waitFor();
    }

    for (const upload of UPLOADS) {
      await screen.openUpload();
      await screen.chooseFile(upload.file);
      // The name is proposed from the file name.
      expect(await screen.nameField().inputValue()).toBe(upload.name);
      const mode = screen.dialog().getByRole('combobox', { name: 'Mode' });
      if (upload.file.endsWith('.tif')) {
        expect((await mode.textContent())?.trim()).toBe('Bounds');
        await screen.shot('upload-geotiff');
      } else {
        expect(await mode.count()).toBe(0);
      }
      if ('group' in upload) await screen.chooseOption('Group', upload.group);
      // Defaults: shown by default, not hidden.
      expect(
        await screen.dialog().getByRole('checkbox', { name: 'Show by default' }).isChecked(),
      ).toBe(true);
      expect(await screen.dialog().getByRole('checkbox', { name: 'Hide' }).isChecked()).toBe(false);

      // When the success shows and when the dialog goes, as the page sees them: a test under
      // load may notice either late.
      await screen.page.evaluate(() => {
        const times: { shown?: number; closed?: number } = {};
        (window as unknown as { uploadTimes: typeof times }).uploadTimes = times;
        const observer = new MutationObserver(() => {
          const shown = document.querySelector('[data-testid="layer-upload-success"]');
          if (shown && times.shown === undefined) times.shown = performance.now();
          if (!shown && times.shown !== undefined) {
            times.closed = performance.now();
            observer.disconnect();
          }
        });
        observer.observe(document.body, { childList: true, subtree: true });
      });
      await screen.submit();
      const success = screen.dialog().getByTestId('layer-upload-success');
      await success.waitFor();
      expect((await success.textContent())?.trim()).toBe(LAYER_CREATED(upload.name));
      if (upload.file === 'senate.zip') await screen.shot('upload-success');
      // The dialog closes by itself 1.5 s after the success.
      await screen.dialog().waitFor({ state: 'detached', timeout: 10_000 });
      const times = await screen.page.evaluate(
        () => (window as unknown as { uploadTimes: { shown: number; closed: number } }).uploadTimes,
      );
      expect(times.closed - times.shown).toBeGreaterThanOrEqual(LAYER_UPLOAD_AUTO_CLOSE_MS - 100);
      expect(await screen.expectSnackbar(LAYER_CREATED(upload.name))).toBe('success');

      await screen.row(upload.name).waitFor();
      const [name, group, features, size, shown, hidden, modified] = await screen.cells(
        upload.name,
      );
      expect(name).toBe(upload.name);
      expect(group).toBe('group' in upload ? upload.group : 'Ungrouped');
      expect(Number(features)).toBe(upload.features);
      expect(size).toMatch(/^\d+(\.\d)? (B|KB|MB)$/);
      expect([shown, hidden]).toEqual(['Yes', 'No']);
      expect(modified).toMatch(/\d/);
    }

    // Grouped by group, the ungrouped layers last, names sorted within a group.
    expect(await screen.layout()).toEqual([
      `Group: ${GLOBAL_GROUP} (1)`,
      'states',
      'Group: Ungrouped (4)',
      'iceland',
      'openlayers_example',
      'senate',
      'switzerland',
    ]);
    expect(await portal.page.getByRole('combobox', { name: 'Rows per page:' }).textContent()).toBe(
      '25',
    );
    await screen.shot('table');
  });

  it('pages 25 layers at a time, not counting group headers; a split group shows its header again', async () => {
    const { portal, screen } = await open();
    const { createProject: project } = await portal.graphql<{ createProject: { id: string } }>(
      'mutation { createProject(name: "Layer Paging", utm: "32N") { id } }',
    );
    const source = JSON.stringify({
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [8, 47] } },
      ],
    });
    // 30 layers in three groups of 12, 10 and 8: the third group straddles pages 1 and 2.
    const groups = [
      { name: 'Paging A', size: 12 },
      { name: 'Paging B', size: 10 },
      { name: 'Paging C', size: 8 },
    ];
    const layout: string[] = [];
    let n = 0;
    for (const group of groups) {
      const { createVendor: vendor } = await portal.graphql<{ createVendor: { id: string } }>(
        'mutation($n:String!,$p:ID){ createVendor(name:$n, projectId:$p){ id } }',
        { n: group.name, p: project.id },
      );
      layout.push(`Group: ${group.name} (${group.size})`);
      for (let i = 0; i < group.size; i += 1) {
        n += 1;
        const name = `layer ${String(n).padStart(2, '0')}`;
        await portal.graphql(
          'mutation($n:String!,$s:String!,$p:ID!,$v:ID){ createProjectLayer(name:$n, source:$s, projectId:$p, vendorId:$v){ id } }',
          { n: name, s: source, p: project.id, v: vendor.id },
        );
        layout.push(name);
      }
    }
    await portal.visit(PATH);
    await portal.chooseProject('Northwind Surveying : Layer Paging');
    await screen.row('layer 01').waitFor();

    // Page 1: 25 data rows under their three group headers.
    expect(await screen.layout()).toEqual(layout.slice(0, 28));
    expect(await screen.table().locator('tbody tr[data-row-id]').count()).toBe(25);
    expect(await screen.displayedRows()).toBe('1–25 of 30');
    await screen.shot('paging-page-1');

    // Page 2: the rest of the third group, under its header again.
    await screen.nextPage();
    await screen.row('layer 26').waitFor();
    expect(await screen.layout()).toEqual(['Group: Paging C (8)', ...layout.slice(28)]);
    expect(await screen.displayedRows()).toBe('26–30 of 30');
    await screen.shot('paging-page-2');
  });

  it('lets a keyboard reach every field of the upload dialog, the file chooser first', async () => {
    const { portal, screen } = await open();
    await portal.chooseProject(PROJECT_LABEL);
    await screen.openUpload();
    const { page } = portal;
    const focusedName = () =>
      page.evaluate(() => {
        const active = document.activeElement as HTMLInputElement | null;
        const label = active?.labels?.[0]?.textContent ?? active?.getAttribute('aria-label');
        return (label ?? active?.textContent ?? '').replace(/\s*\*$/, '').trim();
      });
    const stops: string[] = [];
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Tab');
      stops.push(await focusedName());
    }
    expect(stops).toEqual(['Choose file', 'Layer Name', 'Comments']);
    expect(
      await screen.dialog().evaluate((dialog) => dialog.contains(document.activeElement)),
    ).toBe(true);
  });

  it("shows the conversion's warnings with the new layer", async () => {
    const { portal, screen } = await open();
    await portal.chooseProject(PROJECT_LABEL);
    await screen.openUpload();
    await screen.chooseFile({ name: 'parcels no prj.zip', buffer: shapefileWithoutPrj() });
    expect(await screen.nameField().inputValue()).toBe('parcels no prj');
    await screen.submit();
    await screen.dialog().getByTestId('layer-upload-success').waitFor();
    expect(
      (await screen.dialog().getByTestId('layer-upload-warning').allTextContents()).map((t) =>
        t.trim(),
      ),
    ).toEqual([LAYER_WARNINGS.noPrj]);
    await screen.shot('upload-warning');
    await screen.dialog().waitFor({ state: 'detached', timeout: 10_000 });
    expect((await screen.cells('parcels no prj'))[2]).toBe('2');
  });

  it('refuses bad files and names with the texts of the spec, creating nothing', async () => {
    const { portal, screen } = await open();
    await portal.chooseProject(PROJECT_LABEL);
    await screen.table().waitFor();
    const created: string[] = [];
    portal.page.on('request', (request) => {
      if (request.postData()?.includes('CreateProjectLayer')) created.push(request.url());
    });

    await screen.openUpload();
    await screen.submit();
    expect(await screen.fileError()).toBe(FIELD_REQUIRED);

    await screen.chooseFile({ name: 'notes.txt', buffer: Buffer.from('just text') });
    await expect.poll(() => screen.fileError()).toBe(LAYER_FILE_TYPE_INVALID);
    expect(await screen.nameField().inputValue()).toBe('notes');
    await screen.submit();
    await screen.shot('bad-type');

    await screen.chooseFile({ name: 'tiny.tif', buffer: Buffer.alloc(999) });
    await expect.poll(() => screen.fileError()).toBe(GEOTIFF_TOO_SMALL);

    // A name the user typed stays when another file is chosen.
    await screen.nameField().fill('ab');
    await screen.chooseFile({
      name: 'not a collection.json',
      buffer: Buffer.from(JSON.stringify({ type: 'Feature', geometry: null, properties: {} })),
    });
    expect(await screen.nameField().inputValue()).toBe('ab');
    await expect.poll(() => screen.dialog().getByText(LAYER_NAME_INVALID).count()).toBe(1);
    await screen.nameField().fill('Not a collection');
    await screen.submit();
    expect(await screen.uploadError()).toEqual({
      title: '',
      message: LAYER_MESSAGES.notFeatureCollection,
    });
    await screen.shot('bad-geojson');

    await screen.chooseFile({
      name: 'no features.geojson',
      buffer: Buffer.from(JSON.stringify({ type: 'FeatureCollection', features: {} })),
    });
    await screen.submit();
    expect(await screen.uploadError()).toEqual({
      title: '',
      message: LAYER_MESSAGES.featuresNotArray,
    });
    await screen.closeDialog();

    expect(created).toEqual([]);
    expect(await screen.row('Not a collection').count()).toBe(0);
  });

  it("says 'Upload failed' with the server's message when the server refuses", async () => {
    const { portal, screen } = await open();
    await portal.chooseProject(PROJECT_LABEL);
    await screen.table().waitFor();
    // A name taken in the project, case aside.
    await screen.upload('switzerland.geojson', 'Cantons once');
    await screen.openUpload();
    await screen.chooseFile('switzerland.geojson');
    await screen.nameField().fill('cantons ONCE');
    await screen.submit();
    expect(await screen.uploadError()).toEqual({
      title: LAYER_MESSAGES.uploadFailed,
      message: "A layer named 'cantons ONCE' already exists in this project.",
    });
    await screen.closeDialog();
    expect(await screen.row('cantons ONCE').count()).toBe(0);

    await portal.page.route('**/graphql', async (route) => {
      if (!route.request().postData()?.includes('CreateProjectLayer')) return route.fallback();
      return route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({ data: null, errors: [{ message: 'Layer storage is unavailable' }] }),
      });
    });
    await screen.openUpload();
    await screen.chooseFile('switzerland.geojson');
    await screen.nameField().fill('Refused layer');
    await screen.submit();
    expect(await screen.uploadError()).toEqual({
      title: LAYER_MESSAGES.uploadFailed,
      message: 'Layer storage is unavailable',
    });
    await screen.shot('server-error');
    await screen.closeDialog();
    expect(await screen.row('Refused layer').count()).toBe(0);
  });

  it('names the missing library when the converter cannot be loaded', async () => {
    const { portal, screen } = await open();
    await portal.chooseProject(PROJECT_LABEL);
    await screen.table().waitFor();
    await portal.page.route(/layer-convert\.worker[^/]*\.js/, (route) =>
      route.fulfill({ status: 404, body: '' }),
    );
    await screen.openUpload();
    await screen.chooseFile('openlayers_example.tif');
    await screen.submit();
    expect(await screen.uploadError()).toEqual({
      title: '',
      message: LAYER_MESSAGES.geoTiffLibraryMissing,
    });
    await screen.chooseFile('senate.zip');
    await screen.submit();
    expect(await screen.uploadError()).toEqual({
      title: '',
      message: LAYER_MESSAGES.shapefileUnsupported,
    });
    await screen.closeDialog();
  });

  it('deletes a layer only after confirmation', async () => {
    const { portal, screen } = await open();
    await portal.chooseProject(PROJECT_LABEL);
    await screen.table().waitFor();
    await screen.upload('switzerland.geojson', 'Short lived');
    const deleteButton = portal.page.getByRole('button', {
      name: 'Delete layer Short lived',
      exact: true,
    });
    const confirmDialog = portal.page
      .getByRole('dialog')
      .filter({ has: portal.page.locator('#confirm-dialog-title') });

    await deleteButton.click();
    await confirmDialog.getByText(CONFIRM_LAYER_DELETION('Short lived')).waitFor();
    await screen.shot('delete-confirm');
    await confirmDialog.getByRole('button', { name: 'Cancel' }).click();
    await confirmDialog.waitFor({ state: 'detached' });
    expect(await screen.row('Short lived').count()).toBe(1);

    await deleteButton.click();
    await confirmDialog.getByRole('button', { name: 'Delete' }).click();
    expect(await screen.expectSnackbar(LAYER_DELETED('Short lived'))).toBe('success');
    await screen.row('Short lived').waitFor({ state: 'detached' });
  });

  // MapLibre needs WebGL: the map is looked at from a browser that has it, on the same app.
  it('draws an uploaded layer on the map and removes it when switched off', async () => {
    const uploader = await suite.launch();
    await uploader.signInAs('power user', { startAt: PATH });
    await uploader.chooseProject(PROJECT_LABEL);
    await new LayersScreen(uploader).upload('states.kml', 'US states upload');

    // The same app, seen from a browser that can draw the map.
    if (!webgl) throw new Error('The WebGL browser did not start');
    const environment = { origin: suite.environment.origin, browser: webgl };
    const portal = await PortalDriver.launch({ on: environment as unknown as PortalEnvironment });
    try {
      await portal.signInAs('power user');
      const viewer = new ViewerPage(portal);
      await portal.chooseProject(PROJECT_LABEL);
      await expect
        .poll(() => viewer.layerChoices(), { timeout: 20_000 })
        .toContainEqual({ name: 'US states upload', shown: true });

      // Only the new layer on, then nothing: what changes is what the layer draws.
      await showOnly(portal.page, ['US states upload']);
      const shown = await mapPixels(portal.page);
      await saveScreenshot(portal.page, 'layers-viewer-map');
      await showOnly(portal.page, []);
      const hidden = await mapPixels(portal.page);
      await saveScreenshot(portal.page, 'layers-viewer-map-off');

      // The states' outlines and fill cover a large part of the default North America view.
      const changed = shown.filter((value, index) => Math.abs(value - (hidden[index] ?? 0)) > 24);
      expect(changed.length / shown.length).toBeGreaterThan(0.05);
    } finally {
      await portal.close();
    }
  });
});

/** Switches the viewer's layers so that exactly these are drawn, and waits for the map. */
async function showOnly(page: Page, names: readonly string[]): Promise<void> {
  await page.getByRole('button', { name: 'Layers', exact: true }).click();
  const options = page.getByRole('menuitemcheckbox');
  await options.first().waitFor();
  for (const option of await options.all()) {
    const name = ((await option.locator('.layer-name').textContent()) ?? '').trim();
    const checked = (await option.getAttribute('aria-checked')) === 'true';
    if (checked !== names.includes(name)) await option.click();
  }
  await page.keyboard.press('Escape');
  await options.first().waitFor({ state: 'detached' });
  await waitForMapIdle(page);
}

/** The map canvas as one brightness sample per 4 × 4 pixels. */
function mapPixels(page: Page): Promise<number[]> {
  return page.evaluate(() => {
    const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="scan-map"] canvas');
    if (!canvas) throw new Error('no map canvas');
    const copy = document.createElement('canvas');
    copy.width = canvas.width;
    copy.height = canvas.height;
    const context = copy.getContext('2d');
    if (!context) throw new Error('no 2d context');
    context.drawImage(canvas, 0, 0);
    const { data, width, height } = context.getImageData(0, 0, copy.width, copy.height);
    const samples: number[] = [];
    for (let y = 0; y < height; y += 4) {
      for (let x = 0; x < width; x += 4) {
        const i = (y * width + x) * 4;
        samples.push((data[i] ?? 0) + (data[i + 1] ?? 0) + (data[i + 2] ?? 0));
      }
    }
    return samples;
  });
}
