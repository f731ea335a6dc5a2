import { expect, it } from 'vitest';
import { PackageUploadPage, testPackage } from './support/package-upload-page.ts';
import { describeInBrowser, setUpBrowserSuite } from './support/suite.ts';

const MIB = 1024 * 1024;
const UPLOAD_WARNING =
  'Do not close your browser while files are uploading. A close-block has been added to warn if you attempt to reload the page or close the tab';

describeInBrowser('the Package Upload screen', () => {
  const suite = setUpBrowserSuite();

  async function openScreen(): Promise<PackageUploadPage> {
    const driver = await suite.launch();
    await driver.signInAs('standard', { startAt: '/package-upload' });
    const screen = new PackageUploadPage(driver);
    await screen.open();
    return screen;
  }

  it('validates the picked files and shows the options and notes', async () => {
    const screen = await openScreen();
    expect(await screen.uploadButton().isDisabled()).toBe(true);
    const card = (await screen.card().textContent()) ?? '';
    expect(card).toContain('LuxGear Package Upload');
    expect(card).toContain(
      'Packages are uploaded in the background. You can continue to use LuxWeb while they are being uploaded, but do not close the browser.',
    );
    expect(card).toContain('bulk-transfer service');

    await screen.pick([testPackage('notes.txt', 10)]);
    expect(await screen.validationMessage()).toBe(
      'All files must be valid packages from the LuxGear device (.luxlz or .luxiz)',
    );
    expect(await screen.uploadButton().isDisabled()).toBe(true);
    await screen.removePicked('notes.txt');
    expect(await screen.validationMessage()).toBe('Files to upload cannot be empty');
    // Named like a package, but not one: refused before anything is sent.
    await screen.pick([
      { name: 'garbage.luxlz', mimeType: 'application/octet-stream', buffer: Buffer.from('{}') },
    ]);
    await expect
      .poll(() => screen.validationMessage())
      .toBe(
        'All files must be valid packages from the LuxGear device (.luxlz or .luxiz). Not a package: garbage.luxlz',
      );
    expect(await screen.uploadButton().isDisabled()).toBe(true);
    await screen.removePicked('garbage.luxlz');
    await screen.pick([testPackage('empty.luxlz', 0)]);
    expect(await screen.validationMessage()).toBe('Files cannot be empty');
    await screen.removePicked('empty.luxlz');
    await screen.pick([testPackage('fine.luxiz', 100)]);
    // Upload waits for the files' first bytes to be read, which takes a moment.
    await expect.poll(() => screen.uploadButton().isEnabled()).toBe(true);
    expect(await screen.validationMessage()).toBeNull();

    await suite.driver.byTestId('upload-options-button').click();
    const options = suite.driver.byTestId('upload-options-dialog');
    await options.getByText('Simultaneous Uploads').waitFor();
    expect(await options.getByRole('slider').getAttribute('aria-valuemin')).toBe('1');
    expect(await options.getByRole('slider').getAttribute('aria-valuemax')).toBe('10');
    expect(await options.getByRole('slider').getAttribute('aria-valuenow')).toBe('3');
    expect(await options.getByRole('checkbox', { name: 'Use Multipart Uploads' }).isChecked()).toBe(
      true,
    );
    await suite.driver.screenshot('package-upload-options');
    await options.getByRole('button', { name: 'Cancel' }).click();
    await options.waitFor({ state: 'detached' });
  });

  it('says once, with the server message, when the existing uploads cannot be checked', async () => {
    const screen = await openScreen();
    await suite.driver.page.route('**/graphql', async (route) => {
      if ((route.request().postData() ?? '').includes('getExistingPackageUploads')) {
        await route.fulfill({
          contentType: 'application/json',
          body: JSON.stringify({
            data: null,
            errors: [{ message: 'The upload history is unavailable' }],
          }),
        });
        return;
      }
      await route.continue();
    });
    await screen.pick([testPackage('checked.luxlz', 100)]);
    await screen.clickUpload();
    expect(await screen.expectSnackbar('The upload history is unavailable')).toBe('error');
    // Nothing queued behind it, and nothing sent.
    await suite.driver.page.waitForTimeout(1_000);
    expect(await suite.driver.byTestId('snackbar').count()).toBe(0);
    expect(await screen.job('checked.luxlz').count()).toBe(0);
    expect(await screen.uploadButton().isEnabled()).toBe(true);
    await suite.driver.page.unroute('**/graphql');
  });

  it('uploads, offers a forced re-upload of existing files, and keeps progress across pages', async () => {
    const screen = await openScreen();
    const small = testPackage('survey-small.luxlz', 2 * MIB);
    const big = testPackage('survey-big.luxlz', 12 * MIB);

    // Nothing on the server yet: the upload starts at once, with the warning.
    await screen.pick([small, big]);
    await screen.clickUpload();
    await suite.driver.page.getByText(UPLOAD_WARNING).waitFor();
    await screen.job('survey-big.luxlz').waitFor();
    await screen.waitForJobState('survey-small.luxlz', 'complete');
    await screen.waitForJobState('survey-big.luxlz', 'complete');
    expect(await screen.chipOf('survey-small.luxlz')).toBe('Complete');
    expect(await screen.chipOf('survey-big.luxlz')).toBe('Complete');
    // The batch is done: no overall display at 100 %, the rows stay with their chips.
    expect(await suite.driver.textOf('no-uploads')).toBe('No files are currently being uploaded.');
    expect(await suite.driver.byTestId('upload-overall').count()).toBe(0);
    // The bars jump to each value: an animated bar would repaint the page all upload long.
    const transitions = await screen.progressBarTransitions();
    expect(transitions.length).toBe(2);
    expect(new Set(transitions)).toEqual(new Set(['0s']));
    await suite.driver.screenshot('package-upload-complete');

    // Leaving the page and coming back (client-side) keeps the list.
    await suite.driver.page.getByTestId('menu-entry-viewer').click();
    await suite.driver.byTestId('upload-monitor-button').click();
    const dialog = suite.driver.byTestId('upload-progress-dialog');
    await screen.waitForJobState('survey-big.luxlz', 'complete', dialog);
    expect(await screen.chipOf('survey-big.luxlz', dialog)).toBe('Complete');
    await suite.driver.screenshot('package-upload-monitor-dialog');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    await suite.driver.page.getByTestId('menu-entry-package-upload').click();
    await screen.waitForJobState('survey-small.luxlz', 'complete');

    // Picking them again, one with another size, plus a new one: the redundant dialog.
    await screen.pick([
      small,
      testPackage('survey-big.luxlz', 3 * MIB),
      testPackage('new.luxiz', MIB),
    ]);
    await screen.clickUpload();
    await screen.redundantDialog().waitFor();
    expect(await screen.redundantDialog().textContent()).toContain(
      'Some of the following packages are already on the server. Select any you wish to force upload.',
    );
    expect(await screen.redundantItems()).toEqual([
      { name: 'survey-small.luxlz', checked: false, disabled: false, chip: 'Already uploaded' },
      { name: 'survey-big.luxlz', checked: true, disabled: false, chip: '12.0 MB on server' },
      { name: 'new.luxiz', checked: true, disabled: true, chip: null },
    ]);
    expect(await screen.dialogButton('Upload 2 File(s)').isEnabled()).toBe(true);
    expect(await screen.dialogButton('Select all').isVisible()).toBe(true);
    await suite.driver.screenshot('package-upload-redundant');
    await screen.dialogButton('Skip all existing file(s)').click();
    expect(await screen.dialogButton('Skip all existing file(s)').count()).toBe(0);
    await screen.dialogButton('Upload 1 File(s)').waitFor();
    await screen.dialogButton('Select all').click();
    await screen.dialogButton('Upload 3 File(s)').waitFor();
    expect(await screen.dialogButton('Select all').count()).toBe(0);
    // Cancel clears the list.
    await screen.dialogButton('Cancel').click();
    await screen.redundantDialog().waitFor({ state: 'detached' });
    expect(await suite.driver.byTestId('picked-files').count()).toBe(0);

    // Confirming switches to the Progress tab.
    await screen.openTab('history');
    await screen.pick([small]);
    await screen.clickUpload();
    await screen.dialogButton('Upload 0 File(s)').waitFor();
    expect(await screen.dialogButton('Upload 0 File(s)').isDisabled()).toBe(true);
    await screen
      .redundantDialog()
      .getByRole('checkbox', { name: 'Upload survey-small.luxlz' })
      .check();
    await screen.dialogButton('Upload 1 File(s)').click();
    await screen.redundantDialog().waitFor({ state: 'detached' });
    await screen.waitForJobState('survey-small.luxlz', 'complete');
    expect(await screen.job('survey-big.luxlz').count()).toBe(0);
  });

  it('says which uploaded packages could not be ingested, until they are dismissed', async () => {
    const db = suite.environment.live.database.db;
    const user = await db
      .selectFrom('users')
      .select(['id', 'organizationId'])
      .where('username', '=', 'sstandard')
      .executeTakeFirstOrThrow();
    const message =
      'LG9001_20050402_000017.luxlz: Device LG-9001 is not registered to your organization; ask an administrator to add it';
    // What the ingestion job writes when the package it was handed cannot be read.
    const [entry] = await db
      .insertInto('activityLogs')
      .values({
        activityType: 'PackageIngest',
        referenceKey: 'org-1/packages/LG9001_20050402_000017.luxlz',
        userId: user.id,
        organizationId: user.organizationId,
        status: 'Error',
        message,
      })
      .returning('id')
      .execute();
    const screen = await openScreen();
    const alert = suite.driver.byTestId('ingest-errors');
    await alert.waitFor();
    expect(await alert.getByTestId('ingest-error-message').allTextContents()).toEqual([message]);
    expect(await alert.textContent()).toContain('An uploaded package could not be ingested:');
    await suite.driver.screenshot('package-upload-ingest-errors');
    await alert.getByRole('button', { name: 'Dismiss' }).click();
    await alert.waitFor({ state: 'detached' });
    const stored = await db
      .selectFrom('activityLogs')
      .select('isAcknowledged')
      .where('id', '=', entry!.id)
      .executeTakeFirstOrThrow();
    expect(stored.isAcknowledged).toBe(true);
    expect(await screen.tabs()).toEqual(['Progress', 'History']);
  });

  it('shows a failed upload under Upload Errors until it is acknowledged, and lists History', async () => {
    const screen = await openScreen();
    // The store is unreachable for this one file: the signed-URL call fails.
    await suite.driver.page.route('**/graphql', async (route) => {
      const body = route.request().postData() ?? '';
      if (body.includes('getPackageUploadSignedURL') && body.includes('broken.luxlz')) {
        await route.fulfill({
          contentType: 'application/json',
          body: JSON.stringify({ data: null, errors: [{ message: 'Storage is unavailable' }] }),
        });
        return;
      }
      await route.continue();
    });
    await suite.driver.byTestId('upload-options-button').click();
    const options = suite.driver.byTestId('upload-options-dialog');
    await options.getByRole('checkbox', { name: 'Use Multipart Uploads' }).uncheck();
    await options.getByRole('button', { name: 'Ok' }).click();

    // One fails, the other goes as a single PUT.
    await screen.pick([testPackage('broken.luxlz', 1000), testPackage('single.luxiz', 3 * MIB)]);
    await screen.clickUpload();
    await screen.waitForJobState('broken.luxlz', 'error');
    await screen.waitForJobState('single.luxiz', 'complete');
    expect(await screen.job('single.luxiz').getByLabel('Single-part upload').count()).toBe(1);
    expect(await screen.chipOf('broken.luxlz')).toBe('Error (0% complete)');
    await screen.errorBadge().waitFor();
    expect(await screen.errorBadge().textContent()).toBe('1');
    await screen.openTab('errors');
    const errors = suite.driver.byTestId('upload-errors-table');
    await errors.getByText('Upload of broken.luxlz failed: Storage is unavailable').waitFor();
    await suite.driver.screenshot('package-upload-errors');
    await errors.getByTestId('upload-log-acknowledge').first().click();
    await suite.driver.byTestId('upload-tab-errors').waitFor({ state: 'detached' });
    expect(await screen.tabs()).toEqual(['Progress', 'History']);

    await screen.openTab('history');
    const history = suite.driver.byTestId('upload-history-table');
    await history.getByText('Upload of broken.luxlz failed: Storage is unavailable').waitFor();
    await history
      .getByText(/single\.luxiz/)
      .first()
      .waitFor();
    await suite.driver.screenshot('package-upload-history');
  });
});

