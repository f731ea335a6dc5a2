import type { BrowserContext, Locator, Page } from 'playwright-core';
import {
  DEMO_PASSWORD,
  PortalEnvironment,
  type PortalEnvironmentOptions,
} from './portal-environment.ts';
import { saveScreenshot } from './screenshots.ts';

/** The demo accounts by the role a test speaks of. */
export const PERSONAS = {
  admin: {
    username: 'aadmin',
    name: 'Ada Admin',
    organization: 'LuxGear Systems',
    userType: 'Admin',
  },
  'power user': {
    username: 'ppower',
    name: 'Paul Power',
    organization: 'Northwind Surveying',
    userType: 'Power User',
  },
  standard: {
    username: 'sstandard',
    name: 'Sam Standard',
    organization: 'Northwind Surveying',
    userType: 'Standard',
  },
  disabled: {
    username: 'ddisabled',
    name: 'Dana Disabled',
    organization: 'Northwind Surveying',
    userType: 'Standard',
  },
} as const;

export type Persona = keyof typeof PERSONAS;

const VIEWPORT = { width: 1280, height: 800 };
const WAIT_MS = 20_000;

export interface LaunchOptions extends PortalEnvironmentOptions {
  /** Reuse a running app and browser; without it the driver starts (and later stops) its own. */
  on?: PortalEnvironment;
}

export interface SignInOptions {
  /** The protected page to open first; sign-in brings the user back there. Default '/'. */
  startAt?: string;
  /** Whether the test has already been sent to the login page (skips the first visit). */
  alreadyOnLoginPage?: boolean;
}

/**
 * Drives the portal in chromium the way a user would: through the real login page of the
 * built-in provider, the side menu, the top bar and the sign-out pages.
 */
export class PortalDriver {
  /** Uncaught errors of the page scripts and CSP violations, for tests that expect none. */
  readonly pageErrors: string[] = [];

