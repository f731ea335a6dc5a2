import {
  ASSIGNMENT_TYPE_IMPORTED,
  IMPORTED_CLOUD_VERSION,
  NO_BUCKETS,
  NO_STORED_CLOUD,
  PIPELINE_REFUSED_MARK,
  PROCESSING_SUBMITTED,
  PUBLISH_FOLDER_INVALID,
  PUBLISH_SUBMITTED,
  SCAN_NOT_REPROCESSABLE,
  UNSTORED_LEFT_OUT,
  VALUE_REQUIRED,
  VERSION_EXISTS,
  VERSION_NAME_INVALID,
} from '@asset-portal/shared';
import { beforeAll, expect, it } from 'vitest';
import { withJobTables } from '../packages/server/src/jobs/job-tables.ts';
import {
  portalBucket,
  storedObjectKey,
} from '../packages/server/src/modules/pointclouds/point-cloud-rules.ts';
import { createObjectStorage } from '../packages/server/src/storage/create-object-storage.ts';
import { objectKey } from '../packages/server/src/storage/object-key.ts';
import { factories } from '../packages/server/test/factories.ts';
import { adminFactories } from '../packages/server/test/factories-admin.ts';
import { scanFactories } from '../packages/server/test/factories-scans.ts';
import { drainJobs } from '../packages/server/test/ingestion-test-kit.ts';
import { BulkProcessingPage } from './support/bulk-processing-page.ts';
import { type DemoScans, waitForDemoScans } from './support/demo-scans.ts';
import { describeInBrowser, setUpBrowserSuite } from './support/suite.ts';

const PARIS = 'Northwind Surveying : Paris Test Drive';
const EUGENE = 'Northwind Surveying : Eugene Corridor';
const CORE_PIPELINE = 'Crop to the scan core';
const EMPTY_ORGANIZATION = 'Southfield Mapping';
const EMPTY_PROJECT = 'Harbour Survey';
const HARBOUR_SESSION = 'LG7001_20240601_090000';
const HARBOUR_CLOUD = `${HARBOUR_SESSION}_01`;
const HARBOUR_IMAGES_ONLY = `${HARBOUR_SESSION}_02`;
const HARBOUR_STORED = `${HARBOUR_SESSION}_03`;
/** An imported scan: no session, its cloud named 'imported'. */
const HARBOUR_IMPORTED = 'imp-harbour-quay';
// The header's min and max X, Y, Z: six doubles from byte 179 (max X) of every LAS 1.x header.
const LAS_BOUNDS_OFFSET = 179;

interface Bounds {
  minx: number;
  maxx: number;
  miny: number;
  maxy: number;
}

