import {
  DEFAULT_CIRCLE_PAINT,
  FILTER_FIELDS_TOOLTIPS,
  FILTER_TOOLTIPS,
  MAX_SELECTED_SCANS,
  MAX_SELECTED_SCANS_MESSAGE,
  SCAN_NOT_FOUND,
  TOOLTIP_DELAY_MS,
} from '@asset-portal/shared';
import { expect, it } from 'vitest';
import { factories } from '../packages/server/test/factories.ts';
import { scanFactories } from '../packages/server/test/factories-scans.ts';
import {
  afterMapChange,
  closeTo,
  hexToRgb,
  pixelsAround,
  waitForMapIdle,
} from './support/map-harness.ts';
import { describeInBrowser, setUpBrowserSuite } from './support/suite.ts';
import {
  FULL_VIEWER_PATH,
  type PartBox,
  VIEWER_PATH,
  ViewerPage,
  type ViewerPart,
} from './support/viewer-page.ts';

const EUGENE = 'Northwind Surveying : Eugene Corridor';
const KANDAHAR = 'Northwind Surveying : Kandahar Survey';
const BULK = 'Northwind Surveying : Bulk Survey';
// The demo sessions: four Eugene scans (final, final, provisional, provisional), three Kandahar
// scans, and one Eugene re-survey that belongs to no project.
const EUGENE_SESSION = 'LG1001_20240416_163116';
const eugene = (n: number) => `${EUGENE_SESSION}_0${n}`;
const EUGENE_SCANS = [1, 2, 3, 4].map(eugene);
const KANDAHAR_SCAN = 'LG1002_20240514_051240_02';
const UNASSIGNED_SCAN = 'LG1002_20240210_191502_01';
const BULK_SCANS = 45;
// The list follows a filter at once, but a loaded machine may take a few seconds to show it;
// a linked scan may also need its project's scans loaded first.
const WAIT = { timeout: 10_000 };

/** Whether two boxes share more than a sliver (boxes that only touch do not overlap). */
const overlap = (a: PartBox, b: PartBox) =>
  Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x) > 0.5 &&
  Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y) > 0.5;

