import type { Locator } from 'playwright-core';
import { BasePage } from './base-page.ts';

export interface AnnotationFields {
  title: string;
  type?: string;
  comment?: string;
}

/** The viewer's Annotations tab and its dialog, as a user works them. */
export class AnnotationPanelDriver extends BasePage {
  panel(): Locator {
    return this.page.getByTestId('annotation-panel');
  }

  /** Opens the Annotations tab beside the map. */
  async open(): Promise<void> {
    await this.page.getByRole('tab', { name: 'Annotations' }).click();
    await this.panel().waitFor({ state: 'visible' });
  }

  rows(): Locator {
    return this.panel().getByTestId('annotation-row');
  }

  row(title: string): Locator {
    return this.rows().filter({
      has: this.page.getByTestId('annotation-title-text').getByText(title, { exact: true }),
    });
  }

  /** Titles top to bottom. */
  async titles(): Promise<string[]> {
    const texts = await this.panel().getByTestId('annotation-title-text').allTextContents();
    return texts.map((text) => text.trim());
  }

  /** Ids top to bottom. */
  async ids(): Promise<string[]> {
    const rows = await this.rows().all();
    return Promise.all(
      rows.map(async (row) => (await row.getAttribute('data-annotation-id')) ?? ''),
    );
  }

  /** 'Scan … · author · date' of a row. */
  async meta(title: string): Promise<string> {
    return ((await this.row(title).getByTestId('annotation-meta').textContent()) ?? '').trim();
  }

  addButton(): Locator {
    return this.panel().getByTestId('annotation-add');
  }

  checkbox(title: string): Locator {
    return this.row(title).getByTestId('annotation-select').locator('input');
  }

  async setSelected(title: string, selected: boolean): Promise<void> {
    const box = this.checkbox(title);
    if ((await box.isChecked()) !== selected) await box.click();
  }

  editButton(title: string): Locator {
    return this.row(title).getByTestId('annotation-edit');
  }

  deleteButton(title: string): Locator {
    return this.row(title).getByTestId('annotation-delete');
  }

  /** Clicks the map at a fraction of the part of it on screen (0.5, 0.5 is the centre). */
  async clickMap(fractionX = 0.5, fractionY = 0.5): Promise<void> {
    const area = await this.page.getByTestId('viewer-map').boundingBox();
    const canvas = await this.page
      .getByTestId('viewer-map')
      .locator('canvas')
      .first()
      .boundingBox();
    if (!area || !canvas) throw new Error('The map is not on screen');
    const left = Math.max(area.x, canvas.x);
    const top = Math.max(area.y, canvas.y);
    const right = Math.min(area.x + area.width, canvas.x + canvas.width);
    const bottom = Math.min(area.y + area.height, canvas.y + canvas.height);
    await this.page.mouse.click(
      left + (right - left) * fractionX,
      top + (bottom - top) * fractionY,
    );
  }

  /** 'Zoom to view all selected scans', then waits for the map to come to rest. */
  async zoomToSelectedScans(): Promise<void> {
    await this.page.getByRole('button', { name: 'Zoom to view all selected scans' }).click();
    await this.page.waitForTimeout(1500);
  }

  dialog(): Locator {
    return this.page.getByTestId('annotation-dialog');
  }

  async fillDialog(fields: AnnotationFields): Promise<void> {
    const dialog = this.dialog();
    await dialog.getByTestId('annotation-title').fill(fields.title);
    if (fields.type) {
      await dialog.getByTestId('annotation-type').getByRole('combobox').click();
      await this.page.getByRole('option', { name: fields.type, exact: true }).click();
    }
    if (fields.comment !== undefined) {
      await dialog.getByTestId('annotation-comment').fill(fields.comment);
    }
  }

  async save(): Promise<void> {
    await this.dialog().getByRole('button', { name: 'Save' }).click();
  }

  /** 'Add annotation', a click on the map, then the dialog filled and saved. */
  async add(fields: AnnotationFields, at: [number, number] = [0.5, 0.5]): Promise<void> {
    await this.addButton().click();
    await this.panel().getByTestId('annotation-picking').waitFor();
    await this.clickMap(...at);
    await this.dialog().waitFor();
    await this.fillDialog(fields);
    await this.save();
    await this.dialog().waitFor({ state: 'detached' });
  }
}
