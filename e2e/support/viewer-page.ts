import type { Locator, Page } from 'playwright-core';
import { zoomToLayerLabel } from '../../packages/web/src/features/viewer/layers-menu-texts.ts';
import { afterMapChange } from './map-harness.ts';
import type { PortalDriver } from './portal-driver.ts';

/** A part of the Scans screen whose place on the page a layout test checks. */
export type ViewerPart = 'map' | 'panel tabs' | 'list summary' | 'scan list' | 'focused scan';

export type PartBox = NonNullable<Awaited<ReturnType<Locator['boundingBox']>>>;

export const VIEWER_PATH = '/';
export const FULL_VIEWER_PATH = '/full-viewer';

/** The Scans screen (Viewer and Full Viewer) as a user works it: filter, list, map, panels. */
export class ViewerPage {
  constructor(readonly portal: PortalDriver) {}

  get page(): Page {
    return this.portal.page;
  }

  filterPanel(): Locator {
    return this.portal.byTestId('scan-filter-panel');
  }

  /** Picks a project in the top bar and waits for its scans. */
  async chooseProject(label: string): Promise<void> {
    await this.portal.chooseProject(label);
    await this.waitForScans();
  }

  /** Waits until the scan list has loaded (rows or the no-results marker). */
  async waitForScans(): Promise<void> {
    await this.portal.byTestId('scan-filter-panel').waitFor();
    await this.page.locator('[data-testid="scans-loading"]').waitFor({ state: 'detached' });
    await this.page
      .locator('[data-testid="scan-row"], [data-testid="noresults"]')
      .first()
      .waitFor();
  }

  rows(): Locator {
    return this.page.getByTestId('scan-row');
  }

  row(scanId: string): Locator {
    return this.page.locator(`[data-testid="scan-row"][data-scan-id="${scanId}"]`);
  }

  /** The scan ids of the rows on the current page, top to bottom. */
  async scanIds(): Promise<string[]> {
    return this.rows().evaluateAll((rows) =>
      rows.map((row) => row.getAttribute('data-scan-id') ?? ''),
    );
  }

  /** The count line above the list, e.g. '4 scans'. */
  async scanCount(): Promise<string> {
    return this.portal.textOf('scan-count');
  }

  async selectedCount(): Promise<string> {
    return this.portal.textOf('selected-count');
  }

  async hasNoResults(): Promise<boolean> {
    return this.page.getByTestId('noresults').isVisible();
  }

  // --- The filter -------------------------------------------------------------------------------

  /** Types into a text field of the filter ('Session ID', 'Scan ID', 'Comment'). */
  async typeFilter(label: 'Session ID' | 'Scan ID' | 'Comment', text: string): Promise<void> {
    await this.filterPanel().getByLabel(label, { exact: true }).fill(text);
  }

  async filterText(label: 'Session ID' | 'Scan ID' | 'Comment'): Promise<string> {
    return this.filterPanel().getByLabel(label, { exact: true }).inputValue();
  }

  private combobox(label: string): Locator {
    return this.filterPanel().getByRole('combobox', { name: new RegExp(`^${label}\\b`) });
  }

  /** Picks one option of a single-choice filter ('Type', 'Status', 'Device'). */
  async chooseFilter(label: 'Type' | 'Status' | 'Device', option: string): Promise<void> {
    await this.combobox(label).click();
    await this.page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
    await this.page.getByRole('listbox', { includeHidden: true }).waitFor({ state: 'detached' });
  }

  /** The options a filter offers, in order. */
  async filterOptions(label: 'Type' | 'Status' | 'Device' | 'Tags'): Promise<string[]> {
    await this.combobox(label).click();
    const options = this.page.getByRole('listbox').getByRole('option');
    await options.first().waitFor();
    const labels = (await options.allTextContents()).map((text) => text.trim());
    await this.page.keyboard.press('Escape');
    await this.page.getByRole('listbox', { includeHidden: true }).waitFor({ state: 'detached' });
    return labels;
  }