describeInBrowser('the Package Upload screen under an upload quota', () => {
  // 10 MB: room for one of two 6 MiB packages.
  const suite = setUpBrowserSuite({ env: { UPLOAD_QUOTA_GB_PER_ORGANIZATION: '0.01' } });

  it('sends the one single upload the quota has room for and says why the other was refused', async () => {
    const driver = await suite.launch();
    await driver.signInAs('standard', { startAt: '/package-upload' });
    const screen = new PackageUploadPage(driver);
    await screen.open();
    await driver.byTestId('upload-options-button').click();
    const options = driver.byTestId('upload-options-dialog');
    await options.getByRole('checkbox', { name: 'Use Multipart Uploads' }).uncheck();
    await options.getByRole('button', { name: 'Ok' }).click();

    // Both ask for their URLs at once (3 simultaneous uploads).
    const names = ['quota-a.luxlz', 'quota-b.luxlz'];
    await screen.pick(names.map((name) => testPackage(name, 6 * MIB)));
    await screen.clickUpload();
    await expect
      .poll(async () => (await Promise.all(names.map((name) => screen.chipOf(name)))).sort(), {
        timeout: 30_000,
      })
      .toEqual(['Complete', 'Error (0% complete)']);
    await screen.openTab('errors');
    const refusal = await driver
      .byTestId('upload-errors-table')
      .getByText(/^Upload of quota-[ab]\.luxlz failed: /)
      .textContent();
    expect(refusal).toMatch(
      /failed: Your organization's upload quota of 10 MB is reached \(6\.3 MB used(, 6\.3 MB of it by uploads in progress)?\); this file needs 2\.6 MB more$/,
    );
    await driver.screenshot('package-upload-quota');
  });
});
