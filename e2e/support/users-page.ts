import type { Locator } from 'playwright-core';
import { BasePage } from './base-page.ts';

export const USERS_PATH = '/users';

/** The fields of the New User dialog, by label. */
export interface NewUserFields {
  name?: string;
  username?: string;
  email?: string;
  phone?: string;
  organization?: string;
}

/** The Users screen and its dialogs, as a user works them. */
export class UsersPage extends BasePage {
  async open(): Promise<void> {
    await this.portal.visit(USERS_PATH);
    await this.portal.waitForShell();
    await this.waitForRows();
  }

  table(): Locator {
    return this.page.getByRole('table', { name: 'Users' });
  }

  async waitForRows(): Promise<void> {
    await this.table().locator('tbody tr[data-row-id]').first().waitFor();
  }

  async headers(): Promise<string[]> {
    return (await this.table().locator('thead th').allTextContents()).map((text) => text.trim());
  }

  /** Group header texts, e.g. 'Organization: LuxGear Systems (1)'. */
  async groups(): Promise<string[]> {
    const rows = this.table().locator('tbody tr[data-group-id]');
    return (await rows.allTextContents()).map((text) => text.trim());
  }

  /** The Name cell of every user row on the page, top to bottom. */
  async names(): Promise<string[]> {
    const cells = this.table().locator('tbody tr[data-row-id] td:nth-child(2)');
    return (await cells.allTextContents()).map((text) => text.trim());
  }

  row(name: string): Locator {
    return this.table()
      .locator('tbody tr[data-row-id]')
      .filter({ has: this.page.locator('td:nth-child(2)', { hasText: new RegExp(`^${name}$`) }) });
  }

  async cells(name: string): Promise<string[]> {
    return (await this.row(name).locator('td').allTextContents()).map((text) => text.trim());
  }

  /** Whether the Enabled checkbox of the user's row is ticked. */
  async isEnabled(name: string): Promise<boolean> {
    return this.row(name).locator('td:nth-child(8) input[type="checkbox"]').isChecked();
  }

  // --- Dialogs ----------------------------------------------------------------------------------

  newUserDialog(): Locator {
    return this.page.getByTestId('new-user-dialog');
  }

  editUserDialog(): Locator {
    return this.page.getByTestId('edit-user-dialog');
  }

  invitationDialog(): Locator {
    return this.page.getByTestId('invitation-dialog');
  }

  async openNewUser(): Promise<Locator> {
    await this.page.getByRole('button', { name: 'New User' }).click();
    const dialog = this.newUserDialog();
    await this.settled(dialog);
    return dialog;
  }

  async openEdit(name: string): Promise<Locator> {
    await this.page.getByRole('button', { name: `Edit user ${name}`, exact: true }).click();
    const dialog = this.editUserDialog();
    await this.settled(dialog);
    return dialog;
  }

  /** Waits until the dialog has faded in completely (for screenshots). */
  async settled(dialog: Locator): Promise<void> {
    await dialog.waitFor();
    // Every open dialog (at most one here) at full opacity: the fade-in has ended.
    await this.page.waitForFunction(
      // A function, not a string: the portal's CSP forbids evaluating strings.
      () =>
        Array.from(document.querySelectorAll('.MuiDialog-container')).every(
          (c) => getComputedStyle(c).opacity === '1',
        ),
    );
  }

  /** Fills the given fields; the organization is chosen from its select. */
  async fillNewUser(fields: NewUserFields): Promise<void> {
    const dialog = this.newUserDialog();
    const inputs: [keyof NewUserFields, string][] = [
      ['name', '#user-name'],
      ['username', '#user-username'],
      ['email', '#user-email'],
      ['phone', '#user-phone'],
    ];
    for (const [key, selector] of inputs) {
      const value = fields[key];
      if (value !== undefined) await dialog.locator(selector).fill(value);
    }
    if (fields.organization) await this.chooseOrganization(dialog, fields.organization);
  }

  /** Opens the dialog's Organization select and returns the choices. */
  async organizationOptions(dialog: Locator): Promise<string[]> {
    await dialog.locator('#user-organization').click();
    const options = this.page.getByTestId('organization-options').getByRole('option');
    await options.first().waitFor();
    const labels = (await options.allTextContents()).map((t) => t.trim());
    await this.page.keyboard.press('Escape');
    await this.page.getByTestId('organization-options').waitFor({ state: 'detached' });
    return labels;
  }

  async chooseOrganization(dialog: Locator, name: string): Promise<void> {
    await dialog.locator('#user-organization').click();
    await this.page
      .getByTestId('organization-options')
      .getByRole('option', { name, exact: true })
      .click();
    await this.page.getByTestId('organization-options').waitFor({ state: 'detached' });
  }

  async userTypeOptions(dialog: Locator): Promise<string[]> {
    await dialog.locator('#user-type').click();
    const options = this.page.getByTestId('user-type-options').getByRole('option');
    await options.first().waitFor();
    const labels = (await options.allTextContents()).map((t) => t.trim());
    await this.page.keyboard.press('Escape');
    await this.page.getByTestId('user-type-options').waitFor({ state: 'detached' });
    return labels;
  }

  async chooseUserType(dialog: Locator, userType: string): Promise<void> {
    await dialog.locator('#user-type').click();
    await this.page
      .getByTestId('user-type-options')
      .getByRole('option', { name: userType, exact: true })
      .click();
    await this.page.getByTestId('user-type-options').waitFor({ state: 'detached' });
  }

  /** Helper texts shown as errors in the dialog, top to bottom. */
  async errors(dialog: Locator): Promise<string[]> {
    const texts = await dialog.locator('.MuiFormHelperText-root.Mui-error').allTextContents();
    return texts.map((text) => text.trim());
  }

  /** The error helper text of one field (by input id), or '' when it has none. */
  async errorOf(dialog: Locator, inputId: string): Promise<string> {
    const helper = dialog.locator(`#${inputId}-helper-text.Mui-error`);
    return (await helper.count()) > 0 ? ((await helper.textContent()) ?? '').trim() : '';
  }

  /** Width of the dialog's paper in pixels. */
  async widthOf(dialog: Locator): Promise<number> {
    return (await dialog.boundingBox())?.width ?? 0;
  }
}