  /** Checks exactly these tags in the multi-choice tag filter. */
  async chooseTags(tags: readonly string[]): Promise<void> {
    await this.combobox('Tags').click();
    const listbox = this.page.getByRole('listbox');
    for (const option of await listbox.getByRole('option').all()) {
      const label = ((await option.textContent()) ?? '').trim();
      const checked = (await option.getAttribute('aria-selected')) === 'true';
      if (checked !== tags.includes(label)) await option.click();
    }
    await this.page.keyboard.press('Escape');
    await this.page.getByRole('listbox', { includeHidden: true }).waitFor({ state: 'detached' });
  }

  /** Opens the calendar, clicks the given days ('YYYY-MM-DD'), closes it; returns the label. */
  async pickDates(days: readonly string[]): Promise<string> {
    await this.page.getByTestId('filter-date').click();
    const calendar = this.page.getByTestId('date-calendar');
    await calendar.waitFor();
    for (const day of days) await this.goToMonthOf(day).then(() => this.dayButton(day).click());
    await calendar.getByRole('button', { name: 'Done' }).click();
    await calendar.waitFor({ state: 'detached' });
    return this.page.getByTestId('filter-date').inputValue();
  }

  /** Whether a calendar day can be picked (only days with scans can). Opens the calendar. */
  async isDayPickable(day: string): Promise<boolean> {
    const calendar = this.page.getByTestId('date-calendar');
    if (!(await calendar.isVisible())) {
      await this.page.getByTestId('filter-date').click();
      await calendar.waitFor();
    }
    await this.goToMonthOf(day);
    return this.dayButton(day).isEnabled();
  }

  async closeCalendar(): Promise<void> {
    await this.page.keyboard.press('Escape');
    await this.page.getByTestId('date-calendar').waitFor({ state: 'detached' });
  }

  private dayButton(day: string): Locator {
    return this.page.getByTestId(`calendar-day-${day}`);
  }

  private async goToMonthOf(day: string): Promise<void> {
    const months =
      'January February March April May June July August September October November December'.split(
        ' ',
      );
    const wanted = `${months[Number(day.slice(5, 7)) - 1]} ${day.slice(0, 4)}`;
    const label = this.page.getByTestId('calendar-month');
    for (let i = 0; i < 240; i++) {
      const shown = ((await label.textContent()) ?? '').trim();
      if (shown === wanted) return;
      const [name, year] = shown.split(' ');
      const shownIndex = Number(year) * 12 + months.indexOf(name ?? '');
      const wantedIndex = Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1;
      await this.page
        .getByRole('button', { name: shownIndex < wantedIndex ? 'Next month' : 'Previous month' })
        .click();
    }
    throw new Error(`calendar never showed ${wanted}`);
  }

  /** The icon button with this tooltip text ('Clear the filter', 'Select all filtered scans', …). */
  toolButton(title: string): Locator {
    return this.page.getByRole('button', { name: title, exact: true });
  }

  async clickTool(title: string): Promise<void> {
    await this.toolButton(title).click();
  }

  /** Hovers a tool button and returns the tooltip that opens, with how long it took (ms). */
  async tooltipOf(title: string): Promise<{ text: string; afterMs: number }> {
    await this.page.mouse.move(0, 0);
    const started = Date.now();
    // The tooltip sits on a wrapper, so it also opens over a disabled button.
    await this.toolButton(title).locator('xpath=..').hover();
    const tooltip = this.page.getByRole('tooltip');
    await tooltip.waitFor();
    const afterMs = Date.now() - started;
    const text = ((await tooltip.textContent()) ?? '').trim();
    await this.page.mouse.move(0, 0);
    await tooltip.waitFor({ state: 'detached' });
    return { text, afterMs };
  }

  // --- The list ---------------------------------------------------------------------------------

  async toggleSelect(scanId: string): Promise<void> {
    await this.row(scanId).getByRole('checkbox').click();
  }

  async isSelected(scanId: string): Promise<boolean> {
    return (await this.row(scanId).getAttribute('data-selected')) === 'true';
  }

  async focus(scanId: string): Promise<void> {
    await this.row(scanId)
      .getByRole('button', { name: `Focus ${scanId}` })
      .click();
  }

  /** The id of the focused row on the current page, or null. */
  async focusedScanId(): Promise<string | null> {
    const focused = this.page.locator('[data-testid="scan-row"][data-focused="true"]');
    if ((await focused.count()) === 0) return null;
    return focused.first().getAttribute('data-scan-id');
  }

