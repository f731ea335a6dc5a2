import type { Locator } from 'playwright-core';
import { BasePage } from './base-page.ts';

export const DEVICE_ASSIGNMENT_PATH = '/device-assignment';

/** The Device Assignment screen and its dialog, as a user works them. */
export class DeviceAssignmentPage extends BasePage {
  table(): Locator {
    return this.page.getByRole('table', { name: 'Device assignments' });
  }

  async waitForRows(): Promise<void> {
    await this.table().locator('tbody tr[data-row-id]').first().waitFor();
  }

  /** Each assignment row as 'device | project | from | to', top to bottom. */
  async rows(): Promise<string[]> {
    const rows = await this.table().locator('tbody tr[data-row-id]').all();
    const result: string[] = [];
    for (const row of rows) {
      const cells = await row.locator('td').allInnerTexts();
      result.push(
        cells
          .slice(0, 4)
          .map((t) => t.trim())
          .join(' | '),
      );
    }
    return result;
  }

  row(text: string): Locator {
    return this.table().locator('tbody tr[data-row-id]').filter({ hasText: text });
  }

  /** Asks to delete the row's assignment and returns the confirmation, faded in. */
  async askDelete(rowText: string): Promise<Locator> {
    await this.row(rowText)
      .getByRole('button', { name: /^Delete assignment/ })
      .click();
    const confirm = this.confirmDialog();
    await confirm.waitFor();
    await this.waitForAnimations();
    return confirm;
  }

  async chooseOrganization(name: string): Promise<void> {
    await this.pickOption(
      this.page.getByTestId('assignment-organization').getByRole('combobox'),
      name,
    );
  }

  dialog(): Locator {
    return this.page.getByTestId('assignment-dialog');
  }

  async openNew(): Promise<void> {
    await this.page.getByRole('button', { name: 'New Assignment' }).click();
    await this.dialog().waitFor();
  }

  /** Fills the dialog; times are 'YYYY-MM-DDTHH:mm' in UTC, '' for none. */
  async fill(values: { device?: string; project?: string; from?: string; to?: string }) {
    if (values.device) await this.select('assignment-device', new RegExp(`^${values.device}`));
    if (values.project) await this.select('assignment-project', new RegExp(`^${values.project}$`));
    if (values.from !== undefined)
      await this.dialog().getByTestId('assignment-from').fill(values.from);
    if (values.to !== undefined) await this.dialog().getByTestId('assignment-to').fill(values.to);
  }

  private async select(testId: string, option: RegExp): Promise<void> {
    await this.pickOption(this.dialog().getByTestId(testId).getByRole('combobox'), option);
  }

  async save(): Promise<void> {
    await this.dialog().getByRole('button', { name: 'Save' }).click();
  }

  /** The text under a dialog field, found by its label. */
  async fieldHelp(label: string): Promise<string> {
    const field = this.dialog().locator('.MuiFormControl-root', {
      has: this.page.locator('label', { hasText: label }),
    });
    return ((await field.locator('.MuiFormHelperText-root').first().textContent()) ?? '').trim();
  }
}
