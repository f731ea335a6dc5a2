import type { Locator } from 'playwright-core';
import { BasePage } from './base-page.ts';

export const ORGANIZATIONS_PATH = '/organizations';

/** What the bucket dialog asks for; undefined fields are left as they are. */
export interface BucketFields {
  name?: string;
  endpoint?: string;
  region?: string;
  bucket?: string;
  prefix?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
}

const BUCKET_LABELS: Record<keyof BucketFields, string> = {
  name: 'Name',
  endpoint: 'Endpoint',
  region: 'Region',
  bucket: 'Bucket name',
  prefix: 'Prefix',
  accessKeyId: 'Access key id',
  secretAccessKey: 'Secret access key',
};

/** The Organizations screen, its organization dialog and the bucket dialog inside it. */
export class OrganizationsPage extends BasePage {
  async open(): Promise<void> {
    await this.portal.visit(ORGANIZATIONS_PATH);
    await this.portal.waitForShell();
    await this.table().locator('tbody tr[data-row-id]').first().waitFor();
  }

  table(): Locator {
    return this.page.getByRole('table', { name: 'Organizations' });
  }

  async headers(): Promise<string[]> {
    return (await this.table().locator('thead th').allTextContents()).map((text) => text.trim());
  }

  row(name: string): Locator {
    return this.table()
      .locator('tbody tr[data-row-id]')
      .filter({ has: this.page.getByRole('cell', { name, exact: true }) });
  }

  /** Text of each cell of the organization's row. */
  async cells(name: string): Promise<string[]> {
    return (await this.row(name).locator('td').allTextContents()).map((text) => text.trim());
  }

  // --- Organization dialog ----------------------------------------------------------------------

  dialog(): Locator {
    return this.page.getByTestId('organization-dialog');
  }

  async openNew(): Promise<void> {
    await this.page.getByRole('button', { name: 'New Organization' }).click();
    await this.dialog().waitFor();
  }

  async openEdit(name: string): Promise<void> {
    await this.page.getByRole('button', { name: `Edit organization ${name}`, exact: true }).click();
    await this.dialog().waitFor();
  }

  async dialogTitle(): Promise<string> {
    return ((await this.dialog().locator('h2').first().textContent()) ?? '').trim();
  }

  async fillName(name: string): Promise<void> {
    await this.dialog().getByRole('textbox', { name: 'Name' }).fill(name);
  }

  /** Types into the device select and picks the matching option. */
  async addDevice(label: string): Promise<void> {
    const input = this.dialog().getByTestId('device-select');
    await input.click();
    await input.fill(label);
    await this.page.getByRole('option', { name: label, exact: true }).click();
    // Picking closes the list; an Escape now would close the dialog instead.
    await this.page.getByRole('listbox').waitFor({ state: 'detached' });
  }

  /** The device options the select offers. */
  async deviceOptions(): Promise<string[]> {
    await this.dialog().getByTestId('device-select').click();
    const listbox = this.page.getByRole('listbox');
    await listbox.waitFor();
    const options = (await listbox.getByRole('option').allTextContents()).map((t) => t.trim());
    await this.page.keyboard.press('Escape');
    await listbox.waitFor({ state: 'detached' });
    return options;
  }

  async saveOrganization(): Promise<void> {
    await this.dialog().getByRole('button', { name: 'Save', exact: true }).click();
  }

  async cancelOrganization(): Promise<void> {
    await this.dialog().getByRole('button', { name: 'Cancel', exact: true }).click();
    await this.dialog().waitFor({ state: 'detached' });
  }

  // --- Buckets ----------------------------------------------------------------------------------

  bucketDialog(): Locator {
    return this.page.getByTestId('bucket-dialog');
  }

  bucketItem(name: string): Locator {
    return this.dialog().getByTestId(`bucket-${name}`);
  }

  async openNewBucket(): Promise<void> {
    await this.dialog().getByRole('button', { name: 'Add bucket' }).click();
    await this.bucketDialog().waitFor();
  }

  async openEditBucket(name: string): Promise<void> {
    await this.dialog()
      .getByRole('button', { name: `Edit bucket ${name}`, exact: true })
      .click();
    await this.bucketDialog().waitFor();
  }

  async fillBucket(fields: BucketFields): Promise<void> {
    for (const [key, value] of Object.entries(fields) as [keyof BucketFields, string][]) {
      if (value === undefined) continue;
      const label = BUCKET_LABELS[key];
      await this.bucketDialog().getByLabel(labelPattern(label)).fill(value);
    }
  }

  /** The helper or error text under a bucket dialog field. */
  async bucketFieldMessage(label: string): Promise<string> {
    const field = this.bucketDialog().locator('.MuiFormControl-root', {
      has: this.page.getByLabel(labelPattern(label)),
    });
    const text = await field.locator('.MuiFormHelperText-root').first().textContent();
    return (text ?? '').trim();
  }

  /** Clicks 'Test connection' in the bucket dialog and returns the answer shown. */
  async testSettings(): Promise<string> {
    const result = this.bucketDialog().getByTestId('bucket-test-result');
    await this.bucketDialog().getByRole('button', { name: 'Test connection' }).click();
    await result.waitFor();
    return ((await result.textContent()) ?? '').trim();
  }

  async saveBucket(): Promise<void> {
    await this.bucketDialog().getByRole('button', { name: 'Save', exact: true }).click();
  }

  /** Clicks the bucket's 'Test connection' action and returns the answer shown under it. */
  async testBucket(name: string): Promise<string> {
    const item = this.bucketItem(name);
    const result = item.getByTestId('bucket-test-result');
    if (await result.isVisible()) {
      await result.getByRole('button', { name: 'Close' }).click();
      await result.waitFor({ state: 'detached' });
    }
    await item.getByRole('button', { name: `Test connection of bucket ${name}` }).click();
    await result.waitFor();
    return ((await result.textContent()) ?? '').trim();
  }

  async deleteBucket(name: string): Promise<void> {
    await this.dialog()
      .getByRole('button', { name: `Delete bucket ${name}`, exact: true })
      .click();
  }

  // --- Deleting and messages --------------------------------------------------------------------

  async clickDelete(name: string): Promise<void> {
    await this.page
      .getByRole('button', { name: `Delete organization ${name}`, exact: true })
      .click();
  }

  async confirmDelete(): Promise<void> {
    await this.confirmDialog().getByRole('button', { name: 'Delete' }).click();
    await this.confirmDialog().waitFor({ state: 'detached' });
  }
}

/** A field's accessible name: its label, with ' *' when it is required. */
function labelPattern(label: string): RegExp {
  return new RegExp(`^${label}\\s*\\*?$`);
}
