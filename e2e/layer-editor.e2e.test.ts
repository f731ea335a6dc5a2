/// <reference lib="dom" />
import {
  FIELD_REQUIRED,
  GROUP_CREATED,
  GROUP_DELETED,
  GROUP_FOR_ALL_ORGANIZATIONS_ADMIN_ONLY,
  GROUP_UPDATED,
  LAYER_CREATED,
  LAYER_MESSAGES,
  LAYER_STYLE_HAS_ID_OR_SOURCE,
  LAYER_STYLES_NOT_ARRAY,
  LAYER_UPDATED,
} from '@asset-portal/shared';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchWebglChromium } from './support/map-harness.ts';
import { PortalDriver } from './support/portal-driver.ts';
import type { PortalEnvironment } from './support/portal-environment.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { describeInBrowser, setUpBrowserSuite } from './support/suite.ts';

const PATH = '/layers';
/** A project of the Power User's organization without demo layers. */
const PROJECT_LABEL = 'Northwind Surveying : Archive 2019';
/** The demo's global group, listed for every project. */
const DEMO_GLOBAL_GROUP = 'Public boundaries';
const LAYER = 'Archive ditch';
const GROUP = 'Pipeline features';
const RENAMED = 'Ditch features';
/** Ditchline's line colour (editor/predefined-styles.ts). */
const DITCH_BLUE: [number, number, number] = [0x15, 0x65, 0xc0];

/** A ditch line, a right-of-way polygon and two kilometre posts near Eugene, Oregon. */
const SOURCE = JSON.stringify({
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      properties: { name: 'Ditch' },
      geometry: {
        type: 'LineString',
        coordinates: [
          [-123.12, 44.04],
          [-123.1, 44.05],
          [-123.08, 44.052],
        ],
      },
    },
    {
      type: 'Feature',
      properties: { name: 'ROW' },
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [-123.121, 44.039],
            [-123.079, 44.051],
            [-123.079, 44.053],
            [-123.121, 44.041],
            [-123.121, 44.039],
          ],
        ],
      },
    },
    {
      type: 'Feature',
      properties: { kp: 'KP 0' },
      geometry: { type: 'Point', coordinates: [-123.12, 44.04] },
    },
    {
      type: 'Feature',
      properties: { kp: 'KP 3' },
      geometry: { type: 'Point', coordinates: [-123.08, 44.052] },
    },
  ],
});

/** The Layers screen with the layer editor and the group manager, as a surveyor uses them. */
class LayerEditorScreen {
  constructor(readonly portal: PortalDriver) {}

  get page(): Page {
    return this.portal.page;
  }

  table(): Locator {
    return this.page.getByRole('table', { name: 'Layers' });
  }

  /** Group headers and layer names, top to bottom, e.g. ['Group: Ungrouped (1)', 'Archive ditch']. */
  async layout(): Promise<string[]> {
    return this.table()
      .locator('tbody tr')
      .evaluateAll((rows) =>
        rows
          .map((row) =>
            row.hasAttribute('data-group-id')
              ? (row.textContent ?? '').trim()
              : (row.querySelector('[data-testid="layer-name"]')?.textContent ?? '').trim(),
          )
          .filter((text) => text !== ''),
      );
  }

  editor(): Locator {
    return this.page.getByTestId('layer-edit-dialog');
  }

  groups(): Locator {
    return this.page.getByTestId('manage-groups-dialog');
  }

  groupForm(): Locator {
    return this.page.getByTestId('group-dialog');
  }

  async button(name: string, within: Locator | Page = this.page): Promise<void> {
    await within.getByRole('button', { name, exact: true }).click();
  }

  /** Replaces the text of one of the editor's CodeMirror fields. */
  async fillCode(testId: string, text: string): Promise<void> {
    const content = this.editor().locator(`[data-testid="${testId}"] .cm-content`);
    await content.click();
    await this.page.keyboard.press('ControlOrMeta+A');
    // One edit replacing the selection: typing would let the editor auto-close brackets and
    // quotes, and clearing first would pass through an empty (valid) text.
    await this.page.keyboard.insertText(text);
  }

  async codeText(testId: string): Promise<string> {
    const lines = this.editor().locator(`[data-testid="${testId}"] .cm-line`);
    return (await lines.allTextContents()).join('\n');
  }

  /** The text of a message under a field; '' when it is not shown. */
  async message(testId: string): Promise<string> {
    const element = this.editor().getByTestId(testId);
    if ((await element.count()) === 0) return '';
    return ((await element.textContent()) ?? '').replace(/\u200b/g, '').trim();
  }