describeInBrowser('Bulk Processing', () => {
  const suite = setUpBrowserSuite();
  let demo: DemoScans;
  let core: Bounds;
  const runJobs = () =>
    drainJobs(suite.environment.live.database.db, suite.environment.live.config);

  /** The X/Y extent of a scan's unclassified cloud, from its stored LAS header. */
  async function cloudBounds(scanId: string): Promise<Bounds> {
    const { db } = suite.environment.live.database;
    const { config } = suite.environment.live;
    const artifact = await db
      .selectFrom('artifacts')
      .innerJoin('scans', 'scans.id', 'artifacts.scanId')
      .select(['artifacts.s3Url', 'scans.organizationId'])
      .where('artifacts.scanId', '=', scanId)
      .where('artifacts.name', '=', 'unclassified')
      .executeTakeFirstOrThrow();
    const key = storedObjectKey(config, artifact.s3Url, artifact.organizationId);
    if (!key) throw new Error(`No stored cloud for ${scanId}`);
    const stream = await createObjectStorage(config).getStream(key, {
      start: 0,
      end: LAS_BOUNDS_OFFSET + 6 * 8 - 1,
    });
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const header = Buffer.concat(chunks);
    const at = (index: number) => header.readDoubleLE(LAS_BOUNDS_OFFSET + index * 8);
    return { maxx: at(0), minx: at(1), maxy: at(2), miny: at(3) };
  }

  beforeAll(async () => {
    demo = await waitForDemoScans(suite.environment);
    const { db } = suite.environment.live.database;
    const project = await db
      .selectFrom('projects')
      .select(['id', 'organizationId'])
      .where('id', '=', Number(demo.projectId))
      .executeTakeFirstOrThrow();
    // The middle half of the first scan in X and Y: a crop that keeps some points, not all.
    const whole = await cloudBounds(demo.scanIds[0]!);
    const quarterX = (whole.maxx - whole.minx) / 4;
    const quarterY = (whole.maxy - whole.miny) / 4;
    core = {
      minx: whole.minx + quarterX,
      maxx: whole.maxx - quarterX,
      miny: whole.miny + quarterY,
      maxy: whole.maxy - quarterY,
    };
    await db
      .insertInto('pipelines')
      .values({
        projectId: project.id,
        organizationId: project.organizationId,
        name: CORE_PIPELINE,
        description: 'Keeps the middle half of the first test drive scan.',
        pipeline: JSON.stringify({
          pipeline: [
            {
              type: 'filters.crop',
              bounds: `([${core.minx},${core.maxx}],[${core.miny},${core.maxy}])`,
            },
          ],
        }),
        dependencies: [],
        global: false,
      })
      .execute();
    // An organization without buckets, with one scan that has a cloud and one that has none.
    const organization = await factories.organization(db, { name: EMPTY_ORGANIZATION });
    const harbour = await factories.project(db, organization.id, { name: EMPTY_PROJECT });
    const session = await scanFactories.session(db, organization.id, {
      id: HARBOUR_SESSION,
      projectId: harbour.id,
    });
    for (const id of [HARBOUR_CLOUD, HARBOUR_IMAGES_ONLY, HARBOUR_STORED]) {
      await scanFactories.scan(db, organization.id, {
        id,
        projectId: harbour.id,
        sessionId: session.id,
      });
    }
    await scanFactories.artifact(db, HARBOUR_CLOUD, { name: 'unclassified' });
    await scanFactories.artifact(db, HARBOUR_IMAGES_ONLY, { artifactType: 'left_cam' });
    await scanFactories.scan(db, organization.id, { id: HARBOUR_IMPORTED, projectId: harbour.id });
    await db
      .updateTable('scans')
      .set({ assignmentType: ASSIGNMENT_TYPE_IMPORTED, defaultVersion: IMPORTED_CLOUD_VERSION })
      .where('id', '=', HARBOUR_IMPORTED)
      .execute();
    // Clouds in the portal's own storage, as an ingested package's and an imported LAS's (their
    // bytes are not needed).
    for (const [scanId, name] of [
      [HARBOUR_STORED, 'unclassified'],
      [HARBOUR_IMPORTED, IMPORTED_CLOUD_VERSION],
    ] as const) {
      await db
        .insertInto('artifacts')
        .values({
          scanId,
          artifactType: 'pointcloud',
          name,
          s3Url: `s3://${portalBucket(suite.environment.live.config)}/${objectKey({
            organizationId: organization.id,
            projectId: harbour.id,
            kind: 'scans',
            name: `${scanId}/pointcloud.las`,
          })}`,
        })
        .execute();
    }
  }, 300_000);

  async function openBulk(project: string, persona: 'power user' | 'admin' = 'power user') {
    const portal = await suite.launch();
    await portal.signInAs(persona, { startAt: '/bulk-processing' });
    const bulk = new BulkProcessingPage(portal);
    await bulk.chooseProject(project);
    return bulk;
  }

  it('filters and selects scans, checks the pipeline with the engine, and processes a new version', async () => {
    const bulk = await openBulk(PARIS);
    await bulk.waitForScans();
    expect(await bulk.headers()).toEqual([
      'Scan ID',
      'Friendly Name',
      'Session',
      'Captured (UTC)',
      'Status',
      'Versions',
    ]);
    expect((await bulk.scanIds()).sort()).toEqual([...demo.scanIds].sort());
    expect(await bulk.actionsButton().isDisabled()).toBe(true);

    // The viewer's filter: one scan left, selected with 'Select all filtered scans'.
    const target = demo.scanIds[0]!;
    await bulk.typeFilter('Scan ID', target);
    await bulk.waitForScanIds([target]);
    await bulk.toolButton('Select all filtered scans').click();
    expect(await bulk.isSelected(target)).toBe(true);
    expect(await bulk.selectedCount()).toBe('1 selected');
    await bulk.screenshot('bulk-processing-filtered');

    // Process is clicked once enabled, which it is when the buckets have come: some are there.
    await bulk.choose('Process');
    expect(await bulk.noBucketsWarning().count()).toBe(0);
    // Bulk counts even one scan; the scan-and-version heading is the viewer's focused scan's.
    expect(await bulk.processingTitle()).toBe('Post Processing: Submit 1 for post processing.');
    // Only the unclassified cloud yet: nothing to say about other versions.
    expect(await bulk.processingDialog().getByTestId('processing-other-versions').count()).toBe(0);
    expect(await bulk.okButton().isDisabled()).toBe(true);
    expect(await bulk.advancedCheckbox().isDisabled()).toBe(true);
    // No bounding box in bulk: pipelines that need one are not offered.
    expect(await bulk.pipelineChoices()).toEqual(
      expect.arrayContaining(['Ground classification', CORE_PIPELINE]),
    );
    expect(await bulk.pipelineChoices()).not.toContain('Crop to bounding box');

    await bulk.choosePipeline(CORE_PIPELINE);
    // The form's checks run as it is typed, their messages on the next render.
    const versionMessage = () => bulk.fieldMessage(bulk.processingDialog(), /^Version Name/);
    await bulk.typeVersionName('core of drive');
    await expect.poll(versionMessage).toBe(VERSION_NAME_INVALID);
    await bulk.typeVersionName('');
    await expect.poll(versionMessage).toBe(VALUE_REQUIRED);
    expect(await bulk.okButton().isDisabled()).toBe(true);
    // A version the scan already holds is refused while typed, not only after OK.
    await bulk.typeVersionName('Unclassified');
    await expect.poll(versionMessage).toBe(VERSION_EXISTS('Unclassified', target));
    expect(await bulk.okButton().isDisabled()).toBe(true);
    await bulk.screenshot('bulk-processing-version-exists');
    await bulk.typeVersionName('core');
    await expect.poll(() => bulk.okButton().isEnabled()).toBe(true);

    // Advanced: the chosen pipeline in a 300 px editor; broken JSON comes back from the engine.
    await bulk.advancedCheckbox().check();
    expect(await bulk.editorText()).toContain('filters.crop');
    expect(Math.round(await bulk.editorHeight())).toBe(300);
    await bulk.replacePipelineJson('{"pipeline": [{"type": "filters.crop",');
    await bulk.okButton().click();
    await bulk.pipelineErrors().waitFor();
    expect(await bulk.pipelineErrors().textContent()).toMatch(/JSON/i);
    expect(await bulk.processingDialog().isVisible()).toBe(true);
    await bulk.screenshot('bulk-processing-pdal-errors');

    // A stage the engine does not run is named in its errors too.
    await bulk.replacePipelineJson('{"pipeline": [{"type": "filters.pmf"}]}');
    await bulk.okButton().click();
    await bulk.pipelineErrors().filter({ hasText: 'filters.pmf' }).waitFor();

    // Back to the pipeline as stored: the crop goes through.
    await bulk.advancedCheckbox().uncheck();
    await bulk.okButton().click();
    expect(await bulk.waitForSnackbar(PROCESSING_SUBMITTED)).toBe('success');
    await bulk.processingDialog().waitFor({ state: 'detached' });
    // Until its job has run, the row says which version is being made.
    await expect.poll(() => bulk.processingOf(target)).toBe('core: processing');
    await bulk.screenshot('bulk-processing-submitted');
    // A reload of the tab keeps the mark while the job waits (the selection starts afresh).
    await bulk.page.reload();
    await bulk.waitForScans();
    await expect.poll(() => bulk.processingOf(target)).toBe('core: processing');
    await bulk.toggleSelect(target);
    expect(await bulk.selectedCount()).toBe('1 selected');

    // The list shows the new version as it is made, without Reload.
    await runJobs();
    await expect
      .poll(() => bulk.versionsOf(target), { timeout: 15_000 })
      .toBe('unclassified, core');
    await expect.poll(() => bulk.processingOf(target), { timeout: 15_000 }).toBeNull();
    await bulk.screenshot('bulk-processing-new-version');

    // Processed again in bulk, the scan starts from unclassified once more, and the dialog says
    // that the result takes the place of 'core' as its default version.
    await bulk.choose('Process');
    const notice = bulk.processingDialog().getByTestId('processing-other-versions');
    await notice.waitFor();
    expect(await notice.textContent()).toBe(
      `1 of the selected scans has other versions than unclassified (${target}: core). Bulk processing starts from unclassified and its result becomes their default version; the other versions stay and can be chosen again in the viewer.`,
    );
    await bulk.screenshot('bulk-processing-other-versions');
    await bulk.processingDialog().getByRole('button', { name: 'Cancel' }).click();
    await bulk.processingDialog().waitFor({ state: 'detached' });
  });

  it('validates the Publish Scans form and submits the selected scans', async () => {
    const bulk = await openBulk(PARIS);
    await bulk.waitForScans();
    const [first, second] = demo.scanIds as [string, string];
    await bulk.toggleSelect(first);
    await bulk.toggleSelect(second);
    expect(await bulk.selectedCount()).toBe('2 selected');

    await bulk.openActions();
    // Enabled once the organization's buckets have come.
    await expect.poll(() => bulk.menuItem('Publish').isEnabled()).toBe(true);
    await bulk.menuItem('Publish').click();
    expect(await bulk.publishTitle()).toBe('Publish Scans');
    expect(await bulk.publishSubtitle()).toBe('Publish 2 scans');
    expect(await bulk.publishVersionNote()).toBe(
      "Publishes each scan's default version, the one the viewer shows for it.",
    );
    expect(await bulk.bucketChoices()).toEqual(['Northwind deliveries']);
    expect(await bulk.folderPrefix()).toBe('Paris Test Drive/');
    expect(await bulk.checkbox('Publish images').isChecked()).toBe(true);
    // Paris has no projection: nothing to transform to.
    expect(await bulk.checkbox('Transform').count()).toBe(0);
    expect(await bulk.publishButton().isDisabled()).toBe(true);

    await bulk.chooseBucket('Northwind deliveries');
    await bulk.typeFolder('');
    // The form validates as the field is left; the message shows on the next render.
    await expect
      .poll(() => bulk.fieldMessage(bulk.publishDialog(), /^Folder/))
      .toBe(VALUE_REQUIRED);
    await bulk.typeFolder('../elsewhere');
    await expect
      .poll(() => bulk.fieldMessage(bulk.publishDialog(), /^Folder/))
      .toBe(PUBLISH_FOLDER_INVALID);
    expect(await bulk.publishButton().isDisabled()).toBe(true);
    await bulk.typeFolder('deliveries/april');
    await expect.poll(() => bulk.publishButton().isEnabled()).toBe(true);
    // Under the field, where each scan goes: the chosen bucket, then the project's name first.
    await expect
      .poll(() => bulk.fieldMessage(bulk.publishDialog(), /^Folder/))
      .toBe(
        'Each scan is published to bucket Northwind deliveries: Paris Test Drive/deliveries/april/<scan id>/.',
      );
    // Their clouds are stored: nothing is left out.
    expect(await bulk.unstoredWarning('publish').count()).toBe(0);
    await bulk.screenshot('bulk-publish-valid');

    await bulk.publishButton().click();
    expect(await bulk.waitForSnackbar(PUBLISH_SUBMITTED)).toBe('success');
    await bulk.publishDialog().waitFor({ state: 'detached' });

    // Published: the same folder again warns that it would replace them; another does not.
    await runJobs();
    await bulk.openActions();
    await bulk.menuItem('Publish').click();
    await bulk.chooseBucket('Northwind deliveries');
    await bulk.typeFolder('deliveries/april');
    const replaced = bulk.publishDialog().getByTestId('publish-already-published');
    await replaced.waitFor();
    expect(await replaced.textContent()).toBe(
      `2 of these scans are already published to this folder (${[first, second].sort().join(', ')}): publishing again replaces what is there. Choose another folder to keep the earlier delivery.`,
    );
    await bulk.screenshot('bulk-publish-already-published');
    await bulk.typeFolder('deliveries/may');
    // Once the bucket has answered for the new folder: none of the scans is there.
    await expect
      .poll(() => bulk.folderField().getAttribute('data-published-checked'))
      .toBe('deliveries/may');
    expect(await replaced.count()).toBe(0);
    expect(await bulk.publishButton().isEnabled()).toBe(true);
    await bulk.publishDialog().getByRole('button', { name: 'Cancel' }).click();
    await bulk.publishDialog().waitFor({ state: 'detached' });
  });

  it('offers Transform for a project with a projection', async () => {
    const bulk = await openBulk(EUGENE);
    await bulk.waitForScans();
    await bulk.toggleSelectAllListed();
    await bulk.choose('Publish');
    expect(await bulk.publishSubtitle()).toMatch(/^Publish \d+ scans$/);
    expect(await bulk.folderPrefix()).toBe('Eugene Corridor/');
    expect(await bulk.checkbox('Transform').isChecked()).toBe(true);
    // Eugene's scans are the demo's references, whose clouds the portal does not hold: the
    // dialog says so at once, and there is nothing left to publish.
    const listed = await bulk.scanIds();
    const warning = bulk.unstoredWarning('publish');
    await warning.waitFor();
    const text = ((await warning.textContent()) ?? '').trim();
    expect(text).toMatch(/^Scans .+ have no stored point cloud to publish$/);
    for (const id of listed) expect(text).toContain(id);
    await bulk.chooseBucket('Northwind deliveries');
    await bulk.typeFolder('april');
    expect(await bulk.publishButton().isDisabled()).toBe(true);
    await bulk.screenshot('bulk-publish-transform');
  });

  it('warns when the organization has no buckets, and offers neither Process nor Publish', async () => {
    const bulk = await openBulk(`${EMPTY_ORGANIZATION} : ${EMPTY_PROJECT}`, 'admin');
    await bulk.noBucketsWarning().waitFor();
    expect(await bulk.portal.textOf('bulk-no-buckets')).toBe(NO_BUCKETS);
    await bulk.waitForScanIds([
      HARBOUR_CLOUD,
      HARBOUR_IMAGES_ONLY,
      HARBOUR_STORED,
      HARBOUR_IMPORTED,
    ]);
    await bulk.toggleSelectAllListed();
    expect(await bulk.selectedCount()).toBe('4 selected');
    await bulk.openActions();
    expect(await bulk.menuItem('Process').isDisabled()).toBe(true);
    expect(await bulk.menuItem('Publish').isDisabled()).toBe(true);
    await bulk.portal.page.waitForTimeout(400); // the menu's fade-in, for the evidence
    await bulk.screenshot('bulk-processing-no-buckets');
  });

  it('leaves out the scans it cannot reprocess once the organization has a bucket', async () => {
    const { db } = suite.environment.live.database;
    const organization = await db
      .selectFrom('organizations')
      .select('id')
      .where('name', '=', EMPTY_ORGANIZATION)
      .executeTakeFirstOrThrow();
    await db
      .insertInto('buckets')
      .values({
        organizationId: organization.id,
        name: 'Harbour deliveries',
        endpoint: 'portal',
        bucket: 'harbour',
      })
      .execute();
    const harbour = await db
      .selectFrom('projects')
      .select('id')
      .where('name', '=', EMPTY_PROJECT)
      .executeTakeFirstOrThrow();
    // A stage the built-in engine does not run: marked as refused before it is picked.
    const refused = await adminFactories.pipeline(db, {
      projectId: harbour.id,
      organizationId: organization.id,
    });
    const bulk = await openBulk(`${EMPTY_ORGANIZATION} : ${EMPTY_PROJECT}`, 'admin');
    await bulk.waitForScanIds([
      HARBOUR_CLOUD,
      HARBOUR_IMAGES_ONLY,
      HARBOUR_STORED,
      HARBOUR_IMPORTED,
    ]);
    await bulk.toggleSelectAllListed();

    // A scan without a point cloud cannot be reprocessed; another's cloud is known only by an
    // address outside the portal's storage: both are left out. The third one is submitted, and
    // the imported scan from its imported cloud.
    await bulk.choose('Process');
    expect(await bulk.noBucketsWarning().count()).toBe(0);
    expect(await bulk.processingTitle()).toBe('Post Processing: Submit 4 for post processing.');
    expect(await bulk.missingArtifactWarning().textContent()).toContain(SCAN_NOT_REPROCESSABLE);
    expect(await bulk.missingArtifactWarning().textContent()).toContain(HARBOUR_IMAGES_ONLY);
    await bulk.unstoredWarning('processing').waitFor();
    expect(((await bulk.unstoredWarning('processing').textContent()) ?? '').trim()).toBe(
      NO_STORED_CLOUD([HARBOUR_CLOUD], 'process') + UNSTORED_LEFT_OUT(1),
    );
    await bulk.portal.page.waitForTimeout(400); // the dialog's fade-in, for the evidence
    await bulk.screenshot('bulk-processing-missing-artifact');
    const choices = await bulk.pipelineChoices();
    expect(choices).toContain(`${refused.name}${PIPELINE_REFUSED_MARK}`);
    expect(choices).toContain('Ground classification');
    await bulk.choosePipeline('Ground classification');
    await bulk.typeVersionName('ground');
    await bulk.okButton().click();
    expect(await bulk.waitForSnackbar(PROCESSING_SUBMITTED)).toBe('success');
    const queued = await withJobTables(suite.environment.live.database.db)
      .selectFrom('jobs')
      .select('payload')
      .where('kind', '=', 'process-scan')
      .execute();
    const harbourJobs = queued
      .map((job) => (job.payload as { scanId: string }).scanId)
      .filter((id) => id.startsWith(HARBOUR_SESSION) || id === HARBOUR_IMPORTED);
    expect(harbourJobs.sort()).toEqual([HARBOUR_STORED, HARBOUR_IMPORTED].sort());

    // The submitted scans say so in the list, the left-out ones do not.
    await expect.poll(() => bulk.processingOf(HARBOUR_STORED)).toBe('ground: processing');
    expect(await bulk.processingOf(HARBOUR_IMPORTED)).toBe('ground: processing');
    expect(await bulk.processingOf(HARBOUR_CLOUD)).toBeNull();
    expect(await bulk.processingOf(HARBOUR_IMAGES_ONLY)).toBeNull();

    // A job that fails is marked in its row, with the job's last message on hover.
    const failure = 'Scan processing failed: the stored point cloud could not be read.';
    const entries = await db
      .selectFrom('activityLogs')
      .select(['id', 'payload'])
      .where('activityType', '=', 'ScanProcessing')
      .execute();
    const importedEntry = entries.find(
      (entry) => (entry.payload as { scanId?: string } | null)?.scanId === HARBOUR_IMPORTED,
    );
    await db
      .updateTable('activityLogs')
      .set({ status: 'Failed', message: failure })
      .where('id', '=', importedEntry!.id)
      .execute();
    await expect
      .poll(() => bulk.processingOf(HARBOUR_IMPORTED), { timeout: 15_000 })
      .toBe('ground: failed');
    expect(await bulk.processingOf(HARBOUR_STORED)).toBe('ground: processing');
    await bulk.row(HARBOUR_IMPORTED).getByTestId('bulk-scan-processing').hover();
    expect(await bulk.portal.page.getByRole('tooltip').textContent()).toBe(failure);
    await bulk.screenshot('bulk-processing-failed');
  });
});
