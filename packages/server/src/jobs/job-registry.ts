import { processBasestationJob } from '../modules/basestations/process-basestation.job.ts';
import { processImportedScanJob } from '../modules/imported-scans/process-imported-scan.job.ts';
import { ingestPackageJob } from '../modules/ingestion/ingest-package.job.ts';
import { buildPointCloudLodJob } from '../modules/pointclouds/point-cloud-lod.job.ts';
import { publishScanJob } from '../modules/publishing/publish-scan.job.ts';
import { scanImageThumbnailsJob } from '../modules/scan-images/scan-image-thumbnails.job.ts';
import { processScanJob } from '../modules/scan-processing/process-scan.job.ts';
import { trajectoryRunJob } from '../modules/trajectory/trajectory-run.job.ts';
import type { JobDefinition } from './define-job.ts';

/** Every job kind the worker runs. */
export const jobDefinitions: readonly JobDefinition[] = [
  ingestPackageJob,
  buildPointCloudLodJob,
  scanImageThumbnailsJob,
  processBasestationJob,
  trajectoryRunJob,
  processScanJob,
  publishScanJob,
  processImportedScanJob,
];
