import type { Locator, Page } from 'playwright-core';
import type { PortalDriver } from './portal-driver.ts';

/** What every screen of the portal offers a test: its page, the snackbars and the confirmation. */
export class BasePage {
  constructor(readonly portal: PortalDriver) {}

  get page(): Page {
    return this.portal.page;
  }

  /** The confirmation dialog a delete (or another irreversible action) opens. */
  confirmDialog(): Locator {
    return this.page
      .getByRole('dialog')
      .filter({ has: this.page.locator('#confirm-dialog-title') });
  }

  /**
   * Picks an option of a select: opens its list, lets the list finish growing (a click while it
   * grows can land beside the option and close the list unchosen), picks, and waits until the
   * list is gone.
   */
  async pickOption(combobox: Locator, option: string | RegExp): Promise<void> {
    await combobox.click();
    const listbox = this.page.getByRole('listbox');
    await listbox.waitFor();
    await this.waitForAnimations();
    await listbox
      .getByRole(
        'option',
        typeof option === 'string' ? { name: option, exact: true } : { name: option },
      )
      .click();
    await this.page.getByRole('listbox', { includeHidden: true }).waitFor({ state: 'detached' });
  }

  /** Waits until dialogs have finished fading in or out, so screenshots show them settled. */
  async waitForAnimations(): Promise<void> {
    // Written as text: the browser's DOM types are not part of this Node project.
    // A cancelled animation rejects its promise; it has settled all the same.
    await this.page.evaluate(
      'Promise.all(document.getAnimations().map((a) => a.finished.catch(() => {})))',
    );
  }

  /** Answers the open confirmation and returns its title and message. */
  async answerConfirm(
    confirmed: boolean,
    confirmLabel = 'Delete',
  ): Promise<{ title: string; message: string }> {
    const dialog = this.confirmDialog();
    await dialog.waitFor();
    const title = ((await dialog.locator('#confirm-dialog-title').textContent()) ?? '').trim();
    const message = (
      (await dialog.locator('.MuiDialogContentText-root').textContent()) ?? ''
    ).trim();
    await dialog.getByRole('button', { name: confirmed ? confirmLabel : 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    return { title, message };
  }

  /** Waits for the snackbar with this text and returns its severity, leaving it on screen. */
  async waitForSnackbar(text: string): Promise<string> {
    const bar = this.page.getByTestId('snackbar').filter({ hasText: text }).first();
    await bar.waitFor();
    return (await bar.getAttribute('data-severity')) ?? '';
  }

  /** Waits for the snackbar with this text, closes it (so the next can show), returns its severity. */
  async expectSnackbar(text: string): Promise<string> {
    const bar = this.page.getByTestId('snackbar').filter({ hasText: text });
    await bar.waitFor();
    const severity = (await bar.getAttribute('data-severity')) ?? '';
    // Not by role: while a dialog is open the rest of the page is aria-hidden.
    await bar.locator('button', { hasText: 'Close' }).click();
    await bar.waitFor({ state: 'detached' });
    return severity;
  }
}
