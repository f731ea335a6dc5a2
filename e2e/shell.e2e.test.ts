import { menuEntriesFor } from '@asset-portal/shared';
import { expect, it } from 'vitest';
import { PERSONAS, type Persona } from './support/portal-driver.ts';
import { describeInBrowser, setUpBrowserSuite } from './support/suite.ts';

// The menu each role must see is the route table's (its order and labels are checked against
// spec §2 in packages/shared/src/routes.test.ts); here the screen must show exactly that.
const expectedMenu = (persona: Exclude<Persona, 'disabled'>) =>
  menuEntriesFor(PERSONAS[persona].userType).map((route) => route.menuLabel);

const IDLE_WARNING = /^You will be logged out due to inactivity in (\d+) seconds\.\.\.$/;

describeInBrowser('the app shell and sign-in', () => {
  const suite = setUpBrowserSuite();

  for (const persona of ['admin', 'power user', 'standard'] as const) {
    it(`shows ${persona} exactly the allowed menu entries, the name and the organization`, async () => {
      const portal = await suite.launch();
      await portal.signInAs(persona);

      expect(portal.currentPath()).toBe('/');
      expect(await portal.menuEntries()).toEqual(expectedMenu(persona));
      expect(await portal.textOf('user-name')).toBe(PERSONAS[persona].name);
      expect(await portal.textOf('org-name')).toBe(PERSONAS[persona].organization);
      await expect(portal.byTestId('app-title').isVisible()).resolves.toBe(true);
      await expect(portal.byTestId('upload-monitor-button').isVisible()).resolves.toBe(true);

      await portal.waitForProjects();
      await portal.screenshot(`shell-${persona.replace(' ', '-')}`);
    });
  }

  it('collapses the side menu to icons and keeps the entries for screen readers', async () => {
    const portal = await suite.launch();
    await portal.signInAs('admin');
    await portal.waitForProjects();
    expect(await portal.menuWidth()).toBeGreaterThan(200);

    await portal.toggleMenu();
    await expect.poll(() => portal.menuWidth()).toBeLessThan(100);
    expect(await portal.menuEntries()).toEqual(expectedMenu('admin'));
    await portal.screenshot('shell-admin-collapsed');

    // The choice survives a reload.
    await portal.visit('/');
    await portal.byTestId('menu-entry-viewer').waitFor();
    await expect.poll(() => portal.menuWidth()).toBeLessThan(100);
  });

  it('outlines the menu entry a keyboard has reached', async () => {
    const portal = await suite.launch();
    await portal.signInAs('admin');
    await portal.waitForProjects();
    const { page } = portal;
    const focusedEntry = () =>
      page.evaluate(() => {
        const active = document.activeElement as HTMLElement | null;
        const entry = active?.closest('[data-testid^="menu-entry-"]');
        return entry ? getComputedStyle(entry).outlineStyle : null;
      });
    for (let i = 0; i < 12 && (await focusedEntry()) === null; i++) {
      await page.keyboard.press('Tab');
    }
    expect(await focusedEntry()).toBe('solid');
  });

  it('tells of an update when a screen’s code is gone, keeps the shell, and reloads into it', async () => {
    const portal = await suite.launch();
    await portal.signInAs('admin');
    await portal.waitForProjects();
    // As after the portal was updated on the server: the old version's page files are gone.
    const usersPageCode = /\/assets\/UsersPage-[^/]+\.js$/;
    await portal.page.route(usersPageCode, (route) => route.fulfill({ status: 404 }));

    await portal.byTestId('menu-entry-users').click();
    const notice = portal.byTestId('route-error');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('The portal has been updated');
    expect(await portal.menuEntries()).toEqual(expectedMenu('admin'));
    await expect(portal.byTestId('upload-monitor-button').isVisible()).resolves.toBe(true);
    await portal.screenshot('shell-portal-updated');

    await portal.page.unroute(usersPageCode);
    await notice.getByRole('button', { name: 'Reload' }).click();
    await portal.page.getByRole('table', { name: 'Users' }).waitFor();
    expect(portal.currentPath()).toBe('/users');
    await expect(notice.count()).resolves.toBe(0);
  });

  it('sends a Standard user who opens /organizations to the Viewer', async () => {
    const portal = await suite.launch();
    await portal.signInAs('standard');
    await portal.visit('/organizations');
    await portal.waitForPath('/');
    await portal.waitForShell();
    expect(await portal.menuEntries()).toEqual(expectedMenu('standard'));
  });

  it('sends a Power User who opens /full-viewer to the Viewer', async () => {
    const portal = await suite.launch();
    await portal.signInAs('power user');
    await portal.visit('/full-viewer');
    await portal.waitForPath('/');
    await portal.waitForShell();
    expect(portal.currentPath()).toBe('/');
  });

  it('brings an anonymous visitor of /users?x=1 back there after the login page', async () => {
    const portal = await suite.launch();
    await portal.visit('/users?x=1');
    await portal.waitForLoginPage();
    expect(await portal.isOnLoginPage()).toBe(true);

    await portal.signInAs('admin', { alreadyOnLoginPage: true });
    expect(portal.currentPath()).toBe('/users?x=1');
  });

  it('shows the disabled user the Unauthorized page with the support e-mail', async () => {
    const portal = await suite.launch();
    await portal.signInAs('disabled');

    expect(portal.currentPath()).toBe('/unauthorized');
    await portal.page.getByRole('heading', { name: 'User account is not authorized.' }).waitFor();
    const supportEmail = suite.environment.live.config.supportEmail;
    expect(await portal.textOf('support-email')).toBe(supportEmail);
    expect(await portal.byTestId('support-email').getAttribute('href')).toBe(
      `mailto:${supportEmail}`,
    );
    expect(await portal.sessionStatus()).toBe(401);
    await portal.screenshot('unauthorized');
  });

  it('signs out to the logged-out page with a link to /login', async () => {
    const portal = await suite.launch();
    await portal.signInAs('power user');
    expect(await portal.sessionStatus()).toBe(200);

    await portal.signOut();
    expect(await portal.byTestId('login-link').getAttribute('href')).toBe('/login');
    expect(await portal.sessionStatus()).toBe(401);
    await portal.screenshot('logged-out');

    // Going back to the portal needs the login page again.
    await portal.visit('/');
    await portal.waitForLoginPage();
  });

  it('lists the projects as sorted "organization : project" labels and selects the chosen one', async () => {
    const portal = await suite.launch();
    // Layers needs a project: it shows its table once one is chosen.
    await portal.signInAs('admin', { startAt: '/layers' });
    expect(await portal.textOf('page-notice')).toBe('Select a project to continue...');

    // Admin sees every organization's projects (spec: Admin loads all projects).
    expect(await portal.projectOptions()).toEqual([
      'LuxGear Systems : Tokyo Bay Test Range',
      'Northwind Surveying : Archive 2019',
      'Northwind Surveying : Eugene Corridor',
      'Northwind Surveying : Kandahar Survey',
      'Northwind Surveying : Paris Test Drive',
    ]);

    await portal.chooseProject('Northwind Surveying : Eugene Corridor');
    expect(await portal.selectedProject()).toBe('Northwind Surveying : Eugene Corridor');
    expect(await portal.selectedProjectTitle()).toBe('Northwind Surveying : Eugene Corridor');
    await portal.byTestId('layers-table').waitFor();
    expect(await portal.byTestId('page-notice').count()).toBe(0);
    await portal.screenshot('project-selected-admin');
  });

  it('limits the project dropdown of a Power User to the own organization', async () => {
    const portal = await suite.launch();
    await portal.signInAs('power user');
    expect(await portal.projectOptions()).toEqual([
      'Northwind Surveying : Archive 2019',
      'Northwind Surveying : Eugene Corridor',
      'Northwind Surveying : Kandahar Survey',
      'Northwind Surveying : Paris Test Drive',
    ]);
    await portal.chooseProject('Northwind Surveying : Kandahar Survey');
    expect(await portal.selectedProject()).toBe('Northwind Surveying : Kandahar Survey');
  });
});