  private constructor(
    readonly environment: PortalEnvironment,
    private readonly ownsEnvironment: boolean,
    readonly context: BrowserContext,
    readonly page: Page,
  ) {
    page.on('pageerror', (error) => this.pageErrors.push(error.message));
    // A script, style, worker or fetch the page's Content-Security-Policy blocked is a broken
    // feature even when nothing throws.
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
        this.pageErrors.push(message.text());
      }
    });
  }

  static async launch(options: LaunchOptions = {}): Promise<PortalDriver> {
    const environment = options.on ?? (await PortalEnvironment.start(options));
    const context = await environment.browser.newContext({
      baseURL: environment.origin,
      viewport: VIEWPORT,
    });
    const page = await context.newPage();
    page.setDefaultTimeout(WAIT_MS);
    return new PortalDriver(environment, !options.on, context, page);
  }

  get origin(): string {
    return this.environment.origin;
  }

  // --- Navigation -------------------------------------------------------------------------------

  /** Opens a path of the portal as a fresh page load. */
  async visit(pathWithQuery: string): Promise<void> {
    await this.page.goto(pathWithQuery, { waitUntil: 'load' });
  }

  /** Path and query of the page the browser shows, e.g. '/users?x=1'. */
  currentPath(): string {
    const url = new URL(this.page.url());
    return `${url.pathname}${url.search}`;
  }

  /** Waits until the browser shows this path (client-side navigations count). */
  async waitForPath(expected: string): Promise<void> {
    await this.page.waitForURL((url) => `${url.pathname}${url.search}` === expected);
  }

  // --- Signing in and out -----------------------------------------------------------------------

  /** Whether the browser shows the provider's login form. */
  async isOnLoginPage(): Promise<boolean> {
    return (
      new URL(this.page.url()).pathname.startsWith('/oidc/') &&
      (await this.page.locator('#username').isVisible())
    );
  }

  /** Waits for the provider's login form (after the portal sent the browser there). */
  async waitForLoginPage(): Promise<void> {
    await this.page.waitForURL((url) => url.pathname.startsWith('/oidc/'));
    await this.page.locator('#username').waitFor({ state: 'visible' });
  }

  /**
   * Opens a protected page, follows the redirect to the real login page, types the account's
   * credentials and submits. Waits for the shell, or for /unauthorized for the disabled account.
   */
  async signInAs(persona: Persona, options: SignInOptions = {}): Promise<void> {
    if (!options.alreadyOnLoginPage) await this.visit(options.startAt ?? '/');
    await this.waitForLoginPage();
    await this.page.locator('#username').fill(PERSONAS[persona].username);
    await this.page.locator('#password').fill(DEMO_PASSWORD);
    await this.page.getByRole('button', { name: 'Sign in' }).click();
    if (persona === 'disabled') {
      await this.waitForPath('/unauthorized');
      await this.byTestId('support-email').waitFor();
      return;
    }
    await this.waitForShell();
  }

  /** Waits until the signed-in frame (menu with the user's name) is on screen. */
  async waitForShell(): Promise<void> {
    await this.byTestId('user-name').waitFor({ state: 'visible' });
  }

  /** Signs out with the shell's control, or through /logout when the shell has none. */
  async signOut(): Promise<void> {
    await this.byTestId('sign-out-button').click();
    await this.waitForLoggedOutPage();
  }

  /** Waits for the logged-out page the sign-out ends on. */
  async waitForLoggedOutPage(): Promise<void> {
    await this.page.getByRole('heading', { name: 'You have been logged out' }).waitFor();
  }

  /** HTTP status of GET /auth/session with the browser's cookies (200 signed in, 401 not). */
  async sessionStatus(): Promise<number> {
    const response = await this.context.request.get('/auth/session');
    return response.status();
  }

  // --- The shell --------------------------------------------------------------------------------

  /** The side-menu entry labels, top to bottom. */
  async menuEntries(): Promise<string[]> {
    const entries = this.page.locator('[data-testid^="menu-entry-"]');
    return (await entries.allTextContents()).map((label) => label.trim());
  }

  /** Text of the element with this data-testid (trimmed). */
  async textOf(testId: string): Promise<string> {
    return ((await this.byTestId(testId).textContent()) ?? '').trim();
  }

  byTestId(testId: string): Locator {
    return this.page.getByTestId(testId);
  }

  /** Collapses or expands the side menu with the top-bar button. */
  async toggleMenu(): Promise<void> {
    await this.byTestId('menu-toggle').click();
  }

  /** Width of the side menu in pixels (wide when expanded, a rail of icons when collapsed). */
  async menuWidth(): Promise<number> {
    const box = await this.byTestId('side-menu').locator('.MuiDrawer-paper').boundingBox();
    return box?.width ?? 0;
  }

  /** Waits for the idle overlay and returns its text. */
  async waitForIdleOverlay(): Promise<string> {
    const overlay = this.byTestId('idle-overlay');
    await overlay.waitFor({ state: 'visible' });
    return ((await overlay.textContent()) ?? '').trim();
  }

  async idleOverlayVisible(): Promise<boolean> {
    return this.byTestId('idle-overlay').isVisible();
  }

  /** Moves the mouse across the page, as a user coming back to the screen does. */
  async moveMouse(): Promise<void> {
    await this.page.mouse.move(400, 300);
    await this.page.mouse.move(420, 330, { steps: 3 });
  }

  /** Sends a GraphQL operation with the signed-in browser's session (setting up data). */
  async graphql<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
    return this.page.evaluate(
      async ({ query, variables }) => {
        const response = await fetch('/graphql', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          credentials: 'same-origin',
          body: JSON.stringify({ query, variables }),
        });
        const body = (await response.json()) as { data?: unknown; errors?: unknown };
        if (body.errors) throw new Error(JSON.stringify(body.errors));
        return body.data;
      },
      { query, variables },
    ) as Promise<T>;
  }

  // --- Project dropdown -------------------------------------------------------------------------

  private projectCombobox(): Locator {
    return this.byTestId('project-selector').getByRole('combobox');
  }

  /** Waits until the dropdown has its projects (it is disabled while they load). */
  async waitForProjects(): Promise<void> {
    await this.page
      .locator('[data-testid="project-selector"] [role="combobox"]:not([aria-disabled="true"])')
      .waitFor();
  }

  /** Opens the dropdown and returns the project labels in the order shown. */
  async projectOptions(): Promise<string[]> {
    await this.waitForProjects();
    await this.projectCombobox().click();
    const options = this.page.getByRole('listbox').locator('[data-testid^="project-option-"]');
    await options.first().waitFor();
    const labels = (await options.allTextContents()).map((label) => label.trim());
    await this.page.keyboard.press('Escape');
    await this.page.getByRole('listbox', { includeHidden: true }).waitFor({ state: 'detached' });
    return labels;
  }

  /** Picks a project by its 'organization : project' label. */
  async chooseProject(label: string): Promise<void> {
    await this.waitForProjects();
    await this.projectCombobox().click();
    await this.page.getByRole('option', { name: label, exact: true }).click();
    // Detached, not just hidden: the menu fades out and would still show in a screenshot.
    await this.page.getByRole('listbox', { includeHidden: true }).waitFor({ state: 'detached' });
  }

  /** The label the closed dropdown shows. */
  async selectedProject(): Promise<string> {
    return ((await this.projectCombobox().textContent()) ?? '').trim();
  }

  /** What hovering the dropdown shows: the chosen label whole, however narrow the field. */
  async selectedProjectTitle(): Promise<string | null> {
    return this.projectCombobox().getAttribute('title');
  }

  // --- Evidence and clean-up --------------------------------------------------------------------

  /** Saves the page as test-results/screenshots/<name>.png and returns the file path. */
  async screenshot(name: string): Promise<string> {
    return saveScreenshot(this.page, name, { fullPage: true });
  }

  async close(): Promise<void> {
    await this.context.close().catch(() => {});
    if (this.ownsEnvironment) await this.environment.close();
  }
}
