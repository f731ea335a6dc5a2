import { beforeAll, expect, it } from 'vitest';
import { AnnotationPanelDriver } from './support/annotation-panel.ts';
import { describeInBrowser, setUpBrowserSuite } from './support/suite.ts';

const CULVERT = 'Culvert outlet';

describeInBrowser('Viewer annotations', () => {
  const suite = setUpBrowserSuite();
  let annotatedScanId = '';
  let standardUserId = 0;

  beforeAll(async () => {
    const db = suite.environment.live.database.db;
    const culvert = await db
      .selectFrom('annotations')
      .select('scanId')
      .where('title', '=', CULVERT)
      .executeTakeFirstOrThrow();
    annotatedScanId = culvert.scanId;
    const standard = await db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'sstandard')
      .executeTakeFirstOrThrow();
    standardUserId = standard.id;
  });

  it('adds an annotation by clicking the map, lists it newest first with its author, edits and deletes it', async () => {
    const portal = await suite.launch();
    // A link to the scan opens its project with the scan focused: new annotations go on it.
    await portal.signInAs('standard', { startAt: `/?scan=${annotatedScanId}` });
    const annotations = new AnnotationPanelDriver(portal);
    await annotations.open();
    await expect.poll(() => annotations.titles()).toEqual([CULVERT]);
    // The scan by its name and id: names repeat across sessions.
    expect(await annotations.meta(CULVERT)).toContain(`(${annotatedScanId}) · Paul Power · `);
    // A Standard user changes only what they wrote; the seeded one is a Power User's.
    expect(await annotations.editButton(CULVERT).isDisabled()).toBe(true);
    expect(await annotations.deleteButton(CULVERT).isDisabled()).toBe(true);
    // Each disabled action keeps its own name for a screen reader, with the reason.
    expect(await annotations.deleteButton(CULVERT).getAttribute('aria-label')).toBe(
      'Delete: Only the author, a Power User or an Admin can change it',
    );
    await expect.poll(() => annotations.addButton().isEnabled()).toBe(true);

    await annotations.zoomToSelectedScans();
    await annotations.add({ title: 'Pothole', type: 'Defect', comment: 'About 30 cm across' });
    expect(await annotations.expectSnackbar('Annotation created')).toBe('success');
    await expect.poll(() => annotations.titles()).toEqual(['Pothole', CULVERT]);
    const ids = (await annotations.ids()).map(Number);
    expect(ids[0]).toBeGreaterThan(ids[1]!);
    expect(await annotations.meta('Pothole')).toMatch(/ · Sam Standard · /);
    expect(await annotations.row('Pothole').getByTestId('annotation-type-chip').textContent()).toBe(
      'Defect',
    );
    await portal.screenshot('viewer-annotation-created');

    // Saved on the server, on the focused scan, attributed to its author, at the clicked point.
    const stored = await suite.environment.live.database.db
      .selectFrom('annotations')
      .select(['scanId', 'userId', 'type', 'comment', 'point'])
      .where('id', '=', ids[0]!)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      scanId: annotatedScanId,
      userId: standardUserId,
      type: 'Defect',
      comment: 'About 30 cm across',
    });
    const [lon, lat] = stored.point.coordinates;
    // The map was zoomed to the scan, so the centre of the map is near it (Eugene, Oregon).
    expect(lon).toBeGreaterThan(-124);
    expect(lon).toBeLessThan(-122);
    expect(lat).toBeGreaterThan(43);
    expect(lat).toBeLessThan(45);

    await annotations.editButton('Pothole').click();
    await annotations.dialog().waitFor();
    expect(await annotations.dialog().getByTestId('annotation-title').inputValue()).toBe('Pothole');
    await portal.screenshot('viewer-annotation-edit-dialog');
    await annotations.fillDialog({ title: '' });
    await annotations.save();
    await expect
      .poll(() => annotations.dialog().getByText('Value is required').isVisible())
      .toBe(true);
    await annotations.fillDialog({ title: 'Deep pothole', type: 'Issue' });
    await annotations.save();
    expect(await annotations.expectSnackbar('Annotation updated')).toBe('success');
    await expect.poll(() => annotations.titles()).toEqual(['Deep pothole', CULVERT]);

    await annotations.deleteButton('Deep pothole').click();
    const confirmDialog = annotations.confirmDialog();
    await confirmDialog.waitFor();
    expect(await confirmDialog.textContent()).toContain(
      "Are you sure you want to delete annotation 'Deep pothole'?",
    );
    await portal.screenshot('viewer-annotation-delete-confirm');
    await confirmDialog.getByRole('button', { name: 'Delete' }).click();
    expect(await annotations.expectSnackbar('Annotation deleted')).toBe('success');
    await expect.poll(() => annotations.titles()).toEqual([CULVERT]);
  });

  it('places an annotation from the keyboard: the map takes the focus, the arrows move it under the centre mark, Enter places it', async () => {
    const portal = await suite.launch();
    await portal.signInAs('standard', { startAt: `/?scan=${annotatedScanId}` });
    const annotations = new AnnotationPanelDriver(portal);
    await annotations.open();
    await expect.poll(() => annotations.addButton().isEnabled()).toBe(true);
    await annotations.zoomToSelectedScans();
    const page = portal.page;
    const focusedIsMap = () =>
      page.evaluate(() => document.activeElement?.classList.contains('maplibregl-canvas') ?? false);
    const focusedTestId = () =>
      page.evaluate(() => document.activeElement?.getAttribute('data-testid'));
    const placeByKeyboard = async (title: string, arrowRightPresses: number) => {
      await annotations.addButton().focus();
      await page.keyboard.press('Enter');
      await annotations.panel().getByTestId('annotation-picking').waitFor();
      await expect.poll(focusedIsMap).toBe(true);
      expect(await page.getByTestId('map-centre-mark').isVisible()).toBe(true);
      for (let i = 0; i < arrowRightPresses; i++) await page.keyboard.press('ArrowRight');
      // The arrows pan with an animation: Enter takes the centre where the map came to rest.
      await page.waitForTimeout(arrowRightPresses > 0 ? 800 : 0);
      if (title === 'Kerb') await portal.screenshot('viewer-annotation-keyboard-centre-mark');
      await page.keyboard.press('Enter');
      await annotations.dialog().waitFor();
      // Enter in the title saves.
      await page.keyboard.type(title);
      await page.keyboard.press('Enter');
      await annotations.dialog().waitFor({ state: 'detached' });
      // Back on the button that asked, so the next Enter starts the next one.
      await expect.poll(focusedTestId).toBe('annotation-add');
      expect(await annotations.expectSnackbar('Annotation created')).toBe('success');
      const stored = await suite.environment.live.database.db
        .selectFrom('annotations')
        .select('point')
        .where('title', '=', title)
        .executeTakeFirstOrThrow();
      return stored.point.coordinates;
    };

    const [lon0, lat0] = await placeByKeyboard('Kerb', 0);
    expect(await page.getByTestId('map-centre-mark').count()).toBe(0);
    expect(lon0).toBeGreaterThan(-124);
    expect(lon0).toBeLessThan(-122);
    expect(lat0).toBeGreaterThan(43);
    expect(lat0).toBeLessThan(45);

    // ArrowRight moves the view east: the centre, and the point, move east on the same latitude.
    const [lon1, lat1] = await placeByKeyboard('Drain', 3);
    expect(lon1).toBeGreaterThan(lon0! + 1e-6);
    expect(Math.abs(lat1! - lat0!)).toBeLessThan(Math.abs(lon1! - lon0!) / 10);

    // Escape leaves the map with nothing placed, and gives the focus back too.
    await annotations.addButton().focus();
    await page.keyboard.press('Enter');
    await expect.poll(focusedIsMap).toBe(true);
    await page.keyboard.press('Escape');
    await annotations.panel().getByTestId('annotation-picking').waitFor({ state: 'detached' });
    await expect.poll(focusedTestId).toBe('annotation-add');
    await expect.poll(() => annotations.titles()).toEqual(['Drain', 'Kerb', CULVERT]);
    await suite.environment.live.database.db
      .deleteFrom('annotations')
      .where('title', 'in', ['Drain', 'Kerb'])
      .execute();
  });

  it('selects the scan with an annotation and drops it only with the last selected annotation of it', async () => {
    const portal = await suite.launch();
    await portal.signInAs('power user', { startAt: `/?scan=${annotatedScanId}` });
    const annotations = new AnnotationPanelDriver(portal);
    await annotations.open();
    await expect.poll(() => annotations.titles()).toContain(CULVERT);
    await annotations.zoomToSelectedScans();
    await annotations.add({ title: 'Second look', type: 'Note' });
    await annotations.expectSnackbar('Annotation created');
    const selectedCount = () => portal.textOf('selected-count');

    // Unselecting everything first, so only the annotations hold the scan.
    await portal.page.getByRole('button', { name: 'Unselect all scans' }).click();
    await expect.poll(selectedCount).toBe('0 selected');
    expect(await annotations.addButton().isDisabled()).toBe(true);

    await annotations.setSelected(CULVERT, true);
    await expect.poll(selectedCount).toBe('1 selected');
    await annotations.setSelected('Second look', true);
    expect(await selectedCount()).toBe('1 selected');
    await portal.screenshot('viewer-annotations-selected');

    await annotations.setSelected(CULVERT, false);
    // 'Second look' is on the same scan and still selected: the scan stays.
    await expect.poll(() => annotations.checkbox(CULVERT).isChecked()).toBe(false);
    expect(await selectedCount()).toBe('1 selected');
    await annotations.setSelected('Second look', false);
    await expect.poll(selectedCount).toBe('0 selected');
  });
});
