import {
  buildDemoPackage,
  type DemoPackagePlan,
  ORPHANED_BUILD_EXIT_CODE,
} from './demo-package-files.ts';

// The child process of buildDemoPackagesAside: builds the plans given on the command line into a
// folder. A plan that fails is reported on stderr and the others are still built.

// Started by the portal, the child has an IPC channel to it, which closes when the portal's
// process ends however it ends; its half-built files are removed by the portal's next start.
if (process.send) {
  if (!process.connected) process.exit(ORPHANED_BUILD_EXIT_CODE);
  process.once('disconnect', () => process.exit(ORPHANED_BUILD_EXIT_CODE));
}

const [folder, fixturesDir, plansJson] = process.argv.slice(2);
if (!folder || !fixturesDir || !plansJson) {
  console.error('usage: build-demo-packages.ts FOLDER FIXTURES_DIR PLANS_JSON');
  process.exit(2);
}
let failed = false;
for (const plan of JSON.parse(plansJson) as DemoPackagePlan[]) {
  try {
    await buildDemoPackage(plan, folder, fixturesDir);
  } catch (error) {
    failed = true;
    console.error(`${plan.deviceId} ${plan.sessionStart}: ${(error as Error).message}`);
  }
}
process.exit(failed ? 1 : 0);