  async toggleVisibility(scanId: string): Promise<void> {
    await this.row(scanId)
      .getByRole('button', { name: new RegExp(`^(Hide|Show) ${scanId}$`) })
      .click();
  }

  /** Goes to a page of the list (1-based, as the pager shows it). */
  async goToPage(page: number): Promise<void> {
    await this.page
      .getByTestId('scan-pagination')
      .getByRole('button', { name: `Go to page ${page}` })
      .click();
  }

  // --- Messages ---------------------------------------------------------------------------------

  /** Waits for the snackbar with this text and returns its severity and how long it stays. */
  async expectSnackbar(text: string): Promise<{ severity: string; text: string }> {
    const bar = this.page.getByTestId('snackbar').filter({ hasText: text });
    await bar.first().waitFor();
    return {
      severity: (await bar.first().getAttribute('data-severity')) ?? '',
      text: ((await bar.first().textContent()) ?? '').replace(/Close$/, '').trim(),
    };
  }

  /** Texts of the snackbars on screen. */
  async snackbarTexts(): Promise<string[]> {
    const bars = await this.page.getByTestId('snackbar').allTextContents();
    return bars.map((t) => t.replace(/Close$/, '').trim());
  }

  /**
   * Opens the map's layer menu and returns its layers with whether each is shown and, when the
   * map's zoom is too wide for it, the zoom it is drawn from as the menu says it.
   */
  async layerChoices(): Promise<{ name: string; shown: boolean; hint?: string }[]> {
    await this.page.getByRole('button', { name: 'Layers', exact: true }).click();
    const options = this.page.getByRole('menuitemcheckbox');
    await options.first().waitFor();
    const choices: { name: string; shown: boolean; hint?: string }[] = [];
    for (const option of await options.all()) {
      const hint = option.locator('.layer-hint');
      choices.push({
        name: ((await option.locator('.layer-name').textContent()) ?? '').trim(),
        shown: (await option.getAttribute('aria-checked')) === 'true',
        ...((await hint.count()) > 0 ? { hint: (await hint.textContent()) ?? '' } : {}),
      });
    }
    await this.page.keyboard.press('Escape');
    await options.first().waitFor({ state: 'detached' });
    return choices;
  }

  /** The layer menu's 'Zoom to {name}': once the menu has closed and the map has come to rest. */
  async zoomToLayer(name: string): Promise<void> {
    await afterMapChange(this.page, async () => {
      await this.page.getByRole('button', { name: 'Layers', exact: true }).click();
      await this.page.getByRole('button', { name: zoomToLayerLabel(name), exact: true }).click();
      await this.page.getByRole('menu').waitFor({ state: 'detached' });
    });
  }

  async openTab(name: 'Images' | 'Annotations' | 'Profile' | '3D'): Promise<void> {
    await this.page.getByRole('tab', { name, exact: true }).click();
  }

  // --- Layout -----------------------------------------------------------------------------------

  part(name: ViewerPart): Locator {
    const testIds: Record<Exclude<ViewerPart, 'panel tabs'>, string> = {
      // The drawn map: MapLibre's container, which may be taller than the box around it.
      map: 'scan-map',
      'list summary': 'scan-list-summary',
      'scan list': 'scan-list',
      'focused scan': 'focused-scan-actions',
    };
    return name === 'panel tabs'
      ? this.page.getByRole('tablist', { name: 'Scan panels' })
      : this.portal.byTestId(testIds[name]);
  }

  /** Where each part is drawn, in viewport pixels at the current scroll (off screen too). */
  async partBoxes(names: readonly ViewerPart[]): Promise<Map<ViewerPart, PartBox>> {
    const boxes = new Map<ViewerPart, PartBox>();
    for (const name of names) {
      const box = await this.part(name).boundingBox();
      if (!box) throw new Error(`the ${name} is not on the page`);
      boxes.set(name, box);
    }
    return boxes;
  }

  /** The labels of the panel tabs that do not fit their tab. */
  async clippedTabLabels(): Promise<(string | null)[]> {
    return this.page
      .getByRole('tab')
      .evaluateAll((tabs) =>
        tabs.filter((tab) => tab.scrollWidth > tab.clientWidth).map((tab) => tab.textContent),
      );
  }
}
