import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

// Row types of the tables in migrations/, in the camelCase the app sees.
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T = unknown> = ColumnType<T, string | T, string | T>;
type TextArray = ColumnType<string[], string[] | undefined, string[]>;

export interface OrganizationsTable {
  id: Generated<number>;
  name: string;
  created: Timestamp;
  lastModified: Timestamp;
}

export interface DevicesTable {
  id: string;
  name: string | null;
  organizationId: number | null;
  created: Timestamp;
  lastModified: Timestamp;
}

export interface BucketsTable {
  id: Generated<number>;
  organizationId: number;
  name: string;
  endpoint: string | null;
  region: Generated<string>;
  bucket: string;
  prefix: Generated<string>;
  forcePathStyle: Generated<boolean>;
  accessKeyId: string | null;
  secretAccessKey: string | null;
  created: Timestamp;
  lastModified: Timestamp;
}

export interface UsersTable {
  id: Generated<number>;
  name: string;
  userType: Generated<'Admin' | 'Power User' | 'Standard'>;
  email: string;
  phone: string | null;
  enabled: Generated<boolean>;
  awsUserId: string | null;
  username: string;
  organizationId: number;
  created: Timestamp;
  lastModified: Timestamp;
}

export interface ProjectsTable {
  id: Generated<number>;
  name: string;
  comments: string | null;
  active: Generated<boolean>;
  organizationId: number;
  utm: Json<{ utm: string }>;
  projection: string | null;
  geoidGridFile: string | null;
  helmertParameters: string | null;
  tagOptions: TextArray;
  classifiers: Generated<string>;
  created: Timestamp;
  lastModified: Timestamp;
}

export interface DeviceAssignmentsTable {
  id: Generated<number>;
  deviceId: string;
  projectId: number;
  fromTimestamp: ColumnType<Date, Date | string, Date | string>;
  toTimestamp: ColumnType<Date | null, Date | string | null, Date | string | null>;
  created: Timestamp;
}

export interface PipelinesTable {
  id: Generated<number>;
  projectId: number | null;
  organizationId: number | null;
  name: string;
  description: string;
  pipeline: string;
  dependencies: TextArray;
  global: Generated<boolean>;
  created: Timestamp;
  lastModified: Timestamp;
}

export interface SessionsTable {
  id: string;
  organizationId: number;
  deviceId: string | null;
  projectId: number | null;
  assignmentType: string | null;
  capturedTimestamp: ColumnType<Date, Date | string, Date | string>;
  endCapturedTimestamp: ColumnType<Date, Date | string, Date | string>;
  manifest: Json | null;
  created: Timestamp;
  lastModified: Timestamp;
}

export interface LineString {
  type: 'LineString';
  coordinates: number[][];
}

export interface ScansTable {
  id: string;
  organizationId: number;
  sessionId: string | null;
  projectId: number | null;
  deviceId: string | null;
  friendlyName: string | null;
  type: string | null;
  assignmentType: string | null;
  tags: TextArray;
  length: number | null;
  metadata: Json<Record<string, unknown>> | null;
  comment: string | null;
  defaultVersion: string | null;
  capturedTimestamp: ColumnType<Date | null, Date | string | null, Date | string | null>;
  endCapturedTimestamp: ColumnType<Date | null, Date | string | null, Date | string | null>;
  friendlyLocationName: string | null;
  simplePath: Json<LineString> | null;
  /** The simple path as the viewer's summary sends it, written with it (0016); null: not known. */
  viewerPath: string | null;
  /** Bumped by triggers when an artifact field the project summary reads changes (0010). */
  artifactsVersion: Generated<number>;
  created: Timestamp;
  lastModified: Timestamp;
}

export interface ArtifactsTable {
  id: Generated<number>;
  scanId: string;
  artifactType: string;
  name: string;
  url: string | null;
  s3Url: string | null;
  status: Generated<string>;
  parameters: Json<Record<string, unknown>> | null;
  size: ColumnType<number | null, number | null, number | null>;
  created: Timestamp;
  lastModified: Timestamp;
}

export interface ImageRef {
  s3Url: string;
  jpegRotation: number;
}

export interface ImagesTable {
  id: Generated<number>;
  scanId: string;
  frame: number;
  gpsTime: number | null;
  x: number | null;
  y: number | null;
  z: number | null;
  lat: number;
  lon: number;
  centerImage: Json<ImageRef> | null;
  leftImage: Json<ImageRef> | null;
  rightImage: Json<ImageRef> | null;
}

