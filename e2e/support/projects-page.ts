import type { Locator } from 'playwright-core';
import { BasePage } from './base-page.ts';

export const PROJECTS_PATH = '/projects';

/** The Projects screen and its dialogs, as a user works them. */
export class ProjectsPage extends BasePage {
  async open(): Promise<void> {
    await this.portal.visit(PROJECTS_PATH);
    await this.portal.waitForShell();
    await this.waitForRows();
  }

  table(): Locator {
    return this.page.getByRole('table', { name: 'Projects' });
  }

  async waitForRows(): Promise<void> {
    await this.table().locator('tbody tr[data-row-id]').first().waitFor();
  }

  async headers(): Promise<string[]> {
    return (await this.table().locator('thead th').allTextContents()).map((t) => t.trim());
  }

  /** The project names of the rows on the current page, top to bottom. */
  async names(): Promise<string[]> {
    const rows = this.table().locator('tbody tr[data-row-id]');
    const names: string[] = [];
    for (const row of await rows.all()) {
      // Column 1 is the expand toggle, 2 the Id, 3 the Project.
      names.push(((await row.locator('td').nth(2).textContent()) ?? '').trim());
    }
    return names;
  }

  /** The group header texts, e.g. 'Organization: LuxGear Systems (1)'. */
  async groups(): Promise<string[]> {
    const rows = this.table().locator('tbody tr[data-group-id]');
    return (await rows.allTextContents()).map((t) => t.trim());
  }

  row(name: string): Locator {
    return this.table()
      .locator('tbody tr[data-row-id]')
      .filter({ has: this.page.locator('td:nth-child(3)', { hasText: new RegExp(`^${name}$`) }) });
  }

  /** Text of each cell of the project's row (expand toggle first), lines joined by a space. */
  async cells(name: string): Promise<string[]> {
    const texts = await this.row(name).locator('td').allInnerTexts();
    return texts.map((t) => t.replace(/\s+/g, ' ').trim());
  }

  async displayedRows(): Promise<string> {
    const text = await this.page.locator('.MuiTablePagination-displayedRows').textContent();
    return (text ?? '').trim();
  }

  async choosePageSize(option: string): Promise<string[]> {
    await this.page.getByRole('combobox', { name: 'Rows per page:' }).click();
    const listbox = this.page.getByRole('listbox');
    const options = (await listbox.getByRole('option').allTextContents()).map((t) => t.trim());
    await listbox.getByRole('option', { name: option, exact: true }).click();
    await listbox.waitFor({ state: 'detached' });
    return options;
  }

  dialog(): Locator {
    return this.page.getByTestId('project-dialog');
  }

  async openNew(): Promise<void> {
    await this.page.getByRole('button', { name: 'New Project' }).click();
    await this.dialog().waitFor();
  }

  async openEdit(name: string): Promise<void> {
    await this.page.getByRole('button', { name: `Edit project ${name}`, exact: true }).click();
    await this.dialog().waitFor();
  }

  async dialogTitle(): Promise<string> {
    return ((await this.dialog().locator('h2').textContent()) ?? '').trim();
  }

  async fill(testId: string, value: string): Promise<void> {
    await this.dialog().getByTestId(testId).fill(value);
  }

  async chooseOrganization(name: string): Promise<void> {
    await this.dialog()
      .getByRole('combobox', { name: /Organization/ })
      .click();
    await this.page.getByRole('option', { name, exact: true }).click();
  }

  async save(): Promise<void> {
    await this.dialog().getByRole('button', { name: 'Save' }).click();
  }

  async waitForDialogClosed(): Promise<void> {
    await this.dialog().waitFor({ state: 'detached' });
  }

  helperText(testId: string): Locator {
    return this.dialog().getByTestId(testId);
  }

  /** The text under a dialog field, found by its label. */
  async fieldHelp(label: string): Promise<string> {
    const field = this.dialog().locator('.MuiFormControl-root', {
      has: this.page.locator('label', { hasText: label }),
    });
    return ((await field.locator('.MuiFormHelperText-root').first().textContent()) ?? '').trim();
  }

  async deleteProject(name: string): Promise<Locator> {
    await this.page.getByRole('button', { name: `Delete project ${name}`, exact: true }).click();
    const confirmDialog = this.confirmDialog();
    await confirmDialog.waitFor();
    return confirmDialog;
  }
}
