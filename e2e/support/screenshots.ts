import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { errors, type Page } from 'playwright-core';

/** Where the browser tests' screenshots go (test-results/screenshots), to be looked at after a run. */
export const SCREENSHOT_DIR = fileURLToPath(
  new URL('../../test-results/screenshots/', import.meta.url),
);

const FIRST_TRY_MS = 15_000;
const SECOND_TRY_MS = 30_000;

/**
 * Saves the page as test-results/screenshots/<name>.png and returns the file path.
 *
 * A screenshot is evidence for a person, not what a test asserts. On a loaded 2-core machine
 * chromium's capture once stalled past the action timeout with the page idle (CI, the Projects
 * screen just after a viewport resize), so a stalled capture gets one longer second try before
 * the test fails.
 */
export async function saveScreenshot(
  page: Page,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<string> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  const capture = (timeout: number) => page.screenshot({ path: file, timeout, ...options });
  try {
    await capture(FIRST_TRY_MS);
  } catch (error) {
    if (!(error instanceof errors.TimeoutError)) throw error;
    await capture(SECOND_TRY_MS);
  }
  return file;
}