export interface Point {
  type: 'Point';
  coordinates: number[];
}

export interface AnnotationsTable {
  id: Generated<number>;
  scanId: string;
  userId: number | null;
  title: string;
  type: string | null;
  comment: string | null;
  point: Json<Point>;
  created: Timestamp;
  lastModified: Timestamp;
}

export interface ImportedScansTable {
  scanId: string;
  determineTrajectory: Generated<boolean>;
  sourceS3Url: string | null;
  /** Bytes of the submitted source file (the upload quota counts them); null before 0008. */
  sourceSize: ColumnType<number | null, number | null | undefined, number | null>;
  created: Timestamp;
}

export type ActivityStatus =
  | 'Event'
  | 'Submitted'
  | 'Started'
  | 'Completed'
  | 'Failed'
  | 'Error'
  | 'Hung';

export interface ActivityLogsTable {
  id: Generated<number>;
  activityType: string;
  referenceKey: string | null;
  userId: number | null;
  organizationId: number | null;
  status: ActivityStatus;
  message: string | null;
  logFileUrl: string | null;
  payload: Json | null;
  metrics: Json | null;
  created: Timestamp;
  submitted: ColumnType<Date | null, Date | string | null, Date | string | null>;
  started: ColumnType<Date | null, Date | string | null, Date | string | null>;
  completed: ColumnType<Date | null, Date | string | null, Date | string | null>;
  lastModified: Timestamp;
  isAcknowledged: Generated<boolean>;
}

export interface BasestationsTable {
  id: Generated<number>;
  organizationId: number;
  projectId: number | null;
  filename: string;
  s3Url: string;
  point: Json<Point> | null;
  ecef: number[] | null;
  startTimestamp: ColumnType<Date | null, Date | string | null, Date | string | null>;
  endTimestamp: ColumnType<Date | null, Date | string | null, Date | string | null>;
  status: Generated<string>;
  created: Timestamp;
  lastModified: Timestamp;
  userId: number | null;
  statusMessage: string | null;
  markerName: string | null;
  /** Ellipsoidal height of the marker (WGS84), metres. */
  height: number | null;
  antennaHeight: number | null;
  intervalSeconds: number | null;
  rinexVersion: string | null;
  /** The RINEX files of the zip as stored: BasestationFileRecord[]. */
  files: ColumnType<
    BasestationFileRecord[],
    string | BasestationFileRecord[] | undefined,
    string | BasestationFileRecord[]
  >;
  /** Bytes of the uploaded zip (the upload quota counts them); null before 0008. */
  uploadSize: ColumnType<number | null, number | null | undefined, number | null>;
}

/** One RINEX file of a base-station zip, stored under the base station's own key prefix. */
export interface BasestationFileRecord {
  name: string;
  kind: 'observation' | 'navigation';
  rinexVersion: string;
  s3Url: string;
  size: number;
  /** SHA-256 of an observation file's bytes (from 0.x on; absent in older rows). */
  sha256?: string;
}

/** The sessions a base station matched when it was uploaded: its 'Recommended' ones. */
export interface BasestationSessionMatchesTable {
  basestationId: number;
  sessionId: string;
  distanceKm: number | null;
  created: Timestamp;
}

export interface TrajectoryProcessingRunsTable {
  id: Generated<number>;
  sessionId: string;
  userId: number | null;
  basestationIds: number[];
  status: Generated<string>;
  statusMessage: string | null;
  logS3Url: string | null;
  ambStatusS3Url: string | null;
  altitudeSeparationsS3Url: string | null;
  distanceSeparationsS3Url: string | null;
  numSatsS3Url: string | null;
  trajectoryAuditS3Url: string | null;
  metrics: Json | null;
  submitted: Timestamp;
  started: ColumnType<Date | null, Date | string | null, Date | string | null>;
  completed: ColumnType<Date | null, Date | string | null, Date | string | null>;
  organizationId: number | null;
  /** The RTKLIB options file the run used, kept with it. */
  optionsS3Url: string | null;
  /** The point-cloud version the run wrote, when it passed. */
  versionName: string | null;
}

/** A layer group. projectId null: global, to organizationId (null: every organization). */
export interface VendorsTable {
  id: Generated<number>;
  name: string;
  description: string | null;
  projectId: number | null;
  organizationId: number | null;
  created: Timestamp;
  lastModified: Timestamp;
}

