import fs from 'node:fs';
import { type Browser, chromium } from 'playwright-core';
import { seedDemoData } from '../../packages/server/src/demo/seed-demo-data.ts';
import { type LiveApp, startLiveApp } from '../../packages/server/test/live-app.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts';

export { CHROMIUM_ARGS, CHROMIUM_PATH };

/** One password for every demo account, so the tests can type it into the login page. */
export const DEMO_PASSWORD = 'E2e-Demo-Password-1';

/** Whether the browser tests can run here. On CI a missing browser fails them instead. */
export const chromiumAvailable = fs.existsSync(CHROMIUM_PATH);
export const runningOnCi = /^(1|true)$/i.test(process.env.CI ?? '');

export interface PortalEnvironmentOptions {
  /** Extra server settings, e.g. IDLE_TIMEOUT_SECONDS for the idle tests. */
  env?: Record<string, string>;
}

/**
 * The real app on a loopback port (PGlite, demo data) and one chromium. Drivers open their own
 * browser context on it, so every test starts signed out with empty storage.
 */
export class PortalEnvironment {
  private constructor(
    readonly live: LiveApp,
    readonly browser: Browser,
  ) {}

  static async start(options: PortalEnvironmentOptions = {}): Promise<PortalEnvironment> {
    if (!chromiumAvailable) {
      throw new Error(
        `chromium not found at ${CHROMIUM_PATH}; install it with: apt-get install -y chromium`,
      );
    }
    const live = await startLiveApp('pglite', options.env ?? {});
    try {
      const seeded = await seedDemoData(live.database.db, {
        password: DEMO_PASSWORD,
        warn: () => {},
      });
      if (!seeded) throw new Error('The demo data was not seeded: the database was not empty');
      const browser = await chromium.launch({
        executablePath: CHROMIUM_PATH,
        headless: true,
        args: CHROMIUM_ARGS,
      });
      return new PortalEnvironment(live, browser);
    } catch (error) {
      await live.close();
      throw error;
    }
  }

  /** http://127.0.0.1:<port>, the app's PUBLIC_URL. */
  get origin(): string {
    return this.live.origin;
  }

  async close(): Promise<void> {
    await this.browser.close().catch(() => {});
    await this.live.close();
  }
}
