import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BASESTATION_DELETED, NO_ROVER_OBSERVATION, SAME_RECEIVER } from '@asset-portal/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeBasestationZip } from '../packages/server/src/device-packages/generator/basestation-zip.ts';
import { defaultFixturesDir } from '../packages/server/src/device-packages/generator/options.ts';
import { createPackageWriter } from '../packages/server/src/device-packages/package-writer.ts';
import { SESSION_RUN_OPEN } from '../packages/server/src/modules/trajectory/trajectory-run-rules.ts';
import { scanFactories } from '../packages/server/test/factories-scans.ts';
import { drainJobs } from '../packages/server/test/ingestion-test-kit.ts';
import { BasestationPage } from './support/basestation-page.ts';
import { ingestGeneratedPackage } from './support/device-packages.ts';
import { describeInBrowser, setUpBrowserSuite } from './support/suite.ts';
import { TrajectoryPage } from './support/trajectory-page.ts';
import { ViewerPage } from './support/viewer-page.ts';

const DEVICE = 'LG-3040';
const PROJECT = 'Eugene Corridor';
const PROJECT_LABEL = `Northwind Surveying : ${PROJECT}`;
const ZIP_NAME = 'base-3040.zip';
const RTKLIB_MISSING =
  'Trajectory processing needs RTKLIB (rnx2rtkp), which is not installed on the server. Install the Debian package rtklib.';
const RECOMMENDED_TEXT = (session: string) =>
  `The following basestation files are potential matches for ${session}. Recommended indicates which were used when the basestation file was uploaded.`;

