import type { Locator } from 'playwright-core';
import { BasePage } from './base-page.ts';

export const BASESTATION_PATH = '/basestation';

/** The Basestation Files screen and its dialogs, as a surveyor works them. */
export class BasestationPage extends BasePage {
  /** Opens the screen, optionally with the `search` route parameter. */
  async open(search?: string): Promise<void> {
    const query = search ? `?search=${encodeURIComponent(search)}` : '';
    await this.portal.visit(`${BASESTATION_PATH}${query}`);
    await this.portal.waitForShell();
  }

  table(): Locator {
    return this.page.getByRole('table', { name: 'Basestation files' });
  }

  async headers(): Promise<string[]> {
    return (await this.table().locator('thead th').allTextContents()).map((text) => text.trim());
  }

  /** The row of a base-station file, by its zip's name. */
  row(filename: string): Locator {
    return this.table().locator('tbody tr[data-row-id]').filter({ hasText: filename });
  }

  async idOf(filename: string): Promise<string> {
    return ((await this.row(filename).getByTestId('basestation-id').textContent()) ?? '').trim();
  }

  async statusOf(filename: string): Promise<string> {
    const chip = this.row(filename).getByTestId('basestation-status');
    return ((await chip.textContent()) ?? '').trim();
  }

  async locationOf(filename: string): Promise<string> {
    const cell = this.row(filename).getByTestId('basestation-location');
    return ((await cell.textContent()) ?? '').trim();
  }

  /** Waits (the screen polls every 5 s) until the file's status chip reads `status`. */
  async waitForStatus(filename: string, status: string, timeout = 60_000): Promise<void> {
    await this.row(filename)
      .getByTestId('basestation-status')
      .filter({ hasText: new RegExp(`^${status}$`) })
      .waitFor({ timeout });
  }

  async searchText(): Promise<string> {
    return this.page.getByPlaceholder('Search basestations').inputValue();
  }

  async search(text: string): Promise<void> {
    await this.page.getByPlaceholder('Search basestations').fill(text);
  }

  // --- Upload -----------------------------------------------------------------------------------

  uploadDialog(): Locator {
    return this.portal.byTestId('basestation-upload-dialog');
  }

  async openUpload(): Promise<void> {
    await this.page.getByRole('button', { name: 'Upload', exact: true }).click();
    await this.uploadDialog().waitFor();
  }

  /** Picks a file in the open upload dialog. */
  async pick(file: string | { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
    await this.uploadDialog().getByTestId('basestation-file-input').setInputFiles(file);
  }

  /** The rule the picked file breaks, or null. */
  async validationMessage(): Promise<string | null> {
    const [text] = await this.uploadDialog()
      .getByTestId('basestation-file-error')
      .allTextContents();
    return text === undefined ? null : text.trim();
  }

  /** Width of the upload dialog's paper in pixels. */
  async dialogWidth(): Promise<number> {
    return (await this.uploadDialog().boundingBox())?.width ?? 0;
  }

  uploadButton(): Locator {
    return this.uploadDialog().getByRole('button', { name: 'Upload', exact: true });
  }

  /** Uploads a base-station zip through the dialog and waits for the dialog to close. */
  async upload(zipPath: string): Promise<void> {
    await this.openUpload();
    await this.pick(zipPath);
    await this.uploadButton().click();
    await this.uploadDialog().waitFor({ state: 'detached', timeout: 60_000 });
  }

  // --- Info and runs ----------------------------------------------------------------------------

  infoDialog(): Locator {
    return this.portal.byTestId('basestation-info-dialog');
  }

  async openInfo(id: string): Promise<void> {
    await this.page.getByRole('button', { name: `Info of basestation ${id}`, exact: true }).click();
    await this.infoDialog().waitFor();
  }

  /** The session ids listed as matched in the info dialog, once loaded. */
  async matchedSessions(): Promise<string[]> {
    const links = this.infoDialog().getByTestId('matched-sessions').getByRole('link');
    await links.first().waitFor();
    return (await links.allTextContents()).map((text) => text.trim());
  }

  /** Follows a matched session's link to the Trajectory Processing screen. */
  async goToSession(sessionId: string): Promise<void> {
    await this.infoDialog().getByRole('link', { name: sessionId, exact: true }).click();
  }

  async expandRuns(filename: string): Promise<void> {
    await this.row(filename).getByRole('button', { name: 'Expand row' }).click();
  }

  /** Downloads the base station's zip with the row's button; returns the file's name. */
  async download(id: string): Promise<string> {
    const [file] = await Promise.all([
      this.page.waitForEvent('download'),
      this.page.getByRole('button', { name: `Download basestation ${id}`, exact: true }).click(),
    ]);
    return file.suggestedFilename();
  }

  /** Clicks the row's delete button and confirms. */
  async remove(id: string): Promise<void> {
    await this.page.getByRole('button', { name: `Delete basestation ${id}`, exact: true }).click();
    const confirm = this.page
      .getByRole('dialog')
      .filter({ has: this.page.locator('#confirm-dialog-title') });
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await confirm.waitFor({ state: 'detached' });
  }

  /** Status chips of the runs listed under an expanded row, top to bottom. */
  async runStatuses(): Promise<string[]> {
    const chips = this.page.getByTestId('processing-run').getByTestId('run-status');
    await chips.first().waitFor();
    return (await chips.allTextContents()).map((text) => text.trim());
  }

  // --- Messages ---------------------------------------------------------------------------------
}