export interface ProjectLayersTable {
  id: Generated<number>;
  projectId: number;
  name: string;
  comments: string | null;
  source: string;
  layers: Generated<string>;
  ignore: Generated<boolean>;
  showByDefault: Generated<boolean>;
  /** Features in the source, counted when it is saved. */
  featureCount: Generated<number>;
  /** UTF-8 size of the source. */
  sourceBytes: Generated<number>;
  created: Timestamp;
  lastModified: Timestamp;
}

/** A layer is in at most one group (unique layer_id). */
export interface VendorLayersTable {
  layerId: number;
  vendorId: number;
}

export interface LocalAccountsTable {
  subject: string;
  username: string;
  email: string;
  passwordHash: string | null;
  passwordSetAt: ColumnType<Date | null, Date | string | null, Date | string | null>;
  created: Timestamp;
}

export interface InvitationsTable {
  tokenHash: string;
  subject: string;
  expiresAt: ColumnType<Date, Date | string, Date | string>;
  usedAt: ColumnType<Date | null, Date | string | null, Date | string | null>;
  created: Timestamp;
}

export interface OidcPayloadsTable {
  model: string;
  id: string;
  payload: Json<Record<string, unknown>>;
  grantId: string | null;
  userCode: string | null;
  uid: string | null;
  expiresAt: ColumnType<Date | null, Date | string | null, Date | string | null>;
  consumedAt: ColumnType<Date | null, Date | string | null, Date | string | null>;
}

export interface WebSessionsTable {
  id: string;
  subject: string;
  idToken: string | null;
  accessToken: string | null;
  refreshToken: string | null;
  expiresAt: ColumnType<Date, Date | string, Date | string>;
  created: Timestamp;
  lastSeen: Timestamp;
}

/** A cache of each scan's summary part (migration 0011); see scan-summary's summary-parts. */
export interface ScanSummaryPartsTable {
  scanId: string;
  marker: string;
  part: string;
}

export interface PackageUploadsTable {
  id: Generated<number>;
  organizationId: number;
  userId: number | null;
  filename: string;
  key: string;
  uploadId: string | null;
  size: number | null;
  numberOfParts: number | null;
  status: Generated<'uploading' | 'completed' | 'aborted'>;
  created: Timestamp;
  completed: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/**
 * An upload URL the quota counts until its upload is recorded (migration 0013): single PUTs and
 * imported-scan multipart uploads; see upload-quota.
 */
export interface UploadGrantsTable {
  id: Generated<number>;
  organizationId: number;
  key: string;
  size: number;
  created: Timestamp;
}

export interface Database {
  organizations: OrganizationsTable;
  devices: DevicesTable;
  buckets: BucketsTable;
  users: UsersTable;
  projects: ProjectsTable;
  deviceAssignments: DeviceAssignmentsTable;
  pipelines: PipelinesTable;
  sessions: SessionsTable;
  scans: ScansTable;
  artifacts: ArtifactsTable;
  images: ImagesTable;
  annotations: AnnotationsTable;
  importedScans: ImportedScansTable;
  activityLogs: ActivityLogsTable;
  basestations: BasestationsTable;
  basestationSessionMatches: BasestationSessionMatchesTable;
  trajectoryProcessingRuns: TrajectoryProcessingRunsTable;
  vendors: VendorsTable;
  projectLayers: ProjectLayersTable;
  vendorLayers: VendorLayersTable;
  localAccounts: LocalAccountsTable;
  invitations: InvitationsTable;
  oidcPayloads: OidcPayloadsTable;
  webSessions: WebSessionsTable;
  packageUploads: PackageUploadsTable;
  scanSummaryParts: ScanSummaryPartsTable;
  uploadGrants: UploadGrantsTable;
}

export type UserRow = Selectable<UsersTable>;
export type BasestationRow = Selectable<BasestationsTable>;
export type TrajectoryProcessingRunRow = Selectable<TrajectoryProcessingRunsTable>;
export type OrganizationRow = Selectable<OrganizationsTable>;
export type ProjectRow = Selectable<ProjectsTable>;
export type PipelineRow = Selectable<PipelinesTable>;
export type ProjectLayerRow = Selectable<ProjectLayersTable>;
export type VendorRow = Selectable<VendorsTable>;
export type ScanRow = Selectable<ScansTable>;
export type SessionRow = Selectable<SessionsTable>;
export type ArtifactRow = Selectable<ArtifactsTable>;
export type ImageRow = Selectable<ImagesTable>;
export type AnnotationRow = Selectable<AnnotationsTable>;
export type ActivityLogRow = Selectable<ActivityLogsTable>;
export type DeviceRow = Selectable<DevicesTable>;
export type BucketRow = Selectable<BucketsTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
