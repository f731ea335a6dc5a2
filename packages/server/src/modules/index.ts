import type { GraphqlModule } from '../graphql/module.ts';
import { activityLogModule } from './activity-logs/activity-log.graphql.ts';
import { annotationModule } from './annotations/annotation.graphql.ts';
import { basestationModule } from './basestations/basestation.graphql.ts';
import { bucketModule } from './buckets/bucket.graphql.ts';
import { deviceAssignmentModule } from './device-assignments/device-assignment.graphql.ts';
import { importedScanModule } from './imported-scans/imported-scan.graphql.ts';
import { logFileModule } from './log-files/log-file.graphql.ts';
import { objectLinkModule } from './object-links/object-link.graphql.ts';
import { organizationModule } from './organizations/organization.graphql.ts';
import { packageUploadModule } from './package-uploads/package-upload.graphql.ts';
import { pipelineModule } from './pipelines/pipeline.graphql.ts';
import { pointCloudModule } from './pointclouds/point-cloud.graphql.ts';
import { processingModule } from './processing/processing.graphql.ts';
import { projectLayerModule } from './project-layers/project-layer.graphql.ts';
import { projectModule } from './projects/project.graphql.ts';
import { publishingModule } from './publishing/publishing.graphql.ts';
import { scanImageModule } from './scan-images/scan-image.graphql.ts';
import { scanProcessingModule } from './scan-processing/scan-processing.graphql.ts';
import { scanModule } from './scans/scan.graphql.ts';
import { sessionModule } from './sessions/session.graphql.ts';
import { trajectoryModule } from './trajectory/trajectory.graphql.ts';
import { unassignedScanModule } from './unassigned-scans/unassigned-scan.graphql.ts';
import { userModule } from './users/user.graphql.ts';
import { vendorModule } from './vendors/vendor.graphql.ts';

/** Every domain module of the API. */
export const modules: GraphqlModule[] = [
  organizationModule,
  bucketModule,
  userModule,
  projectModule,
  projectLayerModule,
  vendorModule,
  pipelineModule,
  scanModule,
  scanImageModule,
  sessionModule,
  basestationModule,
  trajectoryModule,
  annotationModule,
  activityLogModule,
  logFileModule,
  objectLinkModule,
  deviceAssignmentModule,
  unassignedScanModule,
  packageUploadModule,
  pointCloudModule,
  processingModule,
  publishingModule,
  scanProcessingModule,
  importedScanModule,
];
