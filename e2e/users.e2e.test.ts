import {
  CONFIRM_USER_DELETION,
  CONFIRM_USER_DELETION_TITLE,
  DIALOG_WIDTHS,
  EMAIL_INVALID,
  PHONE_INVALID,
  routeByName,
  USER_DELETED,
  USER_INVITATION_CREATED,
  USER_INVITED,
  USER_UPDATED,
  VALUE_REQUIRED,
} from '@asset-portal/shared';
import { expect, it } from 'vitest';
import { factories } from '../packages/server/test/factories.ts';
import type { Persona } from './support/portal-driver.ts';
import { describeInBrowser, setUpBrowserSuite } from './support/suite.ts';
import { USERS_PATH, UsersPage } from './support/users-page.ts';

const HEADERS = [
  'Id',
  'Name',
  'Organization',
  'User Type',
  'Username',
  'Email',
  'Phone',
  'Enabled',
  'Actions',
];
const LUX = 'LuxGear Systems';
const NORTHWIND = 'Northwind Surveying';

describeInBrowser('Users', () => {
  const suite = setUpBrowserSuite();

  const open = async (persona: Persona) => {
    const driver = await suite.launch();
    await driver.signInAs(persona, { startAt: USERS_PATH });
    const screen = new UsersPage(driver);
    await screen.waitForRows();
    return { portal: driver, screen };
  };

  it('lists every user for an Admin, grouped by organization and sorted by name', async () => {
    const { portal, screen } = await open('admin');
    expect(await screen.headers()).toEqual(HEADERS);
    expect(await screen.groups()).toEqual([
      `Organization: ${LUX} (1)`,
      `Organization: ${NORTHWIND} (3)`,
    ]);
    expect(await screen.names()).toEqual([
      'Ada Admin',
      'Dana Disabled',
      'Paul Power',
      'Sam Standard',
    ]);
    const paul = await screen.cells('Paul Power');
    expect(paul.slice(1, 5)).toEqual(['Paul Power', NORTHWIND, 'Power User', 'ppower']);
    expect(await screen.isEnabled('Paul Power')).toBe(true);
    expect(await screen.isEnabled('Dana Disabled')).toBe(false);
    expect(await portal.page.locator('.MuiTablePagination-root').textContent()).toContain('25');
    await portal.screenshot('users-admin');
  });

  it('creates a user: each validation message, the derived username, and the invitation link', async () => {
    const { portal, screen } = await open('admin');
    const dialog = await screen.openNewUser();
    expect(await dialog.locator('h2').textContent()).toBe('New User');
    expect(Math.round(await screen.widthOf(dialog))).toBe(DIALOG_WIDTHS.user);

    await dialog.getByRole('button', { name: 'Invite User' }).click();
    expect(await screen.errorOf(dialog, 'user-name')).toBe(VALUE_REQUIRED);
    expect(await screen.errorOf(dialog, 'user-username')).toBe(VALUE_REQUIRED);
    expect(await screen.errorOf(dialog, 'user-email')).toBe(VALUE_REQUIRED);
    expect(await screen.errorOf(dialog, 'user-organization')).toBe(VALUE_REQUIRED);
    await portal.screenshot('users-new-required');

    // The username follows the full name...
    await screen.fillNewUser({ name: 'Grace Brewster Hopper' });
    expect(await dialog.locator('#user-username').inputValue()).toBe('gbrewster');
    await screen.fillNewUser({ name: 'Grace Hopper' });
    expect(await dialog.locator('#user-username').inputValue()).toBe('ghopper');
    expect(await screen.errorOf(dialog, 'user-username')).toBe('');
    // ...until the user writes one of their own.
    await screen.fillNewUser({ username: 'gracie' });
    await screen.fillNewUser({ name: 'Grace M Hopper' });
    expect(await dialog.locator('#user-username').inputValue()).toBe('gracie');
    await screen.fillNewUser({ username: '' });
    await screen.fillNewUser({ name: 'Grace Hopper' });
    expect(await dialog.locator('#user-username').inputValue()).toBe('ghopper');

    await screen.fillNewUser({ email: 'grace@example', phone: '12' });
    await dialog.getByRole('button', { name: 'Invite User' }).click();
    expect(await screen.errorOf(dialog, 'user-email')).toBe(EMAIL_INVALID);
    expect(await screen.errorOf(dialog, 'user-phone')).toBe(PHONE_INVALID);
    await portal.screenshot('users-new-invalid');

    expect(await screen.organizationOptions(dialog)).toEqual([LUX, NORTHWIND]);
    await screen.fillNewUser({
      email: 'grace@example.com',
      phone: '+1 604-555-0100',
      organization: NORTHWIND,
    });
    expect(await screen.errors(dialog)).toEqual([]);
    await portal.screenshot('users-new-filled');
    await dialog.getByRole('button', { name: 'Invite User' }).click();

    const invitation = screen.invitationDialog();
    await screen.settled(invitation);
    // No mail server: the invitation is made, not sent, and nothing says it was sent.
    expect(await invitation.locator('h2').textContent()).toBe(
      USER_INVITATION_CREATED('grace@example.com'),
    );
    const link = await invitation.locator('#invitation-url').inputValue();
    expect(link).toMatch(new RegExp(`^${portal.origin}/oidc/invitation/[\\w-]+$`));
    expect(
      await portal.page.getByText(USER_INVITED('grace@example.com'), { exact: true }).count(),
    ).toBe(0);
    await portal.screenshot('users-invitation');
    await invitation.getByRole('button', { name: 'Close' }).click();
    await invitation.waitFor({ state: 'detached' });

    const cells = await screen.cells('Grace Hopper');
    expect(cells.slice(1, 7)).toEqual([
      'Grace Hopper',
      NORTHWIND,
      'Standard',
      'ghopper',
      'grace@example.com',
      '+1 604-555-0100',
    ]);

    // The link opens the page where the invitee sets a password.
    const invitee = await portal.context.browser()!.newContext();
    try {
      const page = await invitee.newPage();
      await page.goto(link);
      await page.getByRole('heading', { name: 'Set your password' }).waitFor();
      expect(await page.textContent('body')).toContain('ghopper');
    } finally {
      await invitee.close();
    }
  });

  it('keeps the dialog and the input when the server refuses the user', async () => {
    const { portal, screen } = await open('admin');
    const dialog = await screen.openNewUser();
    await screen.fillNewUser({
      name: 'Another Admin',
      username: 'aadmin',
      email: 'another@example.com',
      organization: LUX,
    });
    await dialog.getByRole('button', { name: 'Invite User' }).click();
    const taken = "The username 'aadmin' is already taken.";
    const bar = portal.page.getByTestId('snackbar').filter({ hasText: taken });
    await bar.waitFor();
    // While the dialog is open the message shows at the top, clear of its buttons.
    const barBox = await bar.boundingBox();
    const actionsBox = await dialog.locator('.MuiDialogActions-root').boundingBox();
    expect(barBox && actionsBox && barBox.y + barBox.height <= actionsBox.y).toBe(true);
    await portal.screenshot('users-new-server-error');
    expect(await screen.expectSnackbar(taken)).toBe('error');
    expect(await dialog.isVisible()).toBe(true);
    expect(await dialog.locator('#user-name').inputValue()).toBe('Another Admin');
    expect(await dialog.locator('#user-email').inputValue()).toBe('another@example.com');
  });

  it('edits, disables and deletes a user; user types follow the Lux rule', async () => {
    const { portal, screen } = await open('admin');
    // A user of its own so the demo accounts stay as they are.
    await screen.openNewUser();
    await screen.fillNewUser({
      name: 'Edith Clarke',
      email: 'edith@example.com',
      organization: NORTHWIND,
    });
    await screen.newUserDialog().getByRole('button', { name: 'Invite User' }).click();
    await screen.invitationDialog().getByRole('button', { name: 'Close' }).click();
    await screen.row('Edith Clarke').waitFor();

    const dialog = await screen.openEdit('Edith Clarke');
    expect(await dialog.locator('h2').textContent()).toBe('Edit User');
    expect(Math.round(await screen.widthOf(dialog))).toBe(DIALOG_WIDTHS.user);
    expect(await dialog.locator('#user-username').isDisabled()).toBe(true);
    expect(await dialog.locator('#user-email').isDisabled()).toBe(true);
    expect(await dialog.locator('#user-username').inputValue()).toBe('eclarke');
    expect(await screen.userTypeOptions(dialog)).toEqual(['Standard', 'Power User']);
    await portal.screenshot('users-edit');

    await screen.chooseOrganization(dialog, LUX);
    expect(await screen.userTypeOptions(dialog)).toEqual(['Admin', 'Standard']);
    await screen.chooseOrganization(dialog, NORTHWIND);
    await screen.chooseUserType(dialog, 'Power User');
    await screen.chooseOrganization(dialog, LUX);
    // Power User is not offered there: the choice falls back to Standard.
    expect(await dialog.locator('#user-type').textContent()).toBe('Standard');
    await screen.chooseOrganization(dialog, NORTHWIND);
    await screen.chooseUserType(dialog, 'Power User');

    await dialog.locator('#user-phone').fill('555');
    await dialog.getByRole('button', { name: 'Save' }).click();
    expect(await screen.errorOf(dialog, 'user-phone')).toBe(PHONE_INVALID);
    await dialog.locator('#user-phone').fill('(604) 555 0199');
    await dialog.locator('#user-name').fill('Edith M. Clarke');
    await dialog.locator('#user-enabled').uncheck();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await screen.expectSnackbar(USER_UPDATED('Edith M. Clarke'))).toBe('success');
    const cells = await screen.cells('Edith M. Clarke');
    expect(cells.slice(1, 7)).toEqual([
      'Edith M. Clarke',
      NORTHWIND,
      'Power User',
      'eclarke',
      'edith@example.com',
      '(604) 555 0199',
    ]);
    expect(await screen.isEnabled('Edith M. Clarke')).toBe(false);

    await portal.page
      .getByRole('button', { name: 'Delete user Edith M. Clarke', exact: true })
      .click();
    await screen.settled(portal.page.locator('#confirm-dialog-title'));
    await portal.screenshot('users-delete-confirm');
    expect(await screen.answerConfirm(true)).toEqual({
      title: CONFIRM_USER_DELETION_TITLE,
      message: CONFIRM_USER_DELETION('Edith M. Clarke'),
    });
    expect(await screen.expectSnackbar(USER_DELETED('Edith M. Clarke'))).toBe('success');
    await screen.row('Edith M. Clarke').waitFor({ state: 'detached' });
  });

  it('shows a Power User only their organization, in the table and in the dialogs', async () => {
    const { portal, screen } = await open('power user');
    // Other tests add Northwind users; no user of another organization ever shows.
    const groups = await screen.groups();
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatch(new RegExp(`^Organization: ${NORTHWIND} \\(\\d+\\)$`));
    const names = await screen.names();
    expect(names).toEqual(expect.arrayContaining(['Dana Disabled', 'Paul Power', 'Sam Standard']));
    expect(names).not.toContain('Ada Admin');
    await portal.screenshot('users-power-user');

    const dialog = await screen.openNewUser();
    const organization = dialog.locator('#user-organization');
    expect(await organization.textContent()).toBe(NORTHWIND);
    expect(await organization.getAttribute('aria-disabled')).toBe('true');
    await portal.screenshot('users-power-user-new');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    const edit = await screen.openEdit('Sam Standard');
    expect(await edit.locator('#user-organization').getAttribute('aria-disabled')).toBe('true');
    expect(await screen.userTypeOptions(edit)).toEqual(['Standard', 'Power User']);
    await edit.getByRole('button', { name: 'Cancel' }).click();
  });

  it('keeps a Standard user out of the screen', async () => {
    const driver = await suite.launch();
    await driver.signInAs('standard');
    await driver.visit(USERS_PATH);
    await driver.waitForPath('/');
    await driver.waitForShell();
    expect(await driver.menuEntries()).not.toContain(routeByName('Users').menuLabel);
  });

  it('orders the organization groups by name, not by their first user', async () => {
    // 'User n' sorts after every demo user: by first user, this group would come last.
    const db = suite.environment.live.database.db;
    const organization = await factories.organization(db, { name: 'Aardvark Surveys' });
    await factories.user(db, organization.id, 'Standard');
    const { screen } = await open('admin');
    const groups = (await screen.groups()).map((group) => group.replace(/ \(\d+\)$/, ''));
    expect(groups).toEqual([
      'Organization: Aardvark Surveys',
      `Organization: ${LUX}`,
      `Organization: ${NORTHWIND}`,
    ]);
  });
});
