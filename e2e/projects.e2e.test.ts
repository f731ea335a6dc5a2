import {
  CONFIRM_PROJECT_DELETION,
  CONFIRM_PROJECT_DELETION_TITLE,
  DIALOG_WIDTHS,
  PROJECT_CREATED,
  PROJECT_DELETED,
  PROJECT_UPDATED,
  PROJECT_UTM_INVALID,
  PROJECTION_INVALID,
  routeByName,
  UTM_HINT,
} from '@asset-portal/shared';
import { expect, it } from 'vitest';
import { LOAD_FAILED } from '../packages/web/src/components/data-table/table-texts.ts';
import { PROJECTS_PATH, ProjectsPage } from './support/projects-page.ts';
import { describeInBrowser, setUpBrowserSuite } from './support/suite.ts';

const HEADERS = [
  '',
  'Id',
  'Project',
  'Organization',
  'UTM',
  'Active',
  'Proj4 Projection',
  'From',
  'To',
  'Actions',
];

describeInBrowser('the Projects screen', () => {
  const suite = setUpBrowserSuite();

  async function openAs(persona: 'admin' | 'power user'): Promise<ProjectsPage> {
    const driver = await suite.launch();
    await driver.signInAs(persona, { startAt: PROJECTS_PATH });
    const projects = new ProjectsPage(driver);
    await projects.waitForRows();
    return projects;
  }

  it('groups by organization ascending, sorts by name and shows the device periods', async () => {
    const projects = await openAs('admin');
    expect(await projects.headers()).toEqual(HEADERS);
    expect(await projects.groups()).toEqual([
      expect.stringMatching(/^Organization: LuxGear Systems \(\d+\)$/),
      expect.stringMatching(/^Organization: Northwind Surveying \(\d+\)$/),
    ]);
    const names = await projects.names();
    expect(names.indexOf('Tokyo Bay Test Range')).toBeLessThan(names.indexOf('Archive 2019'));
    expect(
      names.filter((n) => ['Archive 2019', 'Eugene Corridor', 'Kandahar Survey'].includes(n)),
    ).toEqual(['Archive 2019', 'Eugene Corridor', 'Kandahar Survey']);
    const eugene = await projects.cells('Eugene Corridor');
    expect(eugene.slice(3, 5)).toEqual(['Northwind Surveying', '10N']);
    expect(eugene.slice(7, 9)).toEqual(['2024-03-01 00:00 UTC', '2024-06-30 00:00 UTC']);
    expect((await projects.cells('Kandahar Survey'))[8]).toBe('open-ended');
    expect(await projects.displayedRows()).toBe(`1–${names.length} of ${names.length}`);
    await suite.driver.screenshot('projects-admin');
  });

  it('creates a project: UTM without N or S keeps the dialog open, invalid proj4 is refused', async () => {
    const projects = await openAs('admin');
    await projects.openNew();
    expect(await projects.dialogTitle()).toBe('New Project');
    const box = await projects.dialog().boundingBox();
    expect(box?.width).toBe(DIALOG_WIDTHS.project);
    expect(await projects.fieldHelp('UTM')).toBe(UTM_HINT);
    await suite.driver.screenshot('projects-new-dialog');

    await projects.fill('project-name', 'Coastal Survey');
    await projects.chooseOrganization('Northwind Surveying');
    await projects.fill('project-comments', 'Shoreline scans');
    await projects.fill('project-utm', '10X');
    await projects.save();
    await expect.poll(() => projects.fieldHelp('UTM')).toBe(PROJECT_UTM_INVALID);
    expect(await projects.dialog().isVisible()).toBe(true);
    await suite.driver.screenshot('projects-utm-invalid');

    await projects.fill('project-utm', '10n');
    await projects.fill('project-projection', '+proj=nonsense');
    await projects.dialog().getByTestId('project-projection').blur();
    await expect
      .poll(() => projects.fieldHelp('Proj4 Projection'))
      .toBe(PROJECTION_INVALID('+proj=nonsense'));
    await projects.save();
    expect(await projects.dialog().isVisible()).toBe(true);
    await projects.fill('project-projection', '+proj=utm +zone=10 +datum=WGS84 +units=m +no_defs');
    await expect
      .poll(() => projects.fieldHelp('Proj4 Projection'))
      .toBe('Blank means no projection');

    await projects.dialog().getByRole('button', { name: 'prefill example' }).click();
    expect(await projects.dialog().getByTestId('helmert-Dx').inputValue()).toBe('1.0037');
    expect(await projects.dialog().getByTestId('helmert-reference_year').inputValue()).toBe('2010');
    // Each value with the unit the transform reads it in.
    const unitOf = (key: string) =>
      projects
        .dialog()
        .locator(`.MuiInputBase-root:has([data-testid="helmert-${key}"]) .MuiInputAdornment-root`)
        .textContent();
    expect(await unitOf('Dx')).toBe('m');
    expect(await unitOf('M')).toBe('ppb');
    expect(await unitOf('d_Rz')).toBe('mas/y');
    await suite.driver.screenshot('projects-transform-tab');
    await projects.dialog().getByRole('button', { name: 'reset' }).click();
    expect(await projects.dialog().getByTestId('helmert-Dx').inputValue()).toBe('');
    await projects.dialog().getByRole('button', { name: 'prefill example' }).click();

    await projects.dialog().getByRole('tab', { name: 'Classification' }).click();
    const tags = projects.dialog().getByRole('combobox', { name: 'Tag Options' });
    await tags.fill('Needs review');
    await tags.press('Enter');
    await expect
      .poll(async () => await projects.dialog().locator('.MuiChip-label').allTextContents())
      .toEqual(['QA - OK', 'QA - Issue/Poor', 'Needs review']);
    // A tag typed again is not added twice; the field says so and clears.
    await tags.fill('QA - OK');
    await tags.press('Enter');
    await projects.dialog().getByText("'QA - OK' is already a tag option.").waitFor();
    expect(await tags.inputValue()).toBe('');
    expect(await projects.dialog().isVisible()).toBe(true);
    expect(await projects.dialog().locator('.MuiChip-label').allTextContents()).toEqual([
      'QA - OK',
      'QA - Issue/Poor',
      'Needs review',
    ]);
    await suite.driver.screenshot('projects-classification-tab');

    await projects.save();
    expect(await projects.expectSnackbar(PROJECT_CREATED)).toBe('success');
    await projects.waitForDialogClosed();
    const cells = await projects.cells('Coastal Survey');
    expect(cells.slice(3, 9)).toEqual([
      'Northwind Surveying',
      '10N',
      'Yes',
      '+proj=utm +zone=10 +datum=WGS84 +units=m +no_defs',
      'no device assignment',
      '',
    ]);
    await projects.row('Coastal Survey').getByRole('button', { name: 'Expand row' }).click();
    await projects.page.getByText('Comments: Shoreline scans').waitFor();

    // Edit: the stored values come back, and the update (utm sent wrapped) is saved.
    await projects.openEdit('Coastal Survey');
    expect(await projects.dialogTitle()).toBe('Edit Project');
    expect(await projects.dialog().getByTestId('project-utm').inputValue()).toBe('10N');
    expect(await projects.dialog().getByTestId('helmert-Dx').inputValue()).toBe('1.0037');
    await projects.dialog().getByRole('button', { name: 'Clear comments' }).click();
    await projects.fill('project-comments', 'Updated notes');
    await projects.fill('project-utm', '11S');
    await suite.driver.screenshot('projects-edit-dialog');
    await projects.save();
    expect(await projects.expectSnackbar(PROJECT_UPDATED)).toBe('success');
    expect((await projects.cells('Coastal Survey'))[4]).toBe('11S');
    await projects.page.getByText('Comments: Updated notes').waitFor();
  });

  it('deletes after confirmation and refuses a project that still has scans', async () => {
    const projects = await openAs('admin');
    await projects.openNew();
    await projects.fill('project-name', 'Short Lived');
    await projects.chooseOrganization('LuxGear Systems');
    await projects.fill('project-utm', '54N');
    await projects.save();
    await projects.expectSnackbar(PROJECT_CREATED);

    const confirmDialog = await projects.deleteProject('Short Lived');
    expect(await confirmDialog.locator('#confirm-dialog-title').textContent()).toBe(
      CONFIRM_PROJECT_DELETION_TITLE,
    );
    await expect
      .poll(() => confirmDialog.textContent())
      .toContain(CONFIRM_PROJECT_DELETION('Short Lived'));
    expect((await confirmDialog.boundingBox())?.width).toBe(DIALOG_WIDTHS.deleteConfirm);
    await suite.driver.screenshot('projects-delete-confirm');
    await confirmDialog.getByRole('button', { name: 'Delete' }).click();
    expect(await projects.expectSnackbar(PROJECT_DELETED)).toBe('success');
    await expect.poll(() => projects.row('Short Lived').count()).toBe(0);

    const withScans = await projects.deleteProject('Eugene Corridor');
    await withScans.getByRole('button', { name: 'Delete' }).click();
    const bar = projects.page.getByTestId('snackbar').filter({ hasText: /still has \d+ scans?/ });
    await bar.waitFor();
    expect(await bar.getAttribute('data-severity')).toBe('error');
    await suite.driver.screenshot('projects-delete-refused');
    await expect.poll(() => projects.row('Eugene Corridor').count()).toBe(1);
  });

  it('pages at 100 by default, with 25, 50, 100 and All, counting projects, not group headers', async () => {
    const projects = await openAs('admin');
    const { organizations } = await projects.portal.graphql<{
      organizations: { id: string; name: string }[];
    }>('{ organizations { id name } }');
    const northwind = organizations.find((o) => o.name === 'Northwind Surveying')!;
    for (let n = 1; n <= 110; n += 1) {
      await projects.portal.graphql(
        'mutation($n:String!,$o:ID){ createProject(name:$n, organizationId:$o, utm:"10N"){ id } }',
        { n: `Bulk ${String(n).padStart(3, '0')}`, o: northwind.id },
      );
    }
    await projects.open();
    const { projects: all } = await projects.portal.graphql<{ projects: { id: string }[] }>(
      '{ projects { id } }',
    );
    const total = all.length;
    expect(total).toBeGreaterThan(110);
    // A page holds 100 projects under their organizations' headers.
    expect(await projects.displayedRows()).toBe(`1–100 of ${total}`);
    expect(await projects.names()).toHaveLength(100);
    expect(await projects.choosePageSize('25')).toEqual(['25', '50', '100', 'All']);
    expect(await projects.displayedRows()).toBe(`1–25 of ${total}`);
    expect(await projects.names()).toHaveLength(25);
    await projects.page.getByRole('button', { name: 'Go to next page' }).click();
    expect(await projects.displayedRows()).toBe(`26–50 of ${total}`);
    expect(await projects.names()).toHaveLength(25);
    // Page 2 is inside Northwind Surveying's projects: its header shows again at the top.
    expect(await projects.groups()).toEqual([
      expect.stringMatching(/^Organization: Northwind Surveying \(\d+\)$/),
    ]);
    await projects.choosePageSize('All');
    expect(await projects.displayedRows()).toBe(`1–${total} of ${total}`);
    expect((await projects.names()).filter((n) => n.startsWith('Bulk ')).length).toBe(110);
  });

  it('lets a power user manage only their organization, without the Organization field', async () => {
    const projects = await openAs('power user');
    expect(await projects.groups()).toEqual([
      expect.stringMatching(/^Organization: Northwind Surveying \(\d+\)$/),
    ]);
    expect(await projects.row('Tokyo Bay Test Range').count()).toBe(0);
    await projects.openNew();
    expect(await projects.dialog().getByLabel('Organization').count()).toBe(0);
    await suite.driver.screenshot('projects-power-user-dialog');
    await projects.fill('project-name', 'Field Trial');
    await projects.fill('project-utm', '17N');
    await projects.save();
    await projects.expectSnackbar(PROJECT_CREATED);
    // Earlier tests may have filled the first page.
    await projects.choosePageSize('All');
    expect((await projects.cells('Field Trial'))[3]).toBe('Northwind Surveying');
    await suite.driver.screenshot('projects-power-user');
  });

  it('keeps the Actions in sight on a laptop screen, where the table scrolls sideways', async () => {
    const projects = await openAs('power user');
    const { page } = suite.driver;
    await page.setViewportSize({ width: 1024, height: 768 });
    const container = page.locator('.MuiTableContainer-root', { has: projects.table() });
    const overflow = await container.evaluate((box) => box.scrollWidth - box.clientWidth);
    expect(overflow).toBeGreaterThan(0);
    const edit = page.getByRole('button', { name: 'Edit project Archive 2019', exact: true });
    const inSight = async () => {
      const button = await edit.boundingBox();
      const box = await container.boundingBox();
      return !!button && !!box && button.x + button.width <= box.x + box.width;
    };
    expect(await inSight()).toBe(true);
    // Scrolled to either end, the button stays where it is and opens the dialog.
    await container.evaluate((box) => box.scrollTo({ left: box.scrollWidth }));
    expect(await inSight()).toBe(true);
    await container.evaluate((box) => box.scrollTo({ left: 0 }));
    expect(await inSight()).toBe(true);
    await suite.driver.screenshot('projects-laptop-width');
    // The sticky cell is tinted with its hovered row, not left a white block beside it.
    const row = page.locator('tr', { has: edit });
    const colours = () =>
      row.evaluate((tr) => {
        const cells = Array.from(tr.querySelectorAll('td'));
        const look = (td: Element) => {
          const style = getComputedStyle(td);
          return `${style.backgroundColor} ${style.backgroundImage}`;
        };
        return { row: getComputedStyle(tr).backgroundColor, actions: look(cells.at(-1)!) };
      });
    const idle = await colours();
    await row.locator('td').first().hover();
    await expect.poll(async () => (await colours()).row).not.toBe(idle.row);
    const hovered = await colours();
    expect(hovered.actions).not.toBe(idle.actions);
    expect(hovered.actions).toContain(hovered.row);
    await edit.click();
    await projects.dialog().waitFor();
  });

  it('says the list could not be loaded, rather than that there are no projects', async () => {
    const driver = await suite.launch();
    await driver.page.route('**/graphql', async (route) => {
      if ((route.request().postData() ?? '').includes('query ProjectList')) {
        await route.abort('connectionrefused');
        return;
      }
      await route.continue();
    });
    await driver.signInAs('power user', { startAt: PROJECTS_PATH });
    const projects = new ProjectsPage(driver);
    await projects.table().getByText(LOAD_FAILED).waitFor();
    expect(await projects.table().getByText('No projects yet.').count()).toBe(0);
    await driver.screenshot('projects-load-failed');
    await driver.page.unroute('**/graphql');
  });

  it('sends a standard user who opens /projects to the Viewer', async () => {
    const driver = await suite.launch();
    await driver.signInAs('standard');
    await driver.visit(PROJECTS_PATH);
    await driver.waitForPath('/');
    expect(await driver.menuEntries()).not.toContain(routeByName('Projects').menuLabel);
  });
});