  saveButton(dialog: Locator): Locator {
    return dialog.getByRole('button', { name: 'Save', exact: true });
  }

  async choosePredefined(name: string): Promise<void> {
    await this.editor().getByTestId('predefined-style-button').click();
    await this.page.getByRole('menu').waitFor();
    // A click while the menu still grows can miss its item and leave the menu open.
    await this.page.evaluate(
      'Promise.all(document.getAnimations().map((a) => a.finished.catch(() => {})))',
    );
    await this.page.getByTestId(`predefined-style-${name}`).click();
    await this.page.getByRole('menu').waitFor({ state: 'detached' });
  }

  preview(): Locator {
    return this.editor().getByTestId('style-preview-map');
  }

  /** Waits until the preview map has drawn `count` style layers and gone idle. */
  async waitForPreview(count: number): Promise<void> {
    await this.editor()
      .locator(
        `[data-testid="style-preview-map"][data-drawn-styles="${count}"][data-map-idle="true"]`,
      )
      .waitFor({ state: 'attached' });
    await this.page.evaluate(
      () =>
        new Promise<void>((resolve) =>
          requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
        ),
    );
  }

  /** Pixels of the preview canvas close to a colour (sampled every 2 px). */
  async previewPixels([r, g, b]: [number, number, number], tolerance = 30): Promise<number> {
    return this.page.evaluate(
      ([wanted, tol]) => {
        const canvas = document.querySelector<HTMLCanvasElement>(
          '[data-testid="style-preview-map"] canvas',
        );
        if (!canvas) throw new Error('no preview canvas');
        const copy = document.createElement('canvas');
        copy.width = canvas.width;
        copy.height = canvas.height;
        const context = copy.getContext('2d');
        if (!context) throw new Error('no 2d context');
        context.drawImage(canvas, 0, 0);
        const { data } = context.getImageData(0, 0, copy.width, copy.height);
        let count = 0;
        for (let y = 0; y < copy.height; y += 2) {
          for (let x = 0; x < copy.width; x += 2) {
            const i = (y * copy.width + x) * 4;
            if (
              Math.abs((data[i] ?? 0) - wanted[0]) <= tol &&
              Math.abs((data[i + 1] ?? 0) - wanted[1]) <= tol &&
              Math.abs((data[i + 2] ?? 0) - wanted[2]) <= tol
            ) {
              count += 1;
            }
          }
        }
        return count;
      },
      [[r, g, b], tolerance] as const,
    );
  }

  groupRow(name: string): Locator {
    return this.groups()
      .locator('tbody tr')
      .filter({ has: this.page.getByTestId('group-name').getByText(name) });
  }

  async groupNames(): Promise<string[]> {
    const cells = this.groups().getByTestId('group-name');
    return (await cells.allTextContents()).map((text) => text.trim());
  }

  async expectSnackbar(text: string): Promise<string> {
    const bar = this.page.getByTestId('snackbar').filter({ hasText: text });
    await bar.waitFor();
    const severity = (await bar.getAttribute('data-severity')) ?? '';
    // By text: while a dialog is open the snackbar sits in the part of the page it hides from
    // the accessibility tree.
    await bar.locator('button', { hasText: 'Close' }).click();
    await bar.waitFor({ state: 'detached' });
    return severity;
  }

  /** Waits for the dialogs' fade-in, so a screenshot shows them as the user does. */
  async settled(): Promise<void> {
    await this.page.waitForFunction(() =>
      Array.from(document.querySelectorAll('.MuiDialog-container')).every(
        (element) => getComputedStyle(element).opacity === '1',
      ),
    );
  }

  async shot(name: string): Promise<void> {
    await saveScreenshot(this.page, `layer-editor-${name}`, { fullPage: true });
  }
}

