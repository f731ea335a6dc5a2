import { randomBytes } from 'node:crypto';
import type { Locator } from 'playwright-core';
import { BasePage } from './base-page.ts';
import type { PortalDriver } from './portal-driver.ts';

/**
 * A ZIP archive's first bytes: the screen refuses a file that does not start as a package
 * does, so the files that stand in for packages (random bytes after these) start with them.
 */
export const PACKAGE_START = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** A file to hand to the picker: a name and its bytes (random bytes make a fine test package). */
export interface TestFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

export function testPackage(name: string, bytes: number): TestFile {
  const buffer = randomBytes(bytes);
  PACKAGE_START.copy(buffer, 0, 0, Math.min(bytes, PACKAGE_START.length));
  return { name, mimeType: 'application/octet-stream', buffer };
}

/** The Package Upload screen as a user sees it. */
export class PackageUploadPage extends BasePage {
  constructor(readonly driver: PortalDriver) {
    super(driver);
  }

  async open(): Promise<void> {
    await this.driver.visit('/package-upload');
    await this.card().waitFor();
  }

  card(): Locator {
    return this.driver.byTestId('package-upload-card');
  }

  async pick(files: TestFile[]): Promise<void> {
    await this.driver.byTestId('package-file-input').setInputFiles(files);
  }

  /** Removes a picked file with its chip's delete icon. */
  async removePicked(name: string): Promise<void> {
    await this.driver
      .byTestId('picked-files')
      .locator('.MuiChip-root', { hasText: name })
      .locator('.MuiChip-deleteIcon')
      .click();
  }

  async validationMessage(): Promise<string | null> {
    const error = this.driver.byTestId('package-files-error');
    return (await error.isVisible()) ? ((await error.textContent()) ?? '').trim() : null;
  }

  uploadButton(): Locator {
    return this.driver.byTestId('package-upload-button');
  }

  async clickUpload(): Promise<void> {
    await this.uploadButton().click();
  }

  redundantDialog(): Locator {
    return this.driver.byTestId('redundant-upload-dialog');
  }

  /** Each line of the redundant dialog: name, whether checked and disabled, and its chip. */
  async redundantItems() {
    const items = this.redundantDialog().getByTestId('redundant-upload-item');
    const result = [];
    for (const item of await items.all()) {
      const box = item.getByRole('checkbox');
      const chip = item.locator('.MuiChip-root');
      result.push({
        name: (await item.getAttribute('data-filename')) ?? '',
        checked: await box.isChecked(),
        disabled: await box.isDisabled(),
        chip: (await chip.count()) > 0 ? ((await chip.textContent()) ?? '').trim() : null,
      });
    }
    return result;
  }

  dialogButton(name: string | RegExp): Locator {
    return this.redundantDialog().getByRole('button', { name });
  }

  /** The upload row of a file in the Progress tab (or in the top-bar dialog when given). */
  job(name: string, within: Locator = this.driver.byTestId('upload-panel-progress')): Locator {
    return within.locator(`[data-testid="upload-job"][data-filename="${name}"]`);
  }

  async waitForJobState(name: string, state: string, within?: Locator): Promise<void> {
    await this.job(name, within)
      .and(this.page.locator(`[data-state="${state}"]`))
      .waitFor({ timeout: 60_000 });
  }

  async chipOf(name: string, within?: Locator): Promise<string> {
    return (
      (await this.job(name, within).getByTestId('upload-job-chip').textContent()) ?? ''
    ).trim();
  }

  /** The CSS transition durations of the progress bars in the Progress tab. */
  async progressBarTransitions(): Promise<string[]> {
    return this.driver
      .byTestId('upload-panel-progress')
      .locator('.MuiLinearProgress-bar')
      .evaluateAll((bars) => bars.map((bar) => getComputedStyle(bar).transitionDuration));
  }

  async tabs(): Promise<string[]> {
    const tabs = this.page.getByRole('tab');
    return (await tabs.allTextContents()).map((text) => text.trim());
  }

  errorBadge(): Locator {
    return this.driver.byTestId('upload-error-badge').locator('.MuiBadge-badge');
  }

  async openTab(name: 'progress' | 'errors' | 'history'): Promise<void> {
    await this.driver.byTestId(`upload-tab-${name}`).click();
  }

  /** Text of one column of a tab's table, top to bottom. */
  async column(tableTestId: string, index: number): Promise<string[]> {
    const cells = this.driver.byTestId(tableTestId).locator(`tbody tr td:nth-child(${index + 1})`);
    return (await cells.allTextContents()).map((text) => text.trim());
  }
}
