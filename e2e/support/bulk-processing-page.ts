import type { Locator } from 'playwright-core';
import { BasePage } from './base-page.ts';

export const BULK_PROCESSING_PATH = '/bulk-processing';

/**
 * The Bulk Processing screen with its two dialogs, spoken of as the user sees them: the scan
 * filter, the scans table, the Actions menu, Post Processing and Publish Scans.
 */
export class BulkProcessingPage extends BasePage {
  async open(): Promise<void> {
    await this.portal.visit(BULK_PROCESSING_PATH);
    await this.portal.waitForShell();
  }

  async chooseProject(label: string): Promise<void> {
    await this.portal.chooseProject(label);
  }

  // --- Filter and table -------------------------------------------------------------------------

  filterPanel(): Locator {
    return this.portal.byTestId('scan-filter-panel');
  }

  async typeFilter(label: 'Session ID' | 'Scan ID' | 'Comment', text: string): Promise<void> {
    await this.filterPanel().getByLabel(label, { exact: true }).fill(text);
  }

  /** A tool button of the filter ('Select all filtered scans', 'Clear the filter', …). */
  toolButton(title: string): Locator {
    return this.filterPanel().getByRole('button', { name: title, exact: true });
  }

  table(): Locator {
    return this.page.getByRole('table', { name: 'Scans' });
  }

  row(scanId: string): Locator {
    return this.table().locator(`tbody tr[data-row-id="${scanId}"]`);
  }

  /** Waits until the table lists at least one scan. */
  async waitForScans(): Promise<void> {
    await this.table().locator('[data-testid="bulk-scan-id"]').first().waitFor();
  }

  /** The ids of the scans on the table's page, top to bottom. */
  async scanIds(): Promise<string[]> {
    const cells = this.table().locator('tbody [data-testid="bulk-scan-id"]');
    return (await cells.allTextContents()).map((text) => text.trim());
  }

  async headers(): Promise<string[]> {
    return (await this.table().locator('thead th').allTextContents())
      .map((text) => text.trim())
      .filter(Boolean);
  }

  /** Waits until the table shows exactly these scans. */
  async waitForScanIds(expected: readonly string[]): Promise<void> {
    await this.page.waitForFunction(
      (ids) => {
        const cells = document.querySelectorAll('tbody [data-testid="bulk-scan-id"]');
        const shown = Array.from(cells)
          .map((cell) => (cell.textContent ?? '').trim())
          .sort();
        return JSON.stringify(shown) === JSON.stringify([...ids].sort());
      },
      [...expected],
    );
  }

  async toggleSelect(scanId: string): Promise<void> {
    await this.row(scanId).getByRole('checkbox').click();
  }

  async isSelected(scanId: string): Promise<boolean> {
    return this.row(scanId).getByRole('checkbox').isChecked();
  }

  /** The header checkbox: selects every listed scan, or none when all are. */
  async toggleSelectAllListed(): Promise<void> {
    await this.table().getByRole('checkbox', { name: 'Select all listed scans' }).click();
  }

  async selectedCount(): Promise<string> {
    return this.portal.textOf('bulk-selected-count');
  }

  async versionsOf(scanId: string): Promise<string> {
    return ((await this.row(scanId).getByTestId('bulk-scan-versions').textContent()) ?? '').trim();
  }

  /** The version being made from this page, or why it failed, as its row says; null if none. */
  async processingOf(scanId: string): Promise<string | null> {
    // One read: a chip gone between a count and a read would hold the read for its timeout.
    const [text] = await this.row(scanId).getByTestId('bulk-scan-processing').allTextContents();
    return text === undefined ? null : text.trim();
  }

  noBucketsWarning(): Locator {
    return this.portal.byTestId('bulk-no-buckets');
  }

  // --- The Actions menu -------------------------------------------------------------------------

  actionsButton(): Locator {
    return this.portal.byTestId('bulk-actions');
  }

  async openActions(): Promise<void> {
    await this.actionsButton().click();
    await this.page.getByRole('menu').waitFor();
  }

  menuItem(name: 'Process' | 'Publish'): Locator {
    return this.page.getByRole('menu').getByRole('menuitem', { name, exact: true });
  }

  async closeActions(): Promise<void> {
    await this.page.keyboard.press('Escape');
    await this.page.getByRole('menu', { includeHidden: true }).waitFor({ state: 'detached' });
  }

  async choose(name: 'Process' | 'Publish'): Promise<void> {
    await this.openActions();
    await this.menuItem(name).click();
  }

  // --- Post Processing dialog -------------------------------------------------------------------

  processingDialog(): Locator {
    return this.portal.byTestId('post-processing-dialog');
  }

  async processingTitle(): Promise<string> {
    return ((await this.page.locator('#post-processing-dialog-title').textContent()) ?? '').trim();
  }