describeInBrowser('Layer editor and groups', () => {
  const suite = setUpBrowserSuite();
  let webgl: Browser | undefined;

  beforeAll(async () => {
    webgl = await launchWebglChromium();
  });
  afterAll(async () => {
    await webgl?.close();
  });

  it('creates a layer, groups it, styles it with a live preview, then renames and deletes the group', async () => {
    // A browser that can draw the preview map, on the suite's app.
    if (!webgl) throw new Error('The WebGL browser did not start');
    const environment = { origin: suite.environment.origin, browser: webgl };
    const portal = await PortalDriver.launch({ on: environment as unknown as PortalEnvironment });
    // Nothing may be fetched from outside the portal: the preview's base map is the bundled one.
    const outside: string[] = [];
    await portal.context.route(
      (url) => !url.href.startsWith(suite.environment.origin),
      (route) => {
        outside.push(route.request().url());
        return route.abort();
      },
    );
    const screen = new LayerEditorScreen(portal);
    const { page } = screen;
    try {
      // From the viewer, as a user comes: its map's stylesheet is then on the page first.
      await portal.signInAs('power user', { startAt: '/' });
      await portal.chooseProject(PROJECT_LABEL);
      await portal.page.locator('.maplibregl-map').first().waitFor();
      await portal.byTestId('menu-entry-layers').click();
      await portal.waitForPath(PATH);
      await screen.table().waitFor();

      // --- Create a layer from pasted GeoJSON ---------------------------------------------------
      await screen.button('Create');
      const editor = screen.editor();
      await editor.waitFor();
      expect(await editor.getByRole('heading').textContent()).toBe('Create Layer');
      // The source starts as an empty FeatureCollection.
      expect(JSON.parse(await screen.codeText('layer-source-editor'))).toEqual({
        type: 'FeatureCollection',
        features: [],
      });
      expect(await screen.message('layer-source-message')).toBe('0 features');
      expect(await screen.saveButton(editor).isDisabled()).toBe(true);
      await editor.getByTestId('layer-name-input').fill(LAYER);

      await screen.fillCode('layer-source-editor', '{"type": "Feature", "features": []}');
      await expect
        .poll(() => screen.message('layer-source-message'))
        .toBe(LAYER_MESSAGES.notFeatureCollection);
      expect(await screen.saveButton(editor).isDisabled()).toBe(true);
      await screen.fillCode('layer-source-editor', '{"type": "FeatureCollection", "features": {}}');
      await expect
        .poll(() => screen.message('layer-source-message'))
        .toBe(LAYER_MESSAGES.featuresNotArray);

      await screen.fillCode('layer-source-editor', SOURCE);
      await expect.poll(() => screen.message('layer-source-message')).toBe('4 features');
      // No styles yet: the preview draws the map's default styles (fill, line, circle, label):
      // the KPs' numbers show under their circles.
      await screen.waitForPreview(4);
      expect(await screen.message('style-preview-note')).toContain('default style');
      await screen
        .editor()
        .locator('[data-testid="style-preview-map"][data-placed-labels="2"]')
        .waitFor({ state: 'attached', timeout: 10_000 });
      // The preview is on screen, not drawn into a box of no height.
      const shown = await screen.preview().boundingBox();
      expect(shown?.height).toBeGreaterThan(200);
      expect(await screen.preview().locator('canvas').isVisible()).toBe(true);
      await screen.shot('create');
      await screen.saveButton(editor).click();
      expect(await screen.expectSnackbar(LAYER_CREATED(LAYER))).toBe('success');
      await editor.waitFor({ state: 'detached' });
      await expect.poll(() => screen.layout()).toEqual(['Group: Ungrouped (1)', LAYER]);

      // --- Manage Groups: create a group (name required) and assign the layer -------------------
      await screen.button('Manage Groups');
      const groups = screen.groups();
      await groups.waitFor();
      await expect.poll(() => screen.groupNames()).toEqual([`${DEMO_GLOBAL_GROUP}Global`]);
      await screen.button('Create Group', groups);
      const form = screen.groupForm();
      await form.waitFor();
      await screen.saveButton(form).click();
      await form.getByText(FIELD_REQUIRED).waitFor();
      await screen.shot('group-name-required');
      await form.getByTestId('group-name-input').fill(GROUP);
      await form.getByTestId('group-description-input').fill('Ditch and right of way');
      expect(await form.getByRole('radio', { name: 'This project' }).isChecked()).toBe(true);
      await screen.saveButton(form).click();
      expect(await screen.expectSnackbar(GROUP_CREATED(GROUP))).toBe('success');
      await form.waitFor({ state: 'detached' });
      await expect
        .poll(() => screen.groupNames())
        .toEqual(expect.arrayContaining([GROUP, `${DEMO_GLOBAL_GROUP}Global`]));

      await screen
        .groupRow(GROUP)
        .getByRole('combobox', { name: `Layers of ${GROUP}` })
        .click();
      await page.getByRole('option', { name: LAYER }).click();
      expect(await screen.expectSnackbar(LAYER_UPDATED(LAYER))).toBe('success');
      // Away from the field, so its list closes (Escape would close the dialog too).
      await groups.getByRole('heading', { name: 'Manage Groups' }).click();
      await expect
        .poll(async () =>
          (await screen.groupRow(GROUP).locator('.MuiChip-label').allTextContents()).join(),
        )
        .toBe(LAYER);
      await screen.shot('groups');
      await screen.button('Close', groups);
      await groups.waitFor({ state: 'detached' });
      // The table groups the layer under its group.
      await expect.poll(() => screen.layout()).toEqual([`Group: ${GROUP} (1)`, LAYER]);
      await screen.shot('table-grouped');

      // --- The rendering-layer editor -----------------------------------------------------------
      await page.getByRole('button', { name: `Edit layer ${LAYER}` }).click();
      await editor.waitFor();
      expect(await editor.getByRole('heading').textContent()).toBe('Edit Layer');
      expect(await screen.codeText('style-json-editor')).toBe('[]');
      await screen.waitForPreview(4);
      const before = await screen.previewPixels(DITCH_BLUE);

      await screen.choosePredefined('Ditchline');
      const ditchline = JSON.parse(await screen.codeText('style-json-editor'));
      expect(ditchline).toHaveLength(1);
      expect(ditchline[0]).toMatchObject({ type: 'line', paint: { 'line-dasharray': [2, 1.5] } });
      expect(await screen.message('style-editor-message')).toBe('');
      await screen.waitForPreview(1);
      // The dashed blue ditch is drawn on the preview map.
      await expect.poll(() => screen.previewPixels(DITCH_BLUE)).toBeGreaterThan(before + 20);
      await screen.shot('ditchline');

      // KPs are appended: circles (from zoom 10) and their labels (from zoom 8, in the browser's
      // own font) are drawn.
      await screen.choosePredefined('KPs');
      const withKps = JSON.parse(await screen.codeText('style-json-editor'));
      expect(withKps.map((entry: { type: string }) => entry.type)).toEqual([
        'line',
        'circle',
        'symbol',
      ]);
      expect(withKps[1].minzoom).toBe(10);
      expect(withKps[2].minzoom).toBe(8);
      await screen.waitForPreview(3);
      // Both KP labels are placed, drawn in the browser's own font (no glyphs are bundled).
      await screen
        .editor()
        .locator('[data-testid="style-preview-map"][data-placed-labels="2"]')
        .waitFor({ state: 'attached', timeout: 10_000 });
      await screen.waitForPreview(3);
      expect(await screen.message('style-preview-note')).toBe('');
      await screen.shot('kps');

      // An entry holding an id is refused; the preview keeps the last valid styles.
      const withId = JSON.stringify([
        { id: 'ditch', type: 'line', paint: { 'line-color': '#ff0000' } },
      ]);
      await screen.fillCode('style-json-editor', withId);
      await expect
        .poll(() => screen.message('style-editor-message'))
        .toBe(LAYER_STYLE_HAS_ID_OR_SOURCE);
      expect(await screen.saveButton(editor).isDisabled()).toBe(true);
      await screen.waitForPreview(3);
      expect(await screen.message('style-preview-note')).toContain('last valid styles');
      expect(await screen.previewPixels(DITCH_BLUE)).toBeGreaterThan(before + 20);
      await screen.shot('style-has-id');
      // Half-typed JSON neither breaks the preview nor can be saved.
      await screen.fillCode('style-json-editor', '[{"type": "line", "paint": ');
      await expect.poll(() => screen.message('style-editor-message')).toBe(LAYER_STYLES_NOT_ARRAY);
      await screen.waitForPreview(3);
      // Valid for the rule but refused by MapLibre: reported under the preview, nothing breaks.
      await screen.fillCode('style-json-editor', '[{"type": "line", "paint": {"line-color": 5}}]');
      await expect.poll(() => screen.message('style-editor-message')).toBe('');
      await expect
        .poll(() => screen.message('style-preview-error'))
        .toBe('Preview: Entry 1: paint.line-color: color expected, number found');
      await screen.waitForPreview(0);
      await screen.shot('style-refused');
      // Saved anyway, it would draw nothing on the map: the server refuses it for the same
      // reason, and the dialog keeps the user's text.
      await screen.saveButton(editor).click();
      expect(
        await screen.expectSnackbar('Entry 1: paint.line-color: color expected, number found'),
      ).toBe('error');
      expect(await editor.isVisible()).toBe(true);

      await screen.fillCode('style-json-editor', '[]');
      await screen.choosePredefined('Ditchline');
      await screen.choosePredefined('TWS');
      await screen.waitForPreview(2);
      expect(await screen.message('style-editor-message')).toBe('');
      await screen.saveButton(editor).click();
      expect(await screen.expectSnackbar(LAYER_UPDATED(LAYER))).toBe('success');
      await editor.waitFor({ state: 'detached' });

      // Saved as edited, and the editor opens again with the styles and the group kept.
      const row = await suite.environment.live.database.db
        .selectFrom('projectLayers')
        .select(['layers', 'featureCount'])
        .where('name', '=', LAYER)
        .executeTakeFirstOrThrow();
      const saved = JSON.parse(row.layers) as { type: string }[];
      expect(saved.map((entry) => entry.type)).toEqual(['line', 'fill']);
      expect(row.featureCount).toBe(4);
      await page.getByRole('button', { name: `Edit layer ${LAYER}` }).click();
      await editor.waitFor();
      // The editor draws only the lines in view: the first ones are enough to recognise it.
      expect(await screen.codeText('style-json-editor')).toMatch(/^\[\n {2}\{\n {4}"type": "line"/);
      await screen.waitForPreview(2);
      expect(await editor.getByRole('combobox', { name: 'Group' }).textContent()).toBe(GROUP);
      await screen.button('Cancel', editor);
      await editor.waitFor({ state: 'detached' });
      await expect.poll(() => screen.layout()).toEqual([`Group: ${GROUP} (1)`, LAYER]);

      // --- Rename, then delete the group: the layer becomes ungrouped ---------------------------
      await screen.button('Manage Groups');
      await groups.waitFor();
      // The group shared by every organization is an Admin's: its buttons are off, with the reason.
      for (const action of ['Edit', 'Delete']) {
        const button = groups.getByRole('button', { name: `${action} group ${DEMO_GLOBAL_GROUP}` });
        expect(await button.isDisabled()).toBe(true);
        await button.locator('..').hover();
        await page
          .getByRole('tooltip')
          .filter({ hasText: GROUP_FOR_ALL_ORGANIZATIONS_ADMIN_ONLY })
          .waitFor();
        await page.mouse.move(0, 0);
        await page.getByRole('tooltip').waitFor({ state: 'detached' });
      }
      await groups.getByRole('button', { name: `Edit group ${GROUP}` }).click();
      await form.waitFor();
      expect(await form.getByTestId('group-name-input').inputValue()).toBe(GROUP);
      await form.getByTestId('group-name-input').fill('');
      await form.getByTestId('group-name-input').blur();
      await form.getByText(FIELD_REQUIRED).waitFor();
      await form.getByTestId('group-name-input').fill(RENAMED);
      await screen.saveButton(form).click();
      expect(await screen.expectSnackbar(GROUP_UPDATED(RENAMED))).toBe('success');
      await form.waitFor({ state: 'detached' });
      await expect
        .poll(() => screen.groupNames())
        .toEqual(expect.arrayContaining([RENAMED, `${DEMO_GLOBAL_GROUP}Global`]));
      await screen.button('Close', groups);
      await expect.poll(() => screen.layout()).toEqual([`Group: ${RENAMED} (1)`, LAYER]);

      await screen.button('Manage Groups');
      await groups.waitFor();
      await groups.getByRole('button', { name: `Delete group ${RENAMED}` }).click();
      const confirmation = page
        .getByRole('dialog')
        .filter({ has: page.locator('#confirm-dialog-title') });
      await confirmation.waitFor();
      expect(await confirmation.textContent()).toContain('ungrouped');
      await screen.settled();
      await screen.shot('group-delete-confirm');
      await screen.button('Delete', confirmation);
      expect(await screen.expectSnackbar(GROUP_DELETED(RENAMED))).toBe('success');
      await expect.poll(() => screen.groupNames()).toEqual([`${DEMO_GLOBAL_GROUP}Global`]);
      await screen.button('Close', groups);
      await expect.poll(() => screen.layout()).toEqual(['Group: Ungrouped (1)', LAYER]);
      await screen.shot('ungrouped');

      expect(outside, 'requests outside the portal').toEqual([]);
      expect(portal.pageErrors, 'uncaught errors in the page').toEqual([]);
    } finally {
      await portal.close();
    }
  });
});