const dir = mkdtempSync(path.join(tmpdir(), 'trajectory-processing-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The base station GSI 3040 of the shared fixtures, zipped as a surveyor would upload it. */
async function baseStationZip(): Promise<string> {
  return (await makeBasestationZip(defaultFixturesDir(), dir, ZIP_NAME)).path;
}

describeInBrowser('Trajectory processing', () => {
  const suite = setUpBrowserSuite();
  let sessionId = '';
  let scanIds: string[] = [];
  let zipPath = '';
  /** Runs the queued jobs the way the worker would (the live app runs none by itself). */
  const runJobs = () =>
    drainJobs(suite.environment.live.database.db, suite.environment.live.config);

  // A session of the device at rover site 0759, whose clouds sit 0.3 m east, 0.2 m south and
  // 0.25 m above where PPK against base 3040 will put them.
  beforeAll(async () => {
    const { generated } = await ingestGeneratedPackage(suite.environment.live, {
      project: PROJECT,
      device: DEVICE,
      outDir: dir,
      generatorArgs: ['--scans', '2', '--target-size', '2MB', '--ppk-offset', '0.3,-0.2,0.25'],
    });
    sessionId = generated.manifest.sessionId;
    scanIds = generated.manifest.scans.map((scan) => scan.id);
    zipPath = await baseStationZip();
  }, 300_000);

  it('uploads a base station, runs PPK on the session it matched, and the scans turn final', async () => {
    const portal = await suite.launch();
    await portal.signInAs('power user', { startAt: '/basestation' });
    await portal.chooseProject(PROJECT_LABEL);
    const basestations = new BasestationPage(portal);

    // The upload checks the file before any call.
    await basestations.openUpload();
    await basestations.pick({
      name: 'base 3040.zip',
      mimeType: 'application/zip',
      buffer: Buffer.from('PK'),
    });
    // The form's check runs after the pick, on its next render.
    await expect.poll(() => basestations.validationMessage()).toBe('Filename cannot have spaces');
    expect(await basestations.uploadButton().isDisabled()).toBe(true);
    expect(await basestations.uploadDialog().textContent()).toContain(
      'RINEX 2/3, 1 Hz best, allow 5 minutes',
    );
    expect(Math.round(await basestations.dialogWidth())).toBe(1100);
    await portal.screenshot('basestation-upload-invalid');
    await basestations.uploadDialog().getByRole('button', { name: 'Cancel' }).click();
    await basestations.uploadDialog().waitFor({ state: 'detached' });

    await basestations.upload(zipPath);
    expect(
      await basestations.expectSnackbar(`Successfully submitted ${ZIP_NAME} for processing`),
    ).toBe('success');
    await basestations.row(ZIP_NAME).waitFor();
    await runJobs();
    await basestations.waitForStatus(ZIP_NAME, 'Ready');
    expect(await basestations.locationOf(ZIP_NAME)).toMatch(/^35\.1\d{5}, 139\.6\d{5} \(3040\)$/);
    const basestationId = await basestations.idOf(ZIP_NAME);
    expect(await basestations.download(basestationId)).toBe(ZIP_NAME);
    await portal.screenshot('basestation-files-ready');

    // Its header facts and the session its window covers.
    await basestations.openInfo(basestationId);
    const info = (await basestations.infoDialog().textContent()) ?? '';
    expect(info).toContain('3040');
    expect(info).toContain('30400920.05o');
    expect(await basestations.matchedSessions()).toContain(sessionId);
    await portal.screenshot('basestation-info');
    await basestations.goToSession(sessionId);

    // The link opens Trajectory Processing searching for the session.
    const trajectory = new TrajectoryPage(portal);
    await trajectory.row(sessionId).waitFor();
    expect(await trajectory.searchText()).toBe(sessionId);
    expect(await trajectory.sessionIds()).toEqual([sessionId]);
    expect(await trajectory.headers()).toEqual([
      '',
      'Session',
      'From (UTC)',
      'To (UTC)',
      'Total Scans',
      "Scan's Status",
      'Actions',
      'Processing Runs',
    ]);
    expect(await trajectory.statusChips(sessionId)).toEqual([
      { label: 'provisional', color: 'warning' },
    ]);
    // Yellow (amber 500), as the spec asks, not MUI's orange warning colour.
    expect(await trajectory.statusChipBackground(sessionId, 'provisional')).toBe(
      'rgb(255, 193, 7)',
    );
    expect(await trajectory.availabilityAlert().count()).toBe(0);

    await trajectory.openRecommendations(sessionId);
    expect(await trajectory.dialogTitle()).toBe('Recommended Basestation Files for Processing');
    expect(await trajectory.dialogText()).toBe(RECOMMENDED_TEXT(sessionId));
    expect(await trajectory.dialogHeaders()).toEqual([
      'Basestation',
      'Recommended',
      'Basestation Period (UTC)',
      'Session Period (UTC)',
      'Basestation Point',
      'Session Points',
      'Longest Distance (in kms)',
    ]);
    const [match] = await trajectory.recommendations();
    expect(match).toMatchObject({ id: basestationId, recommended: true });
    expect(match?.distanceKm).toMatch(/^3\.\d{2}$/);
    expect(await trajectory.submitButton().isDisabled()).toBe(true);
    await portal.screenshot('trajectory-recommendations');

    await trajectory.submitRun([basestationId]);
    expect(
      await trajectory.expectSnackbar(
        `Submitted ${sessionId} for processing with basestations: ${basestationId}`,
      ),
    ).toBe('success');

    // A second run while this one waits is refused, and the dialog closes on that answer too.
    await trajectory.openRecommendations(sessionId);
    await trajectory.select([basestationId]);
    expect(await trajectory.submitButton().isEnabled()).toBe(true);
    await trajectory.submitRun([]);
    expect(await trajectory.expectSnackbar(SESSION_RUN_OPEN)).toBe('error');
    expect(await trajectory.dialog().count()).toBe(0);

    // While the run waits, its base station cannot be deleted.
    await basestations.open(basestationId);
    expect(await basestations.searchText()).toBe(basestationId);
    await basestations.row(ZIP_NAME).waitFor();
    await basestations.expandRuns(ZIP_NAME);
    expect(await basestations.runStatuses()).toEqual(['Submitted']);
    await basestations.remove(basestationId);
    expect(
      await basestations.expectSnackbar(
        `Basestation ${basestationId} is used by a trajectory processing run`,
      ),
    ).toBe('error');
    await basestations.row(ZIP_NAME).waitFor();
    await portal.screenshot('basestation-files-run-submitted');

    await trajectory.open(sessionId);
    await trajectory.row(sessionId).waitFor();
    await trajectory.expandSession(sessionId);
    await runJobs();
    await trajectory.waitForRunStatus('Completed');
    expect(await trajectory.runCell('run-fixed')).toMatch(/^\d+\.\d %$/);

    // The run passed: every scan of the session now has a final cloud.
    await trajectory.waitForSessionStatus(sessionId, 'final');
    expect(await trajectory.statusChips(sessionId)).toContainEqual({
      label: 'final',
      color: 'success',
    });
    await trajectory.expandRun();
    expect(await trajectory.charts()).toEqual([
      'qc-chart-ambiguity',
      'qc-chart-satellites',
      'qc-chart-altitude',
      'qc-chart-distance',
    ]);
    const audit = await trajectory.audit();
    expect(audit.Result).toBe('Passed');
    expect(Number.parseFloat(audit.Fixed ?? '')).toBeGreaterThanOrEqual(80);
    expect(audit.Baseline).toMatch(/^3\.\d{2} km$/);
    await portal.screenshot('trajectory-run-qc');
    const log = await trajectory.openLog();
    expect(log).toContain('30400920.05o');
    expect(log).toContain('Passed');

    // The base station lists the run it served.
    await basestations.open(basestationId);
    await basestations.row(ZIP_NAME).waitFor();
    await basestations.expandRuns(ZIP_NAME);
    expect(await basestations.runStatuses()).toEqual(['Completed']);
    await portal.screenshot('basestation-files-run-completed');

    // A base-station id in the search shows the sessions it matched.
    await trajectory.open(basestationId);
    expect(await trajectory.searchText()).toBe(basestationId);
    await expect.poll(() => trajectory.sessionIds()).toEqual([sessionId]);

    // The viewer's list says so too.
    await runJobs();
    await portal.visit('/');
    const viewer = new ViewerPage(portal);
    await viewer.waitForScans();
    await viewer.typeFilter('Session ID', sessionId);
    for (const scanId of scanIds) {
      await viewer.row(scanId).getByTestId('scan-status').filter({ hasText: 'Final' }).waitFor();
    }
    await portal.screenshot('trajectory-viewer-final');

    // A session whose package brought no rover observations cannot be processed: the dialog says
    // why and offers no Submit, before anything is picked.
    const db = suite.environment.live.database.db;
    const rover = await db
      .selectFrom('sessions')
      .select(['organizationId', 'projectId', 'capturedTimestamp', 'endCapturedTimestamp'])
      .where('id', '=', sessionId)
      .executeTakeFirstOrThrow();
    const bare = await scanFactories.session(db, rover.organizationId, {
      projectId: rover.projectId,
      capturedTimestamp: rover.capturedTimestamp,
      endCapturedTimestamp: rover.endCapturedTimestamp,
    });
    await scanFactories.scan(db, rover.organizationId, {
      projectId: rover.projectId,
      sessionId: bare.id,
      capturedTimestamp: rover.capturedTimestamp,
    });
    await trajectory.open(bare.id);
    await trajectory.openRecommendations(bare.id);
    expect(await trajectory.noRoverObservationWarning()).toBe(NO_ROVER_OBSERVATION(bare.id));
    await trajectory.select([basestationId]);
    expect(await trajectory.submitButton().isEnabled()).toBe(false);
    await portal.screenshot('trajectory-no-rover-observations');
    await trajectory.dialog().getByRole('button', { name: 'Close', exact: true }).click();
    await trajectory.dialog().waitFor({ state: 'detached' });
    expect(await trajectory.row(bare.id).textContent()).not.toMatch(/Failed|Submitted/);

    // Once its run has ended, the base station can be deleted.
    await basestations.open();
    await basestations.row(ZIP_NAME).waitFor();
    await basestations.remove(basestationId);
    await basestations.expectSnackbar(BASESTATION_DELETED(ZIP_NAME));
    await basestations.row(ZIP_NAME).waitFor({ state: 'detached' });
  });

  it('says why a base station file failed, and how to upload one under its name again', async () => {
    const portal = await suite.launch();
    await portal.signInAs('power user', { startAt: '/basestation' });
    await portal.chooseProject(PROJECT_LABEL);
    const basestations = new BasestationPage(portal);
    const name = 'no-rinex.zip';
    const target = path.join(dir, name);
    const writer = createPackageWriter(target);
    writer.addBuffer('notes.txt', Buffer.from('no observations in here'));
    await writer.finish();

    await basestations.upload(target);
    await basestations.row(name).waitFor();
    await runJobs();
    await basestations.waitForStatus(name, 'Failed');
    const id = await basestations.idOf(name);
    // The reason is written in the row, not only in the info dialog.
    expect(
      (await basestations.row(name).getByTestId('basestation-failure').textContent()) ?? '',
    ).toMatch(/RINEX/);
    await portal.screenshot('basestation-row-failed');
    await basestations.openInfo(id);
    const info = basestations.infoDialog();
    expect((await info.getByTestId('basestation-info-failure').textContent()) ?? '').toMatch(
      /RINEX/,
    );
    expect(await info.getByTestId('matched-sessions-none').textContent()).toBe(
      'Sessions are matched once the file has been processed.',
    );
    await portal.screenshot('basestation-info-failed');
    await info.getByRole('button', { name: 'Close' }).click();
    await info.waitFor({ state: 'detached' });

    // The same name again is refused, naming the failed file that holds it and what to do.
    await basestations.openUpload();
    await basestations.pick(target);
    await basestations.uploadButton().click();
    expect(
      await basestations.expectSnackbar(
        `A basestation file named ${name} already exists (basestation ${id}, Failed): delete it on Basestation Files to upload a file under this name again`,
      ),
    ).toBe('error');
    await basestations.uploadDialog().getByRole('button', { name: 'Cancel' }).click();
    await basestations.uploadDialog().waitFor({ state: 'detached' });
    await basestations.remove(id);
    await basestations.row(name).waitFor({ state: 'detached' });
  });

  it("lets an Admin upload a base station to a customer's project, where its users see it", async () => {
    const adminZip = 'admin-3040.zip';
    const { path: adminZipPath } = await makeBasestationZip(defaultFixturesDir(), dir, adminZip);
    const admin = await suite.launch();
    await admin.signInAs('admin', { startAt: '/basestation' });
    await admin.chooseProject(PROJECT_LABEL);
    const adminView = new BasestationPage(admin);
    await adminView.upload(adminZipPath);
    expect(
      await adminView.expectSnackbar(`Successfully submitted ${adminZip} for processing`),
    ).toBe('success');
    await adminView.row(adminZip).waitFor();
    await runJobs();
    await adminView.waitForStatus(adminZip, 'Ready');
    await admin.screenshot('basestation-admin-upload');
    await admin.close();

    const surveyor = await suite.launch();
    await surveyor.signInAs('power user', { startAt: '/basestation' });
    await surveyor.chooseProject(PROJECT_LABEL);
    const own = new BasestationPage(surveyor);
    await own.waitForStatus(adminZip, 'Ready');
    await own.remove(await own.idOf(adminZip));
    await own.row(adminZip).waitFor({ state: 'detached' });
  });

  it("lists the session's own rover file uploaded as a base station with the reason, and never lets it be picked", async () => {
    const name = 'rover-0759.zip';
    const target = path.join(dir, name);
    const writer = createPackageWriter(target);
    for (const file of ['07590920.05o', '07590920.05n']) {
      writer.addBuffer(`0759/${file}`, readFileSync(path.join(defaultFixturesDir(), 'gnss', file)));
    }
    await writer.finish();
    const portal = await suite.launch();
    await portal.signInAs('power user', { startAt: '/basestation' });
    await portal.chooseProject(PROJECT_LABEL);
    const basestations = new BasestationPage(portal);
    await basestations.upload(target);
    await basestations.row(name).waitFor();
    await runJobs();
    await basestations.waitForStatus(name, 'Ready');
    const id = await basestations.idOf(name);

    const trajectory = new TrajectoryPage(portal);
    await trajectory.open(sessionId);
    await trajectory.row(sessionId).waitFor();
    await trajectory.openRecommendations(sessionId);
    const listed = await trajectory.recommendations();
    expect(listed.find((row) => row.id === id)).toMatchObject({ recommended: false });
    expect(await trajectory.ownReceiverWarnings()).toEqual([SAME_RECEIVER(id, name, sessionId)]);
    const checkbox = trajectory
      .dialog()
      .getByRole('checkbox', { name: `Select basestation ${id}` });
    expect(await checkbox.isDisabled()).toBe(true);
    await trajectory.waitForAnimations();
    await portal.screenshot('trajectory-own-receiver');
    await trajectory.dialog().getByRole('button', { name: 'Close', exact: true }).click();
    await trajectory.dialog().waitFor({ state: 'detached' });

    await basestations.open();
    await basestations.remove(id);
    await basestations.row(name).waitFor({ state: 'detached' });
  });

  it('says at the top of the screen when RTKLIB is not installed', async () => {
    const portal = await suite.launch();
    // This machine has RTKLIB: the answer of the server without it is stood in for.
    await portal.page.route('**/graphql', async (route) => {
      if (!(route.request().postData() ?? '').includes('trajectoryProcessingAvailability')) {
        await route.continue();
        return;
      }
      await route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          data: {
            trajectoryProcessingAvailability: {
              __typename: 'ProcessingAvailability',
              available: false,
              message: RTKLIB_MISSING,
            },
          },
        }),
      });
    });
    await portal.signInAs('power user', { startAt: '/trajectory-processing' });
    await portal.chooseProject(PROJECT_LABEL);
    const trajectory = new TrajectoryPage(portal);
    await trajectory.availabilityAlert().waitFor();
    expect(((await trajectory.availabilityAlert().textContent()) ?? '').trim()).toBe(
      RTKLIB_MISSING,
    );
    await trajectory.row(sessionId).waitFor();
    await portal.screenshot('trajectory-rtklib-missing');
  });
});
