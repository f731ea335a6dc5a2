/** Business constants and limits of spec §9, named once for browser and server. */

// Tables
export const ACTIVITY_LOG_PAGE_SIZE = 10;
export const ACTIVITY_LOG_PAGE_SIZE_OPTIONS = [10, 25, 50] as const;
/** Page size meaning "all rows" in table page-size pickers. */
export const ALL_ROWS = -1;
export const TABLE_PAGE_SIZE = 25;
export const TABLE_PAGE_SIZE_OPTIONS = [25, 50, 100, ALL_ROWS] as const;
export const PROJECTS_PAGE_SIZE = 100;
export const USERS_PAGE_SIZE = 25;
export const SCAN_PAGE_SIZE = 20;

// Polling and timings (milliseconds unless the name says seconds)
export const ACTIVITY_LOG_REFRESH_MS = 10_000;
export const UPLOAD_ERROR_POLL_MS = 10_000;
export const IDLE_COUNTDOWN_SECONDS = 10;
export const ERROR_SNACKBAR_MS = 6_000;
export const SCAN_NOT_FOUND_MS = 5_000;
export const CONNECTION_ISSUE_THROTTLE_MS = 5_000;
export const TOOLTIP_DELAY_MS = 700;
export const LAYER_UPLOAD_AUTO_CLOSE_MS = 1_500;

// Uploads
export const SIMULTANEOUS_UPLOADS_MIN = 1;
export const SIMULTANEOUS_UPLOADS_MAX = 10;
export const CONCURRENT_UPLOADS = 3;
export const MULTIPART_WORKERS = 3;
/** Multipart progress changes smaller than this many percent are ignored. */
export const PROGRESS_THRESHOLD_PERCENT = 0.1;
/** Decimals of sizes in the upload summary (the helper's default is 1). */
export const UPLOAD_SUMMARY_SIZE_DECIMALS = 2;
export const SIZE_THRESHOLD_BYTES = 1024;

// Form limits
export const PIPELINE_DESCRIPTION_MAX = 200;
export const LAYER_NAME_MIN = 3;
export const LAYER_NAME_MAX = 50;
export const GEOTIFF_MIN_BYTES = 1000;
/** A layer's GeoJSON text after conversion, in UTF-8 bytes (the /graphql body allows 20 MiB). */
export const LAYER_SOURCE_MAX_BYTES = 16 * 1024 * 1024;
export const SESSION_ID_MAX = 29;
export const SCAN_ID_MAX = 26;
export const COMMENT_MAX = 60;

/**
 * Lengths, in characters, of the texts the API stores. Every viewer of a project downloads them,
 * so none may grow without bound; the layer source (LAYER_SOURCE_MAX_BYTES) has its own limit.
 */
export const TEXT_LIMITS = {
  /** Names and titles: organizations, users, projects, pipelines, versions, devices, scans. */
  name: 200,
  /** Any other free text without a tighter limit: comments, descriptions, messages. */
  text: 5_000,
  /** String ids of devices, scans and sessions, and other short keys. */
  stringId: 200,
  /** One project or pipeline tag, and how many a list may hold. */
  tag: 100,
  tags: 100,
  email: 254,
  username: 128,
  phone: 40,
  /** Annotation types and similar short labels. */
  label: 100,
  /** A projection definition (PROJ string or WKT). */
  projection: 10_000,
  filename: 1_000,
  url: 2_048,
  /** PDAL pipeline JSON. */
  pipeline: 100_000,
  /** Layer styles JSON (MapLibre layer definitions). */
  layerStyles: 100_000,
  /** JSON metadata and payloads, measured as serialized JSON. */
  json: 100_000,
  /** Ids in one list argument (organization devices). */
  idList: 1_000,
} as const;
export const MAX_SELECTED_SCANS = 40;

// Layers and grids
export const GRID_MODE_MAX_PIXELS = 2_000_000;
export const GRID_TARGET_POINTS_MIN = 500;
export const GRID_TARGET_POINTS_MAX = 3000;
export const NODATA_VALUE = -9999;
export const KM_PER_DEGREE = 111.32;
export const LAYER_DEFAULTS = {
  showByDefault: true,
  ignore: false,
  geoTiffMode: 'bounds',
} as const;
export const CIRCLE_LAYER_MIN_ZOOM = 10;
/**
 * How a layer's shapes are drawn when nothing styles them: the map's default styles, and a KML's
 * geometries its own styles leave out.
 */
export const DEFAULT_LAYER_COLOR = '#3949ab';
export const DEFAULT_FILL_PAINT = {
  'fill-color': DEFAULT_LAYER_COLOR,
  'fill-opacity': 0.25,
} as const;
export const DEFAULT_LINE_PAINT = { 'line-color': DEFAULT_LAYER_COLOR, 'line-width': 2 } as const;
export const DEFAULT_CIRCLE_PAINT = {
  'circle-color': DEFAULT_LAYER_COLOR,
  'circle-radius': 5,
  'circle-stroke-color': '#ffffff',
  'circle-stroke-width': 1.5,
} as const;
export const SYMBOL_LAYER_MIN_ZOOM = 8;

