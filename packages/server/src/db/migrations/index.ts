import type { Migration } from 'kysely';
import * as initialSchema from './0001-initial-schema.ts';
import * as jobQueue from './0002-job-queue.ts';
import * as packageUploads from './0003-package-uploads.ts';
import * as trajectoryProcessing from './0004-trajectory-processing.ts';
import * as layers from './0006-layers.ts';
import * as activityLogScope from './0007-activity-log-scope.ts';
import * as uploadSizes from './0008-upload-sizes.ts';
import * as scanSummaryVersion from './0009-scan-summary-version.ts';
import * as scanArtifactsVersion from './0010-scan-artifacts-version.ts';
import * as scanSummaryParts from './0011-scan-summary-parts.ts';
import * as jobQueuedNotify from './0012-job-queued-notify.ts';
import * as uploadGrants from './0013-upload-grants.ts';
import * as jobLanes from './0014-job-lanes.ts';
import * as jobOrganizations from './0015-job-organizations.ts';
import * as scanViewerPath from './0016-scan-viewer-path.ts';

/** Every migration in the order it is applied. Append only. */
export const migrations: Record<string, Migration> = {
  '0001-initial-schema': initialSchema,
  '0002-job-queue': jobQueue,
  '0003-package-uploads': packageUploads,
  '0004-trajectory-processing': trajectoryProcessing,
  '0006-layers': layers,
  '0007-activity-log-scope': activityLogScope,
  '0008-upload-sizes': uploadSizes,
  '0009-scan-summary-version': scanSummaryVersion,
  '0010-scan-artifacts-version': scanArtifactsVersion,
  '0011-scan-summary-parts': scanSummaryParts,
  '0012-job-queued-notify': jobQueuedNotify,
  '0013-upload-grants': uploadGrants,
  '0014-job-lanes': jobLanes,
  '0015-job-organizations': jobOrganizations,
  '0016-scan-viewer-path': scanViewerPath,
};
