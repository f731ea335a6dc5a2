import { type Browser, chromium, type Page } from 'playwright-core';
import {
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  chromiumAvailable,
  DEMO_PASSWORD,
} from './portal-environment.ts';

/** Chromium for a portal that runs elsewhere, e.g. as its own process the test may kill. */
export async function launchChromium(): Promise<Browser> {
  if (!chromiumAvailable) {
    throw new Error(
      `chromium not found at ${CHROMIUM_PATH}; install it with: apt-get install -y chromium`,
    );
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

/**
 * Opens a protected path, follows the redirect to the built-in provider's login page, signs in
 * with the demo password and waits for the shell.
 */
export async function signInOnLoginPage(
  page: Page,
  username: string,
  startAt = '/',
): Promise<void> {
  await page.goto(startAt, { waitUntil: 'load' });
  await page.waitForURL((url) => url.pathname.startsWith('/oidc/'));
  await page.locator('#username').fill(username);
  await page.locator('#password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByTestId('user-name').waitFor({ state: 'visible' });
}
