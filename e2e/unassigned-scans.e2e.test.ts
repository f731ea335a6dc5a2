import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  DEVICE_ALREADY_REGISTERED,
  DEVICE_ASSIGNMENT_CREATED,
  DEVICE_REGISTERED,
  SESSION_ASSIGNED,
} from '@asset-portal/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { GeneratedPackage } from '../packages/server/src/device-packages/generator/make-package.ts';
import { DEVICE_ASSIGNMENT_PATH, DeviceAssignmentPage } from './support/device-assignment-page.ts';
import { ingestGeneratedPackage } from './support/device-packages.ts';
import { describeInBrowser, setUpBrowserSuite } from './support/suite.ts';
import { ViewerPage } from './support/viewer-page.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'unassigned-scans-'));
const PACKAGE_ARGS = ['--scans', '2', '--target-size', '2MB', '--scan-seconds', '5'];

describeInBrowser('scans no assignment covered', () => {
  const suite = setUpBrowserSuite();
  let first: GeneratedPackage;
  let second: GeneratedPackage;

  // Two sessions of new Northwind devices that no assignment covers: ingested, in no project.
  beforeAll(async () => {
    const live = suite.environment.live;
    ({ generated: first } = await ingestGeneratedPackage(live, {
      project: 'Archive 2019',
      device: 'LG-7001',
      outDir: path.join(dir, 'first'),
      generatorArgs: PACKAGE_ARGS,
      assignment: null,
    }));
    ({ generated: second } = await ingestGeneratedPackage(live, {
      project: 'Archive 2019',
      device: 'LG-7002',
      outDir: path.join(dir, 'second'),
      generatorArgs: PACKAGE_ARGS,
      assignment: null,
    }));
  }, 240_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const unassignedTable = (screen: DeviceAssignmentPage) =>
    screen.page.getByRole('table', { name: 'Unassigned scans' });
  const unassignedRow = (screen: DeviceAssignmentPage, sessionId: string) =>
    unassignedTable(screen).locator('tbody tr[data-row-id]').filter({ hasText: sessionId });

  async function inProject(project: string, scanId: string): Promise<boolean> {
    const viewer = new ViewerPage(suite.driver);
    await suite.driver.visit('/');
    await viewer.chooseProject(`Northwind Surveying : ${project}`);
    await viewer.typeFilter('Scan ID', scanId);
    await expect.poll(() => viewer.scanIds(), { timeout: 10_000 }).toEqual([scanId]);
    return true;
  }

  it('lists them, and an assignment covering their capture time brings them into its project', async () => {
    const driver = await suite.launch();
    await driver.signInAs('power user', { startAt: DEVICE_ASSIGNMENT_PATH });
    const screen = new DeviceAssignmentPage(driver);
    await screen.waitForRows();
    const row = unassignedRow(screen, first.manifest.sessionId);
    await row.waitFor();
    const cells = (await row.locator('td').allTextContents()).map((t) => t.trim());
    const start = new Date(first.manifest.scans[0]!.capturedStart);
    expect(cells.slice(0, 2)).toEqual([first.manifest.sessionId, 'LG-7001']);
    expect(cells[2]).toMatch(
      new RegExp(`^${start.toISOString().slice(0, 10)} ${start.toISOString().slice(11, 16)}`),
    );
    expect(cells[3]).toBe('2');
    expect(cells[4]).toBe('Assign to project');
    await driver.screenshot('unassigned-listed');

    await screen.openNew();
    await screen.fill({
      device: 'LG-7001',
      project: 'Archive 2019',
      from: '2005-04-01T00:00',
      to: '2005-04-03T00:00',
    });
    await screen.save();
    expect(await screen.expectSnackbar(DEVICE_ASSIGNMENT_CREATED)).toBe('success');
    await row.waitFor({ state: 'detached' });
    expect(await unassignedRow(screen, second.manifest.sessionId).count()).toBe(1);
    await driver.screenshot('unassigned-after-assignment');

    expect(await inProject('Archive 2019', first.manifest.scans[0]!.id)).toBe(true);
    await driver.screenshot('unassigned-in-viewer');
  });

  it("assigns a session to a project by hand with 'Assign to project'", async () => {
    const driver = await suite.launch();
    await driver.signInAs('power user', { startAt: DEVICE_ASSIGNMENT_PATH });
    const screen = new DeviceAssignmentPage(driver);
    const sessionId = second.manifest.sessionId;
    const row = unassignedRow(screen, sessionId);
    await row.waitFor();
    await row.getByRole('button', { name: `Assign to project: session ${sessionId}` }).click();
    const dialog = driver.page.getByTestId('assign-session-dialog');
    await dialog.waitFor();
    // Nothing chosen: refused in place.
    await dialog.getByRole('button', { name: 'Assign' }).click();
    await expect.poll(() => dialog.getByText('Value is required').count()).toBe(1);
    await dialog.getByTestId('assign-session-project').getByRole('combobox').click();
    await driver.page.getByRole('option', { name: 'Paris Test Drive', exact: true }).click();
    await driver.page.getByRole('listbox', { includeHidden: true }).waitFor({ state: 'detached' });
    // A full-page shot of a scrolled page draws the fixed app bar mid-page.
    await driver.page.evaluate(() => window.scrollTo(0, 0));
    await driver.screenshot('unassigned-assign-dialog');
    await dialog.getByRole('button', { name: 'Assign' }).click();
    expect(await screen.expectSnackbar(SESSION_ASSIGNED(sessionId, 'Paris Test Drive'))).toBe(
      'success',
    );
    await row.waitFor({ state: 'detached' });
    expect(await inProject('Paris Test Drive', second.manifest.scans[1]!.id)).toBe(true);
  });

  it('lets an Admin register a device on the Organizations screen, refusing a duplicate id', async () => {
    const driver = await suite.launch();
    await driver.signInAs('admin', { startAt: '/organizations' });
    const page = driver.page;
    const register = async (id: string, name: string) => {
      await page.getByRole('button', { name: 'Register device' }).click();
      const dialog = page.getByTestId('register-device-dialog');
      await dialog.waitFor();
      await dialog.getByTestId('register-device-id').fill(id);
      await dialog.getByTestId('register-device-name').fill(name);
      await dialog.getByTestId('register-device-organization').getByRole('combobox').click();
      await page.getByRole('option', { name: 'Northwind Surveying', exact: true }).click();
      await page.getByRole('listbox').waitFor({ state: 'detached' });
      await dialog.getByRole('button', { name: 'Register' }).click();
      return dialog;
    };
    const dialog = await register('LG-8001', 'Northwind drone 8');
    const snackbar = page.getByTestId('snackbar').filter({ hasText: DEVICE_REGISTERED('LG-8001') });
    await snackbar.waitFor();
    await dialog.waitFor({ state: 'detached' });
    const northwind = page
      .getByRole('table', { name: 'Organizations' })
      .locator('tbody tr[data-row-id]')
      .filter({ hasText: 'Northwind Surveying' });
    await expect.poll(() => northwind.textContent()).toContain('LG-8001');
    await driver.screenshot('unassigned-device-registered');

    const again = await register('LG-8001', 'Twice');
    await page
      .getByTestId('snackbar')
      .filter({ hasText: DEVICE_ALREADY_REGISTERED('LG-8001') })
      .waitFor();
    expect(await again.isVisible()).toBe(true);
    await driver.screenshot('unassigned-device-duplicate');
  });
});
