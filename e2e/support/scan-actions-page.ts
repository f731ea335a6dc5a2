import fs from 'node:fs';
import type { Locator } from 'playwright-core';
import { BasePage } from './base-page.ts';
import { saveScreenshot } from './screenshots.ts';

/** The focused scan's actions in the viewer drawer, and the geoid grid upload on Projects. */
export class ScanActionsPage extends BasePage {
  panel(): Locator {
    return this.page.getByTestId('focused-scan-actions');
  }

  async waitForFocused(scanId: string): Promise<void> {
    await this.page
      .locator(`[data-testid="focused-scan-actions"][data-scan-id="${scanId}"]`)
      .waitFor();
    // The buttons that need the scan's details are enabled once they have arrived.
    await this.panel().getByTestId('scan-action-buttons').waitFor();
  }

  /** The labels of the action buttons shown. */
  async actionLabels(): Promise<string[]> {
    const buttons = this.panel().getByTestId('scan-action-buttons').getByRole('button');
    const labels: string[] = [];
    for (const button of await buttons.all()) {
      labels.push((await button.getAttribute('aria-label')) ?? '');
    }
    return labels;
  }

  button(label: string): Locator {
    return this.panel().getByRole('button', { name: label, exact: true });
  }

  versionSelect(): Locator {
    return this.panel().getByTestId('scan-version-select');
  }

  /** The version the select shows. */
  async version(): Promise<string> {
    return ((await this.versionSelect().locator('[role="combobox"]').textContent()) ?? '').trim();
  }

  async versionOptions(): Promise<string[]> {
    await this.versionSelect().getByRole('combobox').click();
    const options = await this.page.getByRole('listbox').getByRole('option').allTextContents();
    await this.page.keyboard.press('Escape');
    await this.page.getByRole('listbox').waitFor({ state: 'detached' });
    return options.map((text) => text.trim());
  }

  async chooseVersion(name: string): Promise<void> {
    await this.pickOption(this.versionSelect().getByRole('combobox'), name);
  }

  headerDialog(): Locator {
    return this.page.getByTestId('scan-header-dialog');
  }

  async openHeaderDialog(): Promise<void> {
    await this.button('Edit header').click();
    await this.headerDialog().waitFor();
  }

  async chooseTag(tag: string): Promise<void> {
    await this.headerDialog().getByRole('combobox', { name: 'Tags' }).click();
    await this.page.getByRole('listbox').getByRole('option', { name: tag, exact: true }).click();
    // Choosing closes the list; Escape here would close the dialog.
    await this.page.getByRole('listbox').waitFor({ state: 'detached' });
  }

  /** Downloads with the Download button; returns the saved file's name and size. */
  async download(): Promise<{ filename: string; size: number }> {
    const [download] = await Promise.all([
      this.page.waitForEvent('download'),
      this.button('Download').click(),
    ]);
    const saved = await download.path();
    return { filename: download.suggestedFilename(), size: fs.statSync(saved).size };
  }

  /** The map's canvas box on screen. */
  async mapBox(): Promise<{ x: number; y: number; width: number; height: number }> {
    const canvas = await this.page
      .getByTestId('viewer-map')
      .locator('canvas')
      .first()
      .boundingBox();
    if (!canvas) throw new Error('The map is not on screen');
    return canvas;
  }

  /** 'Draw bounding box', then a drag between two fractions of the map. */
  async drawBox(from: [number, number], to: [number, number]): Promise<void> {
    await this.button('Draw bounding box').click();
    await this.page.getByTestId('map-mode-hint').waitFor();
    const box = await this.mapBox();
    const at = ([fx, fy]: [number, number]) =>
      [box.x + box.width * fx, box.y + box.height * fy] as const;
    const [x1, y1] = at(from);
    const [x2, y2] = at(to);
    await this.page.mouse.move(x1, y1);
    await this.page.mouse.down();
    await this.page.mouse.move((x1 + x2) / 2, (y1 + y2) / 2, { steps: 4 });
    await this.page.mouse.move(x2, y2, { steps: 4 });
    await this.page.mouse.up();
    await this.page.getByTestId('map-mode-hint').waitFor({ state: 'detached' });
  }

  // --- Projects: geoid grids ------------------------------------------------------------------

  geoidDialog(): Locator {
    return this.page.getByTestId('geoid-upload-dialog');
  }

  async openGeoidUpload(): Promise<void> {
    await this.page.getByTestId('geoid-upload-open').click();
    await this.geoidDialog().getByRole('heading', { name: 'Upload Geoid Grid' }).waitFor();
  }

  async chooseGeoidFile(name: string, bytes: Buffer): Promise<void> {
    await this.geoidDialog()
      .getByTestId('geoid-file-input')
      .setInputFiles({ name, mimeType: 'application/octet-stream', buffer: bytes });
  }

  /** The value of the Geoid Grid select of the project dialog. */
  async chosenGeoidGrid(): Promise<string> {
    return this.page
      .getByTestId('project-dialog')
      .getByRole('combobox', { name: 'Geoid Grid' })
      .inputValue();
  }

  async geoidGridOptions(): Promise<string[]> {
    const field = this.page
      .getByTestId('project-dialog')
      .getByRole('combobox', { name: 'Geoid Grid' });
    await field.click();
    const options = await this.page.getByRole('listbox').getByRole('option').allTextContents();
    await this.page.keyboard.press('Escape');
    return options.map((text) => text.trim());
  }

  async screenshot(name: string): Promise<string> {
    return saveScreenshot(this.page, name);
  }
}

/**
 * A GTX vertical grid: a 40-byte big-endian header (lat0, lon0, dlat, dlon as float64, rows,
 * cols as int32), then rows × cols float32 heights, south row first.
 */
export function gtxGrid(options: {
  lat0: number;
  lon0: number;
  dlat: number;
  dlon: number;
  rows: number;
  cols: number;
  height?: (row: number, col: number) => number;
}): Buffer {
  const { rows, cols } = options;
  const buffer = Buffer.alloc(40 + rows * cols * 4);
  buffer.writeDoubleBE(options.lat0, 0);
  buffer.writeDoubleBE(options.lon0, 8);
  buffer.writeDoubleBE(options.dlat, 16);
  buffer.writeDoubleBE(options.dlon, 24);
  buffer.writeInt32BE(rows, 32);
  buffer.writeInt32BE(cols, 36);
  const height = options.height ?? ((row, col) => -20 + row * 0.1 + col * 0.01);
  for (let row = 0; row < rows; row += 1) {
    for (let col = 0; col < cols; col += 1) {
      buffer.writeFloatBE(height(row, col), 40 + (row * cols + col) * 4);
    }
  }
  return buffer;
}
