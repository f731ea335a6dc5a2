import { buildDemoPackage, type DemoPackagePlan } from './demo-package-files.ts';

// The child process of buildDemoPackagesAside: builds the plans given on the command line into a
// folder. A plan that fails is reported on stderr and the others are still built.
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
