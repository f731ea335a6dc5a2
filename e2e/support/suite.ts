import { afterAll, afterEach, beforeAll, describe, expect } from 'vitest';
import { PortalDriver } from './portal-driver.ts';
import {
  chromiumAvailable,
  PortalEnvironment,
  type PortalEnvironmentOptions,
  runningOnCi,
} from './portal-environment.ts';

// Without chromium the tests are skipped on a workstation; on CI they run and fail loudly.
export const describeInBrowser = describe.skipIf(!chromiumAvailable && !runningOnCi);

export interface BrowserSuiteOptions extends PortalEnvironmentOptions {
  /** Fail a test whose page threw an uncaught error. Default true. */
  checkPageErrors?: boolean;
}

/** What the tests of one describe block share: the app of the file and each test's browser. */
export interface BrowserSuite {
  /** The app and chromium, started once before the block's tests. */
  readonly environment: PortalEnvironment;
  /** The driver the running test launched. */
  readonly driver: PortalDriver;
  /** Opens a fresh, signed-out browser context for the running test; closed after it. */
  launch(): Promise<PortalDriver>;
}

/**
 * Registers the hooks every browser test file repeats: the app and chromium start once for the
 * describe block, each test's browser closes after it, and by default an uncaught page error
 * fails the test. Call it inside the describe block; its beforeAll runs before the block's own.
 */
export function setUpBrowserSuite(options: BrowserSuiteOptions = {}): BrowserSuite {
  const { checkPageErrors = true, ...environmentOptions } = options;
  let environment: PortalEnvironment | undefined;
  let driver: PortalDriver | undefined;

  beforeAll(async () => {
    environment = await PortalEnvironment.start(environmentOptions);
  });
  afterEach(async () => {
    const errors = driver?.pageErrors ?? [];
    await driver?.close();
    driver = undefined;
    if (checkPageErrors) expect(errors, 'uncaught errors in the page').toEqual([]);
  });
  afterAll(async () => {
    await environment?.close();
  });

  const started = (): PortalEnvironment => {
    if (!environment) throw new Error('The portal environment has not started');
    return environment;
  };

  return {
    get environment() {
      return started();
    },
    get driver() {
      if (!driver) throw new Error('This test has not launched a browser');
      return driver;
    },
    async launch() {
      driver = await PortalDriver.launch({ on: started() });
      return driver;
    },
  };
}