  /** The names the Pipeline select offers. */
  async pipelineChoices(): Promise<string[]> {
    await this.processingDialog()
      .getByRole('combobox', { name: /^Pipeline/ })
      .click();
    const options = this.page.getByRole('listbox').getByRole('option');
    // 'Loading pipelines…' is a disabled option: the list is read once a pipeline is in it.
    await this.page
      .getByRole('listbox')
      .locator('[role="option"]:not([aria-disabled="true"])')
      .first()
      .waitFor();
    const names = (await options.allTextContents()).map((text) => text.trim());
    await this.page.keyboard.press('Escape');
    await this.page.getByRole('listbox', { includeHidden: true }).waitFor({ state: 'detached' });
    return names;
  }

  async choosePipeline(name: string): Promise<void> {
    await this.pickOption(
      this.processingDialog().getByRole('combobox', { name: /^Pipeline/ }),
      name,
    );
  }

  versionNameField(): Locator {
    return this.processingDialog().getByLabel(/^Version Name/);
  }

  async typeVersionName(name: string): Promise<void> {
    await this.versionNameField().fill(name);
    await this.versionNameField().blur();
  }

  /** The message under a field of an open dialog, '' when there is none. */
  async fieldMessage(dialog: Locator, label: RegExp): Promise<string> {
    const field = dialog
      .locator('.MuiFormControl-root')
      .filter({ has: this.page.getByLabel(label) });
    const [text] = await field.locator('.MuiFormHelperText-root').allTextContents();
    return (text ?? '').trim();
  }

  advancedCheckbox(): Locator {
    return this.processingDialog().getByRole('checkbox', { name: 'Advanced' });
  }

  editor(): Locator {
    return this.processingDialog().getByTestId('pipeline-json-editor');
  }

  async editorText(): Promise<string> {
    return ((await this.editor().locator('.cm-content').textContent()) ?? '').trim();
  }

  async editorHeight(): Promise<number> {
    return (await this.editor().locator('.cm-editor').boundingBox())?.height ?? 0;
  }

  /** Replaces the pipeline JSON in the Advanced editor. */
  async replacePipelineJson(text: string): Promise<void> {
    await this.editor().locator('.cm-content').click();
    await this.page.keyboard.press('ControlOrMeta+a');
    await this.page.keyboard.press('Delete');
    // Inserted as a whole: typing would let the editor close brackets on its own.
    await this.page.keyboard.insertText(text);
  }

  okButton(): Locator {
    return this.processingDialog().getByRole('button', { name: 'OK', exact: true });
  }

  pipelineErrors(): Locator {
    return this.processingDialog().getByTestId('processing-pipeline-errors');
  }

  missingArtifactWarning(): Locator {
    return this.processingDialog().getByTestId('processing-missing-artifact');
  }

  /** The warning naming the selected scans whose clouds the portal does not hold. */
  unstoredWarning(dialog: 'processing' | 'publish'): Locator {
    const within = dialog === 'processing' ? this.processingDialog() : this.publishDialog();
    return within.getByTestId(`${dialog}-unstored`);
  }

  // --- Publish Scans dialog ---------------------------------------------------------------------

  publishDialog(): Locator {
    return this.portal.byTestId('publish-scans-dialog');
  }

  async publishTitle(): Promise<string> {
    return ((await this.page.locator('#publish-scans-dialog-title').textContent()) ?? '').trim();
  }

  async publishSubtitle(): Promise<string> {
    return this.portal.textOf('publish-scans-subtitle');
  }

  async publishVersionNote(): Promise<string> {
    return this.portal.textOf('publish-version-note');
  }

  async bucketChoices(): Promise<string[]> {
    await this.publishDialog()
      .getByRole('combobox', { name: /^Bucket/ })
      .click();
    const options = this.page.getByRole('listbox').getByRole('option');
    // 'Loading pipelines…' is a disabled option: the list is read once a pipeline is in it.
    await this.page
      .getByRole('listbox')
      .locator('[role="option"]:not([aria-disabled="true"])')
      .first()
      .waitFor();
    const names = (await options.allTextContents()).map((text) => text.trim());
    await this.page.keyboard.press('Escape');
    await this.page.getByRole('listbox', { includeHidden: true }).waitFor({ state: 'detached' });
    return names;
  }

  async chooseBucket(name: string): Promise<void> {
    await this.pickOption(this.publishDialog().getByRole('combobox', { name: /^Bucket/ }), name);
  }

  folderField(): Locator {
    return this.publishDialog().getByLabel(/^Folder/);
  }

  async typeFolder(folder: string): Promise<void> {
    await this.folderField().fill(folder);
    await this.folderField().blur();
  }

  async folderPrefix(): Promise<string> {
    // MUI puts a zero-width space in an adornment before its text.
    return (await this.portal.textOf('publish-folder-prefix')).replace(/\u200b/g, '');
  }

  checkbox(name: 'Publish images' | 'Transform'): Locator {
    return this.publishDialog().getByRole('checkbox', { name });
  }

  publishButton(): Locator {
    return this.publishDialog().getByRole('button', { name: 'Publish', exact: true });
  }

  // --- Messages ---------------------------------------------------------------------------------

  async screenshot(name: string): Promise<string> {
    return this.portal.screenshot(name);
  }
}