// Dialog widths (px)
export const DIALOG_WIDTHS = {
  uploadOptions: 400,
  uploadProgress: 400,
  redundantUpload: 600,
  redundantUploadListMaxHeight: 400,
  uploadCard: 750,
  pipeline: 850,
  project: 850,
  basestationUpload: 1100,
  user: 550,
  deleteConfirm: 500,
} as const;
export const ADVANCED_JSON_EDITOR_HEIGHT = 300;

// Map
export const MAP_DEFAULT_CENTER = { lon: -100, lat: 50 } as const;
export const MAP_DEFAULT_ZOOM = 3;
export const TERRAIN_EXAGGERATION = 2;
export const MAX_DETAIL_ZOOM = 22;
export const MAX_DETAIL_ZOOM_HIGH = 24;
export const POINT_CLOUD_DEFAULTS = { attribute: 'elevation', gradient: 'YELLOW_GREEN' } as const;

// Projects and pipelines
export const DEFAULT_TAG_OPTIONS = ['QA - OK', 'QA - Issue/Poor'] as const;
export const DEFAULT_PIPELINE_TAG = '3D Bounding Box';
export const PIPELINE_DEPENDENCIES = [DEFAULT_PIPELINE_TAG] as const;
export const PIPELINE_PLACEHOLDERS_TEXT =
  'Supports the following dependencies: [<%xmin%>,<%xmax%>],[<%ymin%>,<%ymax%>], [<%zmin%>,<%zmax%>]';
/** Project classifiers are always sent as this value. */
export const DEFAULT_CLASSIFIERS = 'none';
export const EXAMPLE_HELMERT_REFERENCE_YEAR = 2010;

// Activity log
export const ACTIVITY_STATUSES = [
  'Event',
  'Submitted',
  'Started',
  'Completed',
  'Failed',
  'Error',
  'Hung',
] as const;
export type ActivityStatus = (typeof ACTIVITY_STATUSES)[number];
export const ACTIVITY_STATUS_FILTER_OPTIONS = [
  'Submitted',
  'Started',
  'Completed',
  'Error',
  'Event',
  'Failed',
] as const satisfies readonly ActivityStatus[];
/**
 * Background activities written to the activity log. The spec names UserLogin and
 * PackageUpload; the others are the jobs of the processing features.
 */
export const ACTIVITY_TYPES = [
  'UserLogin',
  'PackageUpload',
  'PackageIngest',
  'PointCloudLod',
  'BasestationProcessing',
  'TrajectoryProcessing',
  'ImportedScanProcessing',
  'ScanProcessing',
  'ScanPublishing',
  'ScanImageThumbnails',
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

export const TRAJECTORY_RUN_STATUSES = [
  'Submitted',
  'In progress',
  'Completed',
  'Hung',
  'Failed',
] as const;
export type TrajectoryRunStatus = (typeof TRAJECTORY_RUN_STATUSES)[number];
/** Base-station statuses: registered, being read, then usable or refused. */
export const BASESTATION_STATUSES = ['Submitted', 'Processing', 'Ready', 'Failed'] as const;
export type BasestationStatus = (typeof BASESTATION_STATUSES)[number];
/** The base-station and trajectory screens poll this often while something is being processed. */
export const PROCESSING_POLL_MS = 5_000;
/** The content type a base-station zip is PUT with. */
export const BASESTATION_CONTENT_TYPE = 'application/zip';
/** A base station covers a session when its window reaches this close to each end (seconds). */
export const MATCH_MARGIN_SECONDS = 60;
/** A base station is recommended for a session whose trajectory lies within this distance (km). */
export const MATCH_MAX_DISTANCE_KM = 50;

// Scans
export const ASSIGNMENT_TYPE_IMPORTED = 'Imported';
/** The cloud version a scan gets from a device package. */
export const PACKAGE_CLOUD_VERSION = 'unclassified';
/** The cloud version an imported scan gets from its LAS file. */
export const IMPORTED_CLOUD_VERSION = 'imported';
export const ARTIFACT_TYPES = ['pointcloud', 'left_cam', 'center_cam', 'right_cam'] as const;
export const UPLOAD_TYPES = ['single-part', 'multipart'] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];

// Package files
export const PACKAGE_EXTENSIONS = ['.luxlz', '.luxiz'] as const;
export const BASESTATION_EXTENSION = '.zip';
export const IMPORTED_SCAN_EXTENSION = '.las';
/** The Content-Type an imported scan's LAS is PUT with (its presigned URLs bind it). */
export const IMPORTED_SCAN_CONTENT_TYPE = 'application/octet-stream';
export const LAYER_FILE_EXTENSIONS = [
  '.geojson',
  '.json',
  '.kml',
  '.kmz',
  '.shp',
  '.zip',
  '.tif',
  '.tiff',
  '.geotiff',
] as const;

export const APP_TITLE = 'Asset Portal';

/** The corridor around a drawn profile line whose points make the elevation profile, in metres. */
export const PROFILE_CORRIDOR_WIDTH = { default: 1, min: 0.1, max: 50 } as const;
