import {
  DEVICE_ASSIGNMENT_CREATED,
  DEVICE_ASSIGNMENT_DELETED,
  DEVICE_ASSIGNMENT_FROM_BEFORE_TO,
  DEVICE_ASSIGNMENT_UPDATED,
  PROJECT_CREATED,
  routeByName,
} from '@asset-portal/shared';
import { expect, it } from 'vitest';
import { DEVICE_ASSIGNMENT_PATH, DeviceAssignmentPage } from './support/device-assignment-page.ts';
import { PROJECTS_PATH, ProjectsPage } from './support/projects-page.ts';
import { describeInBrowser, setUpBrowserSuite } from './support/suite.ts';

describeInBrowser('the Device Assignment screen', () => {
  const suite = setUpBrowserSuite();

  async function openAs(persona: 'admin' | 'power user' | 'standard') {
    const driver = await suite.launch();
    await driver.signInAs(persona, { startAt: DEVICE_ASSIGNMENT_PATH });
    return new DeviceAssignmentPage(driver);
  }

  it('lists the periods of the chosen organization’s devices', async () => {
    const screen = await openAs('admin');
    await screen.waitForRows();
    expect(await screen.rows()).toEqual([
      'LG-9001 | Tokyo Bay Test Range | 2005-01-01 00:00 UTC | 2005-12-31 00:00 UTC',
    ]);
    await suite.driver.screenshot('device-assignment-admin');
    await screen.chooseOrganization('Northwind Surveying');
    // The other organization's periods are fetched now: the list shows Loading… until they come.
    await expect
      .poll(() => screen.rows(), { timeout: 10_000 })
      .toEqual([
        'LG-1001 | Archive 2019 | 2019-03-01 00:00 UTC | 2019-11-30 00:00 UTC',
        'LG-1001 | Eugene Corridor | 2024-03-01 00:00 UTC | 2024-06-30 00:00 UTC',
        'LG-1002 | Kandahar Survey | 2024-05-01 00:00 UTC | open-ended',
        'LG-1003 | Paris Test Drive | 2024-03-15 00:00 UTC | open-ended',
      ]);
    await suite.driver.screenshot('device-assignment-northwind');

    // Deleting a period that placed the demo's Eugene session says that it leaves the project.
    const confirmDialog = await screen.askDelete('Eugene Corridor');
    await expect
      .poll(() => confirmDialog.textContent())
      .toContain(
        "to project 'Eugene Corridor'? The session it placed in the project goes to Unassigned scans; data imported or assigned by hand stays.",
      );
    await suite.driver.screenshot('device-assignment-delete-count');
    await confirmDialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => screen.row('Eugene Corridor').count()).toBe(1);

    // The chosen organization stays after going elsewhere and coming Back, and on a reload.
    const northwindRows = await screen.rows();
    await screen.page.getByTestId('menu-entry-projects').click();
    await screen.page.getByRole('heading', { name: 'Projects' }).waitFor();
    await screen.page.goBack();
    await expect.poll(() => screen.rows()).toEqual(northwindRows);
    await screen.page.reload();
    await expect.poll(() => screen.rows(), { timeout: 10_000 }).toEqual(northwindRows);

    // An address naming no organization there is opens the Admin's own.
    await suite.driver.visit(`${DEVICE_ASSIGNMENT_PATH}?organization=999999`);
    await expect
      .poll(() => screen.rows(), { timeout: 10_000 })
      .toEqual(['LG-9001 | Tokyo Bay Test Range | 2005-01-01 00:00 UTC | 2005-12-31 00:00 UTC']);
  });

  it('refuses overlaps and reversed periods, then assigns, edits and deletes; Projects shows From/To', async () => {
    const screen = await openAs('power user');
    await screen.waitForRows();
    expect(await screen.page.getByTestId('assignment-organization').count()).toBe(0);
    await expect
      .poll(() => screen.page.getByTestId('assignment-organization-name').textContent())
      .toBe('Organization: Northwind Surveying');

    // A project without periods to assign to.
    suite.driver.page.setDefaultTimeout(20_000);
    const projects = new ProjectsPage(suite.driver);
    await projects.open();
    await projects.openNew();
    await projects.fill('project-name', 'Harbor Survey');
    await projects.fill('project-utm', '10N');
    await projects.save();
    await projects.expectSnackbar(PROJECT_CREATED);
    expect((await projects.cells('Harbor Survey'))[7]).toBe('no device assignment');

    await suite.driver.visit(DEVICE_ASSIGNMENT_PATH);
    await screen.waitForRows();
    await screen.openNew();
    await screen.fill({ device: 'LG-1002', project: 'Harbor Survey', from: '2024-06-01T00:00' });
    await screen.save();
    const overlap = screen.dialog().getByTestId('assignment-period-error');
    await overlap.waitFor();
    expect(await overlap.textContent()).toBe(
      "This period overlaps the assignment of device LG-1002 to project 'Kandahar Survey' from 2024-05-01 00:00 UTC with no end.",
    );
    await suite.driver.screenshot('device-assignment-overlap');

    await screen.fill({ from: '2023-06-01T00:00', to: '2023-01-01T00:00' });
    await screen.save();
    await expect.poll(() => screen.fieldHelp('To (UTC)')).toBe(DEVICE_ASSIGNMENT_FROM_BEFORE_TO);
    expect(await screen.dialog().isVisible()).toBe(true);

    await screen.fill({ from: '2023-01-01T00:00', to: '2023-06-01T12:30' });
    await suite.driver.screenshot('device-assignment-dialog');
    await screen.save();
    expect(await screen.expectSnackbar(DEVICE_ASSIGNMENT_CREATED)).toBe('success');
    await expect
      .poll(() => screen.rows())
      .toContain('LG-1002 | Harbor Survey | 2023-01-01 00:00 UTC | 2023-06-01 12:30 UTC');

    await projects.open();
    await projects.choosePageSize('All');
    expect((await projects.cells('Harbor Survey')).slice(7, 9)).toEqual([
      '2023-01-01 00:00 UTC',
      '2023-06-01 12:30 UTC',
    ]);
    await suite.driver.screenshot('device-assignment-projects-from-to');

    await suite.driver.visit(DEVICE_ASSIGNMENT_PATH);
    await screen.waitForRows();
    const row = screen.row('Harbor Survey');
    await row.getByRole('button', { name: /^Edit assignment/ }).click();
    await screen.dialog().waitFor();
    expect(await screen.dialog().getByTestId('assignment-from').inputValue()).toBe(
      '2023-01-01T00:00',
    );
    await screen.fill({ to: '2023-07-01T00:00' });
    await screen.save();
    expect(await screen.expectSnackbar(DEVICE_ASSIGNMENT_UPDATED)).toBe('success');
    await expect
      .poll(() => screen.rows())
      .toContain('LG-1002 | Harbor Survey | 2023-01-01 00:00 UTC | 2023-07-01 00:00 UTC');

    const confirmDialog = await screen.askDelete('Harbor Survey');
    await expect
      .poll(() => confirmDialog.textContent())
      .toContain(
        "Are you sure you want to delete the assignment of device LG-1002 to project 'Harbor Survey'? It placed no session in the project; data imported or assigned by hand stays.",
      );
    await suite.driver.screenshot('device-assignment-delete-confirm');
    await confirmDialog.getByRole('button', { name: 'Delete' }).click();
    expect(await screen.expectSnackbar(DEVICE_ASSIGNMENT_DELETED)).toBe('success');
    await expect.poll(() => screen.row('Harbor Survey').count()).toBe(0);

    await suite.driver.visit(PROJECTS_PATH);
    await projects.waitForRows();
    await projects.choosePageSize('All');
    expect((await projects.cells('Harbor Survey'))[7]).toBe('no device assignment');
  });

  it('sends a standard user who opens /device-assignment to the Viewer', async () => {
    const driver = await suite.launch();
    await driver.signInAs('standard');
    await driver.visit(DEVICE_ASSIGNMENT_PATH);
    await driver.waitForPath('/');
    expect(await driver.menuEntries()).not.toContain(routeByName('DeviceAssignment').menuLabel);
  });
});
