import type { Locator } from 'playwright-core';
import { BasePage } from './base-page.ts';

export const PIPELINES_PATH = '/pipeline-management';

/** The Pipeline Management screen and its dialogs, as a user works them. */
export class PipelinesPage extends BasePage {
  async open(): Promise<void> {
    await this.portal.visit(PIPELINES_PATH);
    await this.portal.waitForShell();
  }

  table(): Locator {
    return this.page.getByRole('table', { name: 'Pipelines' });
  }

  /** Waits for the table with at least one pipeline row. */
  async waitForRows(): Promise<void> {
    await this.table().locator('tbody tr[data-row-id]').first().waitFor();
  }

  /** The pipeline names of the rows on the current page, top to bottom. */
  async names(): Promise<string[]> {
    const cells = this.table().locator('tbody tr[data-row-id] [data-testid="pipeline-name"]');
    return (await cells.allTextContents()).map((text) => text.trim());
  }

  row(name: string): Locator {
    return this.table()
      .locator('tbody tr[data-row-id]')
      .filter({
        has: this.page.getByTestId('pipeline-name').getByText(name, { exact: true }),
      });
  }

  /** Why the built-in engine would refuse the pipeline, as its row's warning says; null if none. */
  async engineRefusal(name: string): Promise<string | null> {
    // One read: a mark gone between a count and a read would hold the read for its timeout.
    const labels = await this.row(name)
      .getByTestId('pipeline-engine-refusal')
      .evaluateAll((marks) => marks.map((mark) => mark.getAttribute('aria-label')));
    return labels[0] ?? null;
  }

  /** Text of each cell of the pipeline's row. */
  async cells(name: string): Promise<string[]> {
    const texts = await this.row(name).locator('td').allTextContents();
    return texts.map((text) => text.trim());
  }

  async headers(): Promise<string[]> {
    return (await this.table().locator('thead th').allTextContents()).map((text) => text.trim());
  }

  async search(text: string): Promise<void> {
    await this.page.getByPlaceholder('Search pipelines').fill(text);
  }

  async groupBy(header: string): Promise<void> {
    await this.table()
      .locator('thead th', { hasText: header })
      .getByRole('button', { name: 'Group by this column' })
      .click();
  }

  groupRows(): Locator {
    return this.table().locator('tbody tr[data-group-id]');
  }

  /** 'from–to of total' of the pagination bar. */
  async displayedRows(): Promise<string> {
    const text = await this.page.locator('.MuiTablePagination-displayedRows').textContent();
    return (text ?? '').trim();
  }

  /** Chooses a rows-per-page option ('25', '50', '100', 'All') and returns the options shown. */
  async choosePageSize(option: string): Promise<string[]> {
    await this.page.getByRole('combobox', { name: 'Rows per page:' }).click();
    const listbox = this.page.getByRole('listbox');
    const options = (await listbox.getByRole('option').allTextContents()).map((t) => t.trim());
    await listbox.getByRole('option', { name: option, exact: true }).click();
    await listbox.waitFor({ state: 'detached' });
    return options;
  }

  async pageSize(): Promise<string> {
    return (
      (await this.page.getByRole('combobox', { name: 'Rows per page:' }).textContent()) ?? ''
    ).trim();
  }

  // --- The dialog -------------------------------------------------------------------------------

  dialog(): Locator {
    return this.page
      .getByRole('dialog')
      .filter({ has: this.page.locator('#pipeline-dialog-title') });
  }

  async dialogTitle(): Promise<string> {
    return ((await this.dialog().locator('#pipeline-dialog-title').textContent()) ?? '').trim();
  }

  async openCreate(): Promise<void> {
    await this.page.getByRole('button', { name: 'Create Pipeline' }).click();
    await this.waitForEditor();
  }

  async openEdit(name: string): Promise<void> {
    await this.page.getByRole('button', { name: `Edit pipeline ${name}`, exact: true }).click();
    await this.waitForEditor();
  }

  /** The dialog is loaded on demand; the editor appears with it. */
  async waitForEditor(): Promise<void> {
    await this.dialog().locator('[data-testid="pipeline-json-editor"] .cm-content').waitFor();
  }

  nameField(): Locator {
    return this.dialog().getByLabel('Pipeline Name');
  }

  descriptionField(): Locator {
    return this.dialog().getByRole('textbox', { name: 'Description' });
  }

  globalCheckbox(): Locator {
    return this.dialog().getByRole('checkbox', { name: 'Global Pipeline' });
  }

  okButton(): Locator {
    return this.dialog().getByRole('button', { name: 'OK', exact: true });
  }

  async fillJson(text: string): Promise<void> {
    await this.dialog().locator('[data-testid="pipeline-json-editor"] .cm-content').fill(text);
  }

  async jsonText(): Promise<string> {
    const lines = this.dialog().locator('[data-testid="pipeline-json-editor"] .cm-line');
    return (await lines.allTextContents()).join('\n');
  }

  async jsonMessage(): Promise<string> {
    const text = await this.dialog().getByTestId('pipeline-json-message').textContent();
    return withoutZeroWidth(text);
  }

  async descriptionHelper(): Promise<string> {
    const text = await this.dialog()
      .locator('.MuiFormHelperText-root', { has: this.page.getByTestId('description-counter') })
      .textContent();
    return withoutZeroWidth(text);
  }

  /** Picks a suggested dependency, or types a new one and confirms it with Enter. */
  async addDependency(value: string, typed = false): Promise<void> {
    const input = this.dialog().getByRole('combobox', { name: 'Dependencies' });
    await input.click();
    if (typed) {
      await input.fill(value);
      await input.press('Enter');
    } else {
      await this.page.getByRole('option', { name: value, exact: true }).click();
    }
    await this.page.keyboard.press('Escape').catch(() => {});
  }

  async dependencyChips(): Promise<string[]> {
    const chips = this.dialog().locator('.MuiAutocomplete-root .MuiChip-label');
    return (await chips.allTextContents()).map((text) => text.trim());
  }

  placeholdersHint(): Locator {
    return this.dialog().getByTestId('pipeline-placeholders');
  }

  placeholdersDependencyWarning(): Locator {
    return this.dialog().getByTestId('pipeline-placeholders-dependency');
  }

  engineVerdict(): Locator {
    return this.dialog().getByTestId('pipeline-engine-check');
  }

  /** The engine's verdict on the text now in the editor, once its answer is in. */
  async settledEngineVerdict(): Promise<string> {
    await this.dialog()
      .locator('[data-testid="pipeline-engine-check"][aria-busy="false"]')
      .waitFor();
    return ((await this.engineVerdict().textContent()) ?? '').trim();
  }

  async save(): Promise<void> {
    await this.okButton().click();
    await this.dialog().waitFor({ state: 'detached' });
  }

  /** Width of the dialog's paper in pixels. */
  async dialogWidth(): Promise<number> {
    return (await this.dialog().boundingBox())?.width ?? 0;
  }

  // --- Confirmation and messages ----------------------------------------------------------------

  async clickDelete(name: string): Promise<void> {
    await this.page.getByRole('button', { name: `Delete pipeline ${name}`, exact: true }).click();
  }
}

/** MUI keeps an empty helper line's height with a zero-width space. */
function withoutZeroWidth(text: string | null): string {
  return (text ?? '').replace(/\u200b/g, '').trim();
}