describeInBrowser('the idle logout', () => {
  const IDLE_TIMEOUT_SECONDS = 2;
  const IDLE_COUNTDOWN_SECONDS = 4;
  const suite = setUpBrowserSuite({
    env: {
      IDLE_TIMEOUT_SECONDS: String(IDLE_TIMEOUT_SECONDS),
      IDLE_COUNTDOWN_SECONDS: String(IDLE_COUNTDOWN_SECONDS),
    },
    checkPageErrors: false,
  });

  it('warns, counts down and, left alone, ends on the logged-out page', async () => {
    const portal = await suite.launch();
    await portal.signInAs('standard');

    const warning = await portal.waitForIdleOverlay();
    const seconds = Number(IDLE_WARNING.exec(warning)?.[1]);
    expect(warning).toMatch(IDLE_WARNING);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(IDLE_COUNTDOWN_SECONDS);
    await portal.screenshot('idle-overlay');

    await portal.page.waitForURL((url) => url.pathname === '/logout', { timeout: 30_000 });
    await portal.waitForLoggedOutPage();
    expect(portal.currentPath().startsWith('/logout')).toBe(true);
    expect(await portal.sessionStatus()).toBe(401);
  });

  it('cancels the countdown when the mouse moves', async () => {
    const portal = await suite.launch();
    await portal.signInAs('standard');

    await portal.waitForIdleOverlay();
    await portal.moveMouse();
    await portal.byTestId('idle-overlay').waitFor({ state: 'hidden' });

    // Well past the moment the countdown would have ended: still signed in, still here.
    await portal.page.waitForTimeout((IDLE_COUNTDOWN_SECONDS - 1) * 1000);
    await portal.moveMouse();
    await portal.page.waitForTimeout(1500);
    expect(portal.currentPath()).toBe('/');
    expect(await portal.idleOverlayVisible()).toBe(false);
    expect(await portal.sessionStatus()).toBe(200);
  });
});
