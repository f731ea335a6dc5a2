import { routeByName } from '@asset-portal/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  closedPort,
  S3_TEST_CREDENTIALS,
  type S3TestServer,
  startS3TestServer,
} from '../packages/server/test/s3-test-server.ts';
import { ORGANIZATIONS_PATH, OrganizationsPage } from './support/organizations-page.ts';
import type { Persona } from './support/portal-driver.ts';
import { describeInBrowser, setUpBrowserSuite } from './support/suite.ts';

const FREE_DEVICE = { id: 'LG-E2E-1', name: 'E2E scanner' };
const DEVICE_LABEL = 'LG-E2E-1 (E2E scanner)';
const STORE_BUCKET = 'e2e-deliveries';

describeInBrowser('Organizations', () => {
  const suite = setUpBrowserSuite();
  let store: S3TestServer;

  beforeAll(async () => {
    store = await startS3TestServer([STORE_BUCKET]);
    await suite.environment.live.database.db
      .insertInto('devices')
      .values({ ...FREE_DEVICE, organizationId: null })
      .execute();
  });
  afterAll(async () => {
    await store?.close();
  });

  async function signIn(persona: Persona): Promise<OrganizationsPage> {
    const driver = await suite.launch();
    await driver.signInAs(persona);
    return new OrganizationsPage(driver);
  }

  it('lists the organizations with their devices and buckets', async () => {
    const organizations = await signIn('admin');
    await organizations.open();
    expect(await organizations.headers()).toEqual(['Id', 'Name', 'Devices', 'Buckets', 'Actions']);
    const northwind = await organizations.cells('Northwind Surveying');
    expect(northwind.slice(1, 4)).toEqual([
      'Northwind Surveying',
      'LG-1001 (Northwind truck 1)LG-1002 (Northwind backpack 2)LG-1003 (Northwind truck 3)',
      'Northwind deliveries',
    ]);
    await suite.driver.screenshot('organizations-table');
  });

  it('gives the focus back to the Edit button when Escape closes its dialog', async () => {
    const organizations = await signIn('admin');
    await organizations.open();
    const { page } = suite.driver;
    const edit = page.getByRole('button', {
      name: 'Edit organization Northwind Surveying',
      exact: true,
    });
    await edit.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(() => edit.evaluate((button) => button === document.activeElement))
      .toBe(true);
  });

  it('creates an organization with a device, adds and tests a bucket, edits and deletes them', async () => {
    const organizations = await signIn('admin');
    await organizations.open();

    // Create, with the free device; devices of other organizations are not offered.
    await organizations.openNew();
    expect(await organizations.dialogTitle()).toBe('New Organization');
    const offered = await organizations.deviceOptions();
    expect(offered).toContain(DEVICE_LABEL);
    expect(offered.some((label) => label.startsWith('LG-1001'))).toBe(false);
    await organizations.saveOrganization();
    await expect
      .poll(() => organizations.dialog().getByText('Value is required').isVisible())
      .toBe(true);
    await organizations.fillName('E2E Surveys');
    await organizations.addDevice(DEVICE_LABEL);
    await organizations.waitForAnimations();
    await suite.driver.screenshot('organizations-new-dialog');
    await organizations.saveOrganization();
    expect(await organizations.expectSnackbar('Organization created')).toBe('success');
    await organizations.row('E2E Surveys').waitFor();
    expect((await organizations.cells('E2E Surveys')).slice(2, 4)).toEqual([DEVICE_LABEL, '']);

    // Add a bucket: the rules first, then a working connection to the store on loopback.
    await organizations.openEdit('E2E Surveys');
    expect(await organizations.dialogTitle()).toBe('Edit Organization');
    await organizations.openNewBucket();
    await organizations.fillBucket({
      name: 'Deliveries',
      endpoint: 'ftp://example.com',
      bucket: 'Bad_Bucket',
      accessKeyId: S3_TEST_CREDENTIALS.accessKeyId,
    });
    await organizations.saveBucket();
    expect(await organizations.bucketFieldMessage('Endpoint')).toBe(
      "Endpoint must be an http:// or https:// URL, or portal for the portal's own store",
    );
    expect(await organizations.bucketFieldMessage('Bucket name')).toMatch(
      /^Bucket name must be 3 to 63 characters/,
    );
    expect(await organizations.bucketFieldMessage('Secret access key')).toBe(
      'Enter both the access key id and the secret access key',
    );
    await organizations.fillBucket({
      endpoint: store.endpoint,
      bucket: STORE_BUCKET,
      prefix: 'out/',
      secretAccessKey: S3_TEST_CREDENTIALS.secretAccessKey,
    });
    expect(await organizations.testSettings()).toBe(`Connected to bucket ${STORE_BUCKET}`);
    expect(
      await organizations
        .bucketDialog()
        .getByRole('button', { name: 'Test connection' })
        .isEnabled(),
    ).toBe(true);
    await organizations.waitForAnimations();
    await suite.driver.screenshot('organizations-bucket-dialog');
    await organizations.saveBucket();
    expect(await organizations.expectSnackbar('Bucket created')).toBe('success');
    await organizations.bucketItem('Deliveries').waitFor();
    expect(await organizations.bucketItem('Deliveries').textContent()).toContain('Credentials set');
    expect(await organizations.testBucket('Deliveries')).toBe(
      `Connected to bucket ${STORE_BUCKET}`,
    );
    await organizations.waitForAnimations();
    await suite.driver.screenshot('organizations-edit-dialog');

    // The credentials never come back to the browser; an edit without them keeps them.
    await organizations.openEditBucket('Deliveries');
    expect(await organizations.bucketDialog().getByLabel('Secret access key').inputValue()).toBe(
      '',
    );
    expect(await organizations.bucketFieldMessage('Access key id')).toBe(
      'Saved; leave both blank to keep them',
    );
    await organizations.waitForAnimations();
    await suite.driver.screenshot('organizations-bucket-edit-dialog');
    await organizations.fillBucket({ bucket: 'no-such-bucket' });
    await organizations.saveBucket();
    expect(await organizations.expectSnackbar('Bucket updated')).toBe('success');
    expect(await organizations.testBucket('Deliveries')).toBe(
      'Bucket no-such-bucket does not exist',
    );
    const stored = await suite.environment.live.database.db
      .selectFrom('buckets')
      .select(['accessKeyId', 'secretAccessKey'])
      .where('name', '=', 'Deliveries')
      .executeTakeFirstOrThrow();
    expect(stored).toEqual(S3_TEST_CREDENTIALS);

    const deadEndpoint = `http://127.0.0.1:${await closedPort()}`;
    await organizations.openEditBucket('Deliveries');
    await organizations.fillBucket({ endpoint: deadEndpoint });
    await organizations.saveBucket();
    await organizations.expectSnackbar('Bucket updated');
    expect(await organizations.testBucket('Deliveries')).toBe(
      `Could not reach ${deadEndpoint}: connection refused`,
    );

    // Rename; the table shows the bucket.
    await organizations.fillName('E2E Surveys Renamed');
    await organizations.saveOrganization();
    expect(await organizations.expectSnackbar('Organization updated')).toBe('success');
    await organizations.row('E2E Surveys Renamed').waitFor();
    expect((await organizations.cells('E2E Surveys Renamed'))[3]).toBe('Deliveries');

    // Deleting is refused while the bucket is there, allowed once it is gone.
    await organizations.clickDelete('E2E Surveys Renamed');
    const confirmDialog = organizations.confirmDialog();
    await confirmDialog.waitFor();
    expect(await confirmDialog.locator('#confirm-dialog-title').textContent()).toBe(
      'Confirm Organization Deletion',
    );
    expect(await confirmDialog.textContent()).toContain(
      "Are you sure you want to delete organization 'E2E Surveys Renamed'?",
    );
    const box = await confirmDialog.boundingBox();
    expect(Math.round(box?.width ?? 0)).toBe(500);
    await organizations.waitForAnimations();
    await suite.driver.screenshot('organizations-delete-confirm');
    await organizations.confirmDelete();
    expect(
      await organizations.expectSnackbar(
        "Organization 'E2E Surveys Renamed' still has 1 bucket; remove them before deleting it.",
      ),
    ).toBe('error');

    await organizations.openEdit('E2E Surveys Renamed');
    await organizations.deleteBucket('Deliveries');
    expect(await organizations.confirmDialog().textContent()).toContain(
      "Are you sure you want to delete bucket 'Deliveries'?",
    );
    await organizations.confirmDelete();
    expect(await organizations.expectSnackbar('Bucket deleted')).toBe('success');
    await organizations.bucketItem('Deliveries').waitFor({ state: 'detached' });
    await organizations.cancelOrganization();

    await organizations.clickDelete('E2E Surveys Renamed');
    await organizations.confirmDelete();
    expect(await organizations.expectSnackbar('Organization deleted')).toBe('success');
    await organizations.row('E2E Surveys Renamed').waitFor({ state: 'detached' });
  });

  it('refuses to delete an organization that still has users, with the reason', async () => {
    const organizations = await signIn('admin');
    await organizations.open();
    await organizations.clickDelete('Northwind Surveying');
    await organizations.confirmDelete();
    const bar = suite.driver.page.getByTestId('snackbar');
    await bar.waitFor();
    expect(await bar.getAttribute('data-severity')).toBe('error');
    expect(await bar.textContent()).toMatch(
      /^Organization 'Northwind Surveying' still has \d+ users?/,
    );
    await suite.driver.screenshot('organizations-delete-refused');
    expect(await organizations.row('Northwind Surveying').isVisible()).toBe(true);
  });

  it('keeps a power user out: /organizations leads to the Viewer', async () => {
    const driver = await suite.launch();
    // Sign-in brings the user back to the page they asked for, which then sends them on.
    await driver.signInAs('power user', { startAt: ORGANIZATIONS_PATH });
    await driver.waitForPath('/');
    await driver.visit(ORGANIZATIONS_PATH);
    await driver.waitForPath('/');
    expect(await driver.menuEntries()).not.toContain(routeByName('Organizations').menuLabel);
  });
});