describeInBrowser('the Viewer', () => {
  const suite = setUpBrowserSuite();

  async function openViewer(
    project: string | null = EUGENE,
    path = VIEWER_PATH,
    persona: 'power user' | 'admin' = 'power user',
  ) {
    const driver = await suite.launch();
    await driver.signInAs(persona, { startAt: path });
    const viewer = new ViewerPage(driver);
    if (project) await viewer.chooseProject(project);
    return viewer;
  }

  it("lists the current project's scans with status chips and draws the map", async () => {
    const viewer = await openViewer();
    expect(await viewer.scanIds()).toEqual(EUGENE_SCANS);
    expect(await viewer.scanCount()).toBe('4 scans');
    const chips = await viewer.page.getByTestId('scan-status').allTextContents();
    expect(chips).toEqual(['Final', 'Final', 'Provisional', 'Provisional']);
    expect(await viewer.row(eugene(1)).textContent()).toContain('2024-04-16 16:31 UTC');
    await viewer.page.locator('[data-testid="viewer-map"] canvas').first().waitFor();
    expect(await viewer.page.getByRole('tab').allTextContents()).toEqual([
      'Images',
      'Annotations',
      'Profile',
      '3D',
    ]);
    await viewer.portal.screenshot('viewer-eugene');
  });

  it('shows the whole label of each panel tab on a 1024-pixel screen', async () => {
    const viewer = await openViewer();
    const { page } = viewer;
    await page.setViewportSize({ width: 1024, height: 768 });
    await expect.poll(() => viewer.scanIds(), WAIT).toEqual(EUGENE_SCANS);
    await expect.poll(() => viewer.clippedTabLabels()).toEqual([]);
  });

  it('draws no part over another in a browser zoomed to 150 % (853×480), the map usable', async () => {
    const viewer = await openViewer();
    const { page } = viewer;
    await page.setViewportSize({ width: 853, height: 480 });
    await viewer.focus(eugene(1));
    await viewer.part('focused scan').waitFor();
    await page.locator('[data-testid="viewer-map"] canvas').first().waitFor();
    await viewer.portal.screenshot('viewer-zoomed-150');

    const parts: ViewerPart[] = ['map', 'panel tabs', 'list summary', 'scan list', 'focused scan'];
    const boxes = await viewer.partBoxes(parts);
    const overlapping = parts.flatMap((a, i) =>
      parts
        .slice(i + 1)
        .flatMap((b) => (overlap(boxes.get(a)!, boxes.get(b)!) ? [`${a} × ${b}`] : [])),
    );
    expect(overlapping).toEqual([]);
    expect(boxes.get('map')!.height).toBeGreaterThanOrEqual(200);
    // At least a whole row of the list shows (scrolling the list brings the others).
    const row = (await viewer.row(eugene(1)).boundingBox())!;
    expect(boxes.get('scan list')!.height).toBeGreaterThanOrEqual(row.height);
    expect(await viewer.clippedTabLabels()).toEqual([]);

    // Each part can be scrolled into sight.
    const outOfSight: ViewerPart[] = [];
    for (const name of parts) {
      await viewer.part(name).scrollIntoViewIfNeeded();
      const box = (await viewer.part(name).boundingBox())!;
      if (box.y < 0 || box.y >= 480) outOfSight.push(name);
    }
    expect(outOfSight).toEqual([]);
  });

  it('filters by substring, exact match, tags and dates, keeping selected scans', async () => {
    const viewer = await openViewer();
    expect(await viewer.filterOptions('Status')).toEqual(['(ALL)', 'Provisional', 'Final']);
    expect(await viewer.filterOptions('Device')).toEqual(['Any', 'LG-1001']);
    expect(await viewer.filterOptions('Type')).toEqual(['Any', 'Mobile']);
    expect(await viewer.filterOptions('Tags')).toEqual(['(Empty)', 'QA - Issue/Poor', 'QA - OK']);

    await viewer.chooseFilter('Status', 'Final');
    await expect.poll(() => viewer.scanIds(), WAIT).toEqual([eugene(1), eugene(2)]);
    await viewer.chooseFilter('Status', 'Provisional');
    await expect.poll(() => viewer.scanIds(), WAIT).toEqual([eugene(3), eugene(4)]);
    await viewer.chooseFilter('Status', '(ALL)');

    // Substring, case-insensitive, on the scan id, session id and comment.
    await viewer.typeFilter('Scan ID', '_03');
    await expect.poll(() => viewer.scanIds(), WAIT).toEqual([eugene(3)]);
    await viewer.typeFilter('Scan ID', '');
    await viewer.typeFilter('Session ID', 'lg1001_2024');
    await expect.poll(() => viewer.scanIds(), WAIT).toEqual(EUGENE_SCANS);
    await viewer.typeFilter('Session ID', 'LG1002');
    await expect.poll(() => viewer.hasNoResults(), WAIT).toBe(true);
    expect(await viewer.page.getByTestId('noresults').textContent()).toBe(
      'No scans match the filter.',
    );
    expect(await viewer.toolButton(FILTER_TOOLTIPS.selectAllFiltered).isDisabled()).toBe(true);
    await viewer.portal.screenshot('viewer-noresults');
    await viewer.typeFilter('Session ID', '');

    // Text limits: session id 29, scan id 26, comment 60.
    await viewer.typeFilter('Session ID', 'x'.repeat(40));
    expect((await viewer.filterText('Session ID')).length).toBe(29);
    await viewer.typeFilter('Scan ID', 'x'.repeat(40));
    expect((await viewer.filterText('Scan ID')).length).toBe(26);
    await viewer.typeFilter('Comment', 'x'.repeat(80));
    expect((await viewer.filterText('Comment')).length).toBe(60);
    await viewer.clickTool(FILTER_TOOLTIPS.clearFilter);
    await expect.poll(() => viewer.scanIds(), WAIT).toEqual(EUGENE_SCANS);

    // Exact on the device; any-match on tags, '(Empty)' for untagged scans.
    await viewer.chooseFilter('Device', 'LG-1001');
    await expect.poll(() => viewer.scanIds(), WAIT).toEqual(EUGENE_SCANS);
    await viewer.chooseTags(['(Empty)']);
    await expect.poll(() => viewer.scanIds(), WAIT).toEqual([eugene(3)]);
    await viewer.chooseTags(['(Empty)', 'QA - Issue/Poor']);
    await expect.poll(() => viewer.scanIds(), WAIT).toEqual([eugene(3), eugene(4)]);

    // A selected scan stays in the list whatever the filter.
    await viewer.clickTool(FILTER_TOOLTIPS.clearFilter);
    await viewer.toggleSelect(eugene(1));
    await viewer.chooseFilter('Status', 'Provisional');
    await expect
      .poll(() => viewer.scanIds())
      .toEqual(EUGENE_SCANS.filter((id) => id !== eugene(2)));
    await viewer.clickTool(FILTER_TOOLTIPS.filterToSelected);
    await expect.poll(() => viewer.scanIds(), WAIT).toEqual([eugene(1)]);
    await viewer.clickTool(FILTER_TOOLTIPS.clearFilter);

    // Only days with scans can be picked; one day reads 'on: d', two 'from: d1 to: d2'.
    expect(await viewer.isDayPickable('2024-04-16')).toBe(true);
    expect(await viewer.isDayPickable('2024-04-15')).toBe(false);
    await viewer.closeCalendar();
    expect(await viewer.pickDates(['2024-04-16'])).toBe('on: 2024-04-16');
    await expect.poll(() => viewer.scanIds(), WAIT).toEqual(EUGENE_SCANS);
    await viewer.portal.screenshot('viewer-filtered');
  });

  it('filters to annotated scans', async () => {
    const viewer = await openViewer();
    await viewer.clickTool(FILTER_TOOLTIPS.filterToAnnotated);
    // The demo annotation 'Culvert outlet' is on the first Eugene scan.
    await expect.poll(() => viewer.scanIds(), WAIT).toEqual([eugene(1)]);
  });

  it('opens the filter buttons’ tooltips after 700 ms', async () => {
    const viewer = await openViewer();
    for (const title of [
      FILTER_TOOLTIPS.filterToSelected,
      FILTER_TOOLTIPS.filterToAnnotated,
      FILTER_TOOLTIPS.selectAllFiltered,
      FILTER_TOOLTIPS.clearFilter,
    ]) {
      const tooltip = await viewer.tooltipOf(title);
      expect(tooltip.text).toBe(title);
      expect(tooltip.afterMs).toBeGreaterThanOrEqual(TOOLTIP_DELAY_MS - 50);
    }
  });

  it('folds the filter fields away for a short screen, keeping the buttons, and remembers it', async () => {
    const viewer = await openViewer();
    const { page } = viewer;
    await page.setViewportSize({ width: 1280, height: 720 });
    await expect.poll(() => viewer.scanIds(), WAIT).toEqual(EUGENE_SCANS);
    const panel = page.getByTestId('scan-filter-panel');
    const unfolded = (await panel.boundingBox())!.height;
    await viewer.typeFilter('Scan ID', '_03');
    await expect.poll(() => viewer.scanIds(), WAIT).toEqual([eugene(3)]);

    await viewer.clickTool(FILTER_FIELDS_TOOLTIPS.hide);
    await panel.getByLabel('Scan ID', { exact: true }).waitFor({ state: 'hidden' });
    // The list gains the fields' room; the buttons and the filter stay.
    expect((await panel.boundingBox())!.height).toBeLessThan(unfolded - 200);
    expect(await viewer.toolButton(FILTER_TOOLTIPS.clearFilter).isEnabled()).toBe(true);
    expect(await viewer.scanIds()).toEqual([eugene(3)]);
    expect(
      await viewer.toolButton(FILTER_FIELDS_TOOLTIPS.showSet).getAttribute('aria-pressed'),
    ).toBe('true');
    await viewer.portal.screenshot('viewer-filter-folded');

    // Remembered: folded again after a reload (the filter itself starts empty).
    await page.reload();
    await viewer.toolButton(FILTER_FIELDS_TOOLTIPS.show).waitFor();
    expect(await panel.getByLabel('Scan ID', { exact: true }).isVisible()).toBe(false);
    await viewer.clickTool(FILTER_FIELDS_TOOLTIPS.show);
    await panel.getByLabel('Scan ID', { exact: true }).waitFor();
    await viewer.toolButton(FILTER_FIELDS_TOOLTIPS.hide).waitFor();
  });

  it('opens the date picker from the keyboard, its days named by their dates', async () => {
    const viewer = await openViewer();
    const { page } = viewer;
    await expect.poll(() => viewer.scanIds(), WAIT).toEqual(EUGENE_SCANS);
    await page.getByTestId('filter-date').focus();
    await page.keyboard.press('Enter');
    const calendar = page.getByTestId('date-calendar');
    await calendar.waitFor();
    const day = calendar.getByRole('button', { name: /^2024-04-16, \d+ scans?$/ });
    await day.focus();
    await page.keyboard.press('Enter');
    expect(await day.getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press('Escape');
    await calendar.waitFor({ state: 'detached' });
    expect(await page.getByTestId('filter-date').inputValue()).toBe('on: 2024-04-16');
  });

  it('moves the scan list to the other side of the map, and remembers it', async () => {
    const viewer = await openViewer();
    const { page } = viewer;
    await page.setViewportSize({ width: 1280, height: 720 });
    await expect.poll(() => viewer.scanIds(), WAIT).toEqual(EUGENE_SCANS);
    const drawer = page.getByTestId('viewer-drawer');
    const drawerLeft = async () => (await drawer.boundingBox())!.x;
    expect(await drawerLeft()).toBeLessThan(640);

    await viewer.clickTool('Move the scan list to the other side');
    await expect.poll(drawerLeft).toBeGreaterThan(640);
    await page.reload();
    await expect.poll(() => viewer.scanIds(), WAIT).toEqual(EUGENE_SCANS);
    expect(await drawerLeft()).toBeGreaterThan(640);

    await viewer.clickTool('Move the scan list to the other side');
    await expect.poll(drawerLeft).toBeLessThan(640);
  });

  it('lists the project layers by name, hides ignored ones and shows the default ones', async () => {
    const db = suite.environment.live.database.db;
    const project = await db
      .selectFrom('projects')
      .select('id')
      .where('name', '=', 'Kandahar Survey')
      .executeTakeFirstOrThrow();
    const source = JSON.stringify({
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: {},
          geometry: { type: 'Point', coordinates: [67.86, 33.34] },
        },
      ],
    });
    await db
      .insertInto('projectLayers')
      .values([
        { projectId: project.id, name: 'ROW', source, showByDefault: false },
        { projectId: project.id, name: 'Ditchline', source, ignore: true },
        { projectId: project.id, name: 'KPs', source, showByDefault: true },
        // Points across a province: its whole box is a view too wide for them to be drawn.
        {
          projectId: project.id,
          name: 'Wells',
          source: JSON.stringify({
            type: 'MultiPoint',
            coordinates: [
              [64, 31],
              [66, 31.6],
              [70, 35],
            ],
          }),
          showByDefault: false,
        },
      ])
      .execute();
    const viewer = await openViewer(KANDAHAR);
    await expect
      .poll(() => viewer.layerChoices(), WAIT)
      .toEqual([
        { name: 'KPs', shown: true },
        { name: 'ROW', shown: false },
        { name: 'Wells', shown: false },
      ]);

    // A layer of points is drawn from zoom 10 (the spec's default style): on a wider view the
    // menu says so instead of leaving the layer blank without a word.
    // One step at a time: a click during the previous step's easing would zoom out from where
    // that easing had got to, less than a whole step.
    const zoomOut = viewer.portal.page.getByRole('button', { name: 'Zoom out' });
    for (let step = 0; step < 16 && (await zoomOut.isEnabled()); step += 1) {
      await zoomOut.click();
      await waitForMapIdle(viewer.portal.page);
    }
    const hint = 'Drawn from zoom 10: zoom in to see it';
    await expect
      .poll(() => viewer.layerChoices(), WAIT)
      .toEqual([
        { name: 'KPs', shown: true, hint },
        { name: 'ROW', shown: false, hint },
        { name: 'Wells', shown: false, hint },
      ]);
    await viewer.portal.page.getByRole('button', { name: 'Layers', exact: true }).click();
    await viewer.portal.page.getByText(hint).first().waitFor();
    // The menu's opening transition, for the screenshot only.
    await viewer.portal.page.waitForTimeout(400);
    await viewer.portal.screenshot('viewer-layers-zoom-hint');
    await viewer.portal.page.keyboard.press('Escape');

    // A layer's zoom button brings it into view, near enough to be drawn, and leaves the layer
    // shown: the click is the button's, not a toggle of the layer.
    const { page } = viewer.portal;
    const layersButton = page.getByRole('button', { name: 'Layers', exact: true });
    await viewer.zoomToLayer('KPs');
    expect(await viewer.layerChoices()).toEqual([
      { name: 'KPs', shown: true },
      { name: 'ROW', shown: false },
      { name: 'Wells', shown: false },
    ]);
    // From the keyboard: → from a layer reaches its zoom button, and zooming to a hidden layer
    // shows it. From a view too wide for the points, so that the zoom is seen to happen.
    for (let step = 0; step < 10; step += 1) {
      await page.getByRole('button', { name: 'Zoom out' }).click();
      await waitForMapIdle(page);
    }
    expect((await viewer.layerChoices())[0]?.hint).toBe(hint);
    await afterMapChange(page, async () => {
      await layersButton.click();
      // From KPs' zoom button, ↓ goes on to ROW, and → to its zoom button.
      await page.getByRole('menuitemcheckbox', { name: 'KPs' }).focus();
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Enter');
      await page.getByRole('menu').waitFor({ state: 'detached' });
    });
    expect(await viewer.layerChoices()).toEqual([
      { name: 'KPs', shown: true },
      { name: 'ROW', shown: true },
      { name: 'Wells', shown: false },
    ]);
    const map = await viewer.part('map').boundingBox();
    if (!map) throw new Error('the map is not on the page');
    const circle = hexToRgb(DEFAULT_CIRCLE_PAINT['circle-color']);
    const circleInMiddle = async () =>
      (await pixelsAround(page, map.width / 2, map.height / 2, 2)).some((colour) =>
        closeTo(colour, circle, 24),
      );
    expect(await circleInMiddle()).toBe(true);
    await viewer.portal.screenshot('viewer-layers-zoomed-to');

    // Wells' box fits only at a zoom where points are not drawn: the map goes to the zoom they
    // are drawn from, at the well nearest the box's middle, rather than to a view of nothing.
    await viewer.zoomToLayer('Wells');
    expect(await viewer.layerChoices()).toEqual([
      { name: 'KPs', shown: true },
      { name: 'ROW', shown: true },
      { name: 'Wells', shown: true },
    ]);
    expect(await circleInMiddle()).toBe(true);
    await viewer.portal.screenshot('viewer-layers-zoomed-to-wide');
  });

  it('selects, focuses, hides and unselects scans', async () => {
    const viewer = await openViewer();
    await viewer.toggleSelect(eugene(2));
    // The first selected scan is focused automatically.
    expect(await viewer.focusedScanId()).toBe(eugene(2));
    await viewer.toggleSelect(eugene(3));
    expect(await viewer.selectedCount()).toBe('2 selected');
    // A name cut at the row's width is read whole on hover.
    expect(await viewer.row(eugene(3)).locator('.scan-row-name').getAttribute('title')).toBe(
      'Autzen corridor 3',
    );
    await viewer.focus(eugene(3));
    expect(await viewer.focusedScanId()).toBe(eugene(3));
    // Focusing an unselected scan selects it.
    await viewer.focus(eugene(4));
    expect(await viewer.isSelected(eugene(4))).toBe(true);
    expect(await viewer.focusedScanId()).toBe(eugene(4));
    await viewer.portal.screenshot('viewer-focused');

    await viewer.toggleVisibility(eugene(4));
    expect(await viewer.isSelected(eugene(4))).toBe(true);
    await viewer
      .row(eugene(4))
      .getByRole('button', { name: `Show ${eugene(4)}` })
      .waitFor();

    // Unselecting the focused scan moves focus to another selected one.
    await viewer.toggleSelect(eugene(4));
    expect(await viewer.focusedScanId()).toBe(eugene(2));
    await viewer.clickTool(FILTER_TOOLTIPS.unselectAll);
    expect(await viewer.selectedCount()).toBe('0 selected');
    expect(await viewer.focusedScanId()).toBeNull();
  });

  it('changing the project resets the selection, focus and filter', async () => {
    const viewer = await openViewer();
    await viewer.toggleSelect(eugene(1));
    await viewer.typeFilter('Scan ID', '_0');
    await viewer.chooseProject(KANDAHAR);
    await expect.poll(() => viewer.scanCount(), WAIT).toBe('3 scans');
    expect(await viewer.selectedCount()).toBe('0 selected');
    expect(await viewer.focusedScanId()).toBeNull();
    expect(await viewer.filterText('Scan ID')).toBe('');
    await viewer.chooseProject(EUGENE);
    expect(await viewer.isSelected(eugene(1))).toBe(false);
    // A project without scans says so, not that the filter matches nothing.
    await viewer.chooseProject('Northwind Surveying : Archive 2019');
    await expect
      .poll(() => viewer.page.getByTestId('noresults').textContent(), WAIT)
      .toBe('This project has no scans yet.');
  });

  it('a scan link opens the scan, switching project when needed', async () => {
    const viewer = await openViewer();
    await viewer.portal.visit(`/?scan=${KANDAHAR_SCAN}`);
    await expect.poll(() => viewer.portal.selectedProject(), WAIT).toBe(KANDAHAR);
    await expect.poll(() => viewer.focusedScanId(), WAIT).toBe(KANDAHAR_SCAN);
    expect(await viewer.isSelected(KANDAHAR_SCAN)).toBe(true);

    // The address keeps naming the focused scan: copied or reloaded, it opens it again.
    expect(viewer.portal.currentPath()).toBe(`/?scan=${KANDAHAR_SCAN}`);
    await viewer.page.reload({ waitUntil: 'load' });
    await expect.poll(() => viewer.focusedScanId(), WAIT).toBe(KANDAHAR_SCAN);
    const other = (await viewer.scanIds()).find((id) => id !== KANDAHAR_SCAN) ?? '';
    await viewer.focus(other);
    await expect.poll(() => viewer.portal.currentPath(), WAIT).toBe(`/?scan=${other}`);
    await viewer.clickTool(FILTER_TOOLTIPS.unselectAll);
    await expect.poll(() => viewer.focusedScanId(), WAIT).toBeNull();
    await expect.poll(() => viewer.portal.currentPath(), WAIT).toBe('/');

    await viewer.portal.visit(`/?scan=${eugene(3)}`);
    await expect.poll(() => viewer.portal.selectedProject(), WAIT).toBe(EUGENE);
    await expect.poll(() => viewer.focusedScanId(), WAIT).toBe(eugene(3));
  });

  it("a link to a scan outside the user's projects warns it is not found", async () => {
    const viewer = await openViewer();
    for (const missing of [UNASSIGNED_SCAN, 'NO-SUCH-SCAN']) {
      await viewer.portal.visit(`/?scan=${missing}`);
      const bar = await viewer.expectSnackbar(SCAN_NOT_FOUND(missing));
      expect(bar).toEqual({ severity: 'warning', text: SCAN_NOT_FOUND(missing) });
      expect(await viewer.snackbarTexts()).toEqual([SCAN_NOT_FOUND(missing)]);
      expect(await viewer.portal.selectedProject()).toBe(EUGENE);
      expect(viewer.portal.currentPath()).toBe('/');
      await viewer.page.getByTestId('snackbar').getByRole('button', { name: 'Close' }).click();
    }
  });

  it('selects at most 40 scans and says so', async () => {
    const db = suite.environment.live.database.db;
    const organization = await db
      .selectFrom('organizations')
      .select('id')
      .where('name', '=', 'Northwind Surveying')
      .executeTakeFirstOrThrow();
    const project = await factories.project(db, organization.id, { name: 'Bulk Survey' });
    const session = await scanFactories.session(db, organization.id, { projectId: project.id });
    for (let i = 0; i < BULK_SCANS; i++) {
      await scanFactories.scan(db, organization.id, {
        id: `BULK-${String(i).padStart(3, '0')}`,
        projectId: project.id,
        sessionId: session.id,
      });
    }

    const viewer = await openViewer(BULK);
    expect(await viewer.scanCount()).toBe(`${BULK_SCANS} scans`);
    // 20 to a page.
    expect(await viewer.rows().count()).toBe(20);
    await viewer.goToPage(3);
    expect(await viewer.rows().count()).toBe(BULK_SCANS - 40);

    await viewer.clickTool(FILTER_TOOLTIPS.selectAllFiltered);
    const bar = await viewer.expectSnackbar(MAX_SELECTED_SCANS_MESSAGE);
    expect(bar.severity).toBe('warning');
    expect(await viewer.selectedCount()).toBe(`${MAX_SELECTED_SCANS} selected`);
    await viewer.portal.screenshot('viewer-selection-limit');

    // A link to the last scan of page 2 opens that page, its row scrolled into the list's sight.
    await viewer.goToPage(2);
    const target = (await viewer.scanIds()).at(-1) ?? '';
    await viewer.portal.visit(`/?scan=${target}`);
    await expect.poll(() => viewer.focusedScanId(), WAIT).toBe(target);
    const row = viewer.row(target);
    await row.waitFor();
    await expect
      .poll(async () => {
        const [rowBox, listBox] = await Promise.all([
          row.boundingBox(),
          viewer.page.getByTestId('scan-list').boundingBox(),
        ]);
        return Boolean(
          rowBox &&
            listBox &&
            rowBox.y >= listBox.y - 1 &&
            rowBox.y + rowBox.height <= listBox.y + listBox.height + 1,
        );
      }, WAIT)
      .toBe(true);
  });

  it('the Full Viewer (Admin) shows the 3D view large beside the map', async () => {
    const viewer = await openViewer(null, FULL_VIEWER_PATH, 'admin');
    await viewer.portal.chooseProject(EUGENE);
    await viewer.page.getByTestId('viewer-3d-large').waitFor();
    expect(await viewer.page.getByRole('tab').allTextContents()).toEqual([
      'Images',
      'Annotations',
      'Profile',
    ]);
    // The scan list starts folded away, leaving the room to the 3D view.
    expect(await viewer.filterPanel().isVisible()).toBe(false);
    const folded = await viewer.page.getByTestId('viewer-3d-large').boundingBox();
    expect(folded?.width).toBeGreaterThan(500);
    await viewer.page.getByRole('button', { name: 'Show the scan list' }).click();
    await viewer.waitForScans();
    expect(await viewer.scanIds()).toEqual(EUGENE_SCANS);
    await viewer.portal.screenshot('full-viewer-eugene');
  });
});
