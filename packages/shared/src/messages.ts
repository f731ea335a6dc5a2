/** User-facing texts of spec §2, §5 and §8, written once for browser and server. */
import { countOf } from './format.ts';

// Shell and sign-in
export const CONFIG_LOAD_FAILED = 'Failed to load configuration. Please try again later.';
export const NOT_AUTHORIZED = 'User account is not authorized.';
export const LOGGED_OUT = 'You have been logged out';
export const CONNECTION_ISSUE = 'Server connection issue. Please try refreshing the page.';
export const IDLE_WARNING = (seconds: number): string =>
  `You will be logged out due to inactivity in ${seconds} seconds...`;
export const AUTH_CODE_EXCHANGE_FAILED = 'Failed to exchange authorization code';
export const AUTH_CONFIG_MISSING = 'Cognito configuration is missing!';
export const USER_SESSION_UNAVAILABLE = 'User session is not available.';
export const AUTH_NOT_INITIALIZED = 'Auth service not initialized.';
export const SELECT_PROJECT = 'Select a project to continue...';

// API errors: missing and other-organization ids look the same on purpose.
export const NOT_FOUND = 'Not found';
export const FORBIDDEN = 'Not allowed';
export const NOT_AUTHENTICATED = 'Not authenticated';
export const INVALID_ID = 'Invalid id';

// Validation (spec §5)
export const VALUE_REQUIRED = 'Value is required';
export const FIELD_REQUIRED = 'This field is required';
export const EMAIL_INVALID = 'E-mail is not valid';
export const PHONE_INVALID = 'Phone number is not valid';
export const PACKAGE_FILES_REQUIRED = 'Files to upload cannot be empty';
export const PACKAGE_FILES_INVALID =
  'All files must be valid packages from the LuxGear device (.luxlz or .luxiz)';
export const PACKAGE_FILES_EMPTY = 'Files cannot be empty';
export const FILENAME_HAS_SPACES = 'Filename cannot have spaces';
export const BASESTATION_FILE_NOT_ZIP = 'File must be a .zip archive';
export const BASESTATION_FILE_EMPTY = 'File size cannot be empty';
export const BASESTATION_UPLOAD_HINT = 'RINEX 2/3, 1 Hz best, allow 5 minutes';
export const IMPORTED_SCAN_NOT_LAS = 'files type must be LAS with a .las extension';
export const FILE_SIZE_EMPTY = 'File size cannot be empty';
export const UTM_HINT = 'required as XX followed by N or S';
export const PIPELINE_INVALID_JSON = 'Pipeline must be valid JSON';
export const PIPELINE_DESCRIPTION_TOO_LONG = 'Description cannot be longer than 200 characters';
export const HELMERT_INVALID = 'Helmert parameters must be valid JSON numbers';
export const LAYER_NAME_INVALID =
  'Name must be 3 to 50 characters: letters, digits, spaces, underscore or hyphen';
export const LAYER_FILE_TYPE_INVALID =
  'File must be GeoJSON, KML, KMZ, Shapefile ZIP, or GeoTIFF format';
export const GEOTIFF_TOO_SMALL = 'Invalid GeoTIFF file';
export const LAYER_STYLE_HAS_ID_OR_SOURCE = 'Layer styles cannot contain id or source';
export const LAYER_STYLES_NOT_ARRAY = 'Layer styles must be a JSON array of style objects';
/** {size} is the formatted size, e.g. '17.2 MB'. */
export const LAYER_SOURCE_TOO_LARGE = (size: string): string =>
  `The layer is ${size} after conversion; the limit is 16 MB`;
export const LAYER_GROUP_NOT_USABLE =
  "The group must belong to the layer's project or be global to its organization";
export const LAYER_ALREADY_IN_GROUP = (layer: string, group: string): string =>
  `Layer ${layer} is already in group ${group}`;
export const GROUP_HOLDS_OTHER_LAYERS =
  'The group holds layers of other projects; move or ungroup them first';
export const GROUP_FOR_ALL_ORGANIZATIONS_ADMIN_ONLY =
  'Only an Admin can change or delete a group shared by every organization';
export const POINT_INVALID = 'Point must be [longitude, latitude] or [longitude, latitude, z]';
export const MAX_SELECTED_SCANS_MESSAGE = 'At most 40 scans can be selected';
/** A stored text over its limit (TEXT_LIMITS). */
export const TEXT_TOO_LONG = (max: number): string =>
  `At most ${max.toLocaleString('en-US')} characters`;
/** A list argument over its limit. */
export const LIST_TOO_LONG = (max: number): string =>
  `At most ${max.toLocaleString('en-US')} items`;
/** JSON metadata or a payload over its limit, measured as serialized JSON. */
export const JSON_TOO_LONG = (max: number): string =>
  `At most ${max.toLocaleString('en-US')} characters of JSON`;
/** PostgreSQL cannot store U+0000 in text or JSON. */
export const TEXT_HAS_NUL = 'Text cannot contain the NUL character (U+0000)';
/** A lone UTF-16 surrogate: the text is not valid Unicode. */
export const TEXT_NOT_UNICODE = 'Text must be valid Unicode: it holds half of a surrogate pair';

// Uploads
export const NO_UPLOADS = 'No files are currently being uploaded.';
export const UPLOAD_WARNING =
  'Do not close your browser while files are uploading. A close-block has been added to warn if you attempt to reload the page or close the tab';
export const UPLOAD_IN_BACKGROUND =
  'Packages are uploaded in the background. You can continue to use LuxWeb while they are being uploaded, but do not close the browser.';
export const REDUNDANT_UPLOAD_TEXT =
  'Some of the following packages are already on the server. Select any you wish to force upload.';
export const UPLOAD_PROGRESS_TITLE = 'Upload Progress';
export const PACKAGE_UPLOAD_TITLE = 'LuxGear Package Upload';

// Scans
export const SCAN_NOT_FOUND = (scanId: string): string =>
  `Scan ${scanId} not found in the current project`;
/** Spelled as in the product. */
export const SCAN_NOT_REPROCESSABLE =
  'This scan does net yet have a registered artifact, so cannot be reprocessed reprocessing';
export const INCOMPLETE_SCAN_PREFIX = 'This scan file has incomplete data. Try using the';
export const NO_BUCKETS = 'No Buckets Associated with This Organization';

// Trajectory processing
/** Why a session cannot be processed: a run needs the rover's own observations. */
export const NO_ROVER_OBSERVATION = (sessionId: string): string =>
  `Session ${sessionId} has no GNSS observation file: its package brought no gnss/ observations`;
/** Why a base station cannot serve a session: it is the session's own rover file. */
export const SAME_RECEIVER = (
  basestationId: number | string,
  filename: string,
  sessionId: string,
): string =>
  `Basestation ${basestationId} (${filename}) holds the session's own GNSS observations: ${sessionId}'s rover file was uploaded as a basestation. A basestation must be another receiver at a known point`;

// Success messages
export const TRAJECTORY_SUBMITTED = (session: string, basestationIds: readonly unknown[]): string =>
  `Submitted ${session} for processing with basestations: ${basestationIds.join(', ')}`;
export const BASESTATION_SUBMITTED = (file: string): string =>
  `Successfully submitted ${file} for processing`;
export const IMPORTED_SCAN_SUBMITTED =
  'Successfully submitted imported scan for pointcloud generation';
/** The activity-log message of an imported scan's failed run; its row shows the reason alone. */
export const IMPORTED_SCAN_FAILED = (scanId: string, reason: string): string =>
  `Processing imported scan ${scanId} failed: ${reason}`;
/** The reason in IMPORTED_SCAN_FAILED's message; any other message as it is. */
export function importedScanFailureReason(message: string): string {
  return /^Processing imported scan \S+ failed: ([\s\S]+)$/.exec(message)?.[1] ?? message;
}
export const PUBLISH_SUBMITTED = 'Successfully submitted selected scans for publishing';
export const PROCESSING_SUBMITTED = 'Successfully submitted selected scans for processing';
export const LAYER_CREATED = (name: string): string => `Layer ${name} created`;
export const LAYER_UPDATED = (name: string): string => `Layer ${name} updated`;
export const LAYER_DELETED = (name: string): string => `Layer ${name} deleted`;
export const GROUP_CREATED = (name: string): string => `Group ${name} created`;
export const GROUP_UPDATED = (name: string): string => `Group ${name} updated`;
export const GROUP_DELETED = (name: string): string => `Group ${name} deleted`;

// Layer upload
export const LAYER_MESSAGES = {
  uploadFailed: 'Upload failed',
  notFeatureCollection: 'Invalid GeoJSON: Must be a FeatureCollection',
  featuresNotArray: 'Invalid GeoJSON: Features must be an array',
  emptyConversion: 'File conversion resulted in empty data',
  unsupportedType: 'Unsupported file type',
  geoTiffLibraryMissing: 'GeoTIFF library not loaded. Please refresh the page and try again.',
  invalidGeoTiff: 'Invalid GeoTIFF file',
  invalidBoundingBox: 'Invalid bounding box',
  noElevationData: 'No valid elevation data found in the file',
  gridTooLarge: 'The file is too large for grid mode (over 2,000,000 pixels); showing bounds',
  invalidKml: 'Invalid KML: XML parsing failed',
  noKmlInKmz: 'No KML file found in KMZ archive',
  shapefileUnsupported:
    'Shapefile processing requires shp.js library. Please convert to GeoJSON first.',
  invalidJson: 'Invalid GeoJSON: the file is not valid JSON',
  invalidGeometry: 'Invalid geometry: a feature has missing or malformed coordinates',
  notLonLat:
    'The coordinates are not longitude/latitude: include the .prj file or export the layer in WGS 84',
  noShpInZip: 'No .shp file found in the ZIP archive',
  invalidShapefile: 'Invalid Shapefile: the .shp or .dbf file could not be read',
  invalidPrj:
    'The .prj file describes a projection that cannot be read; export the layer in WGS 84',
  fileTooLarge: 'The file is too large to convert',
  archiveTooLarge: 'The archive is too large to unpack (too much data or too many files)',
  invalidArchive: 'Invalid ZIP archive: the file could not be unpacked',
  tooDeep: 'Invalid GeoJSON: the data is nested deeper than 64 levels',
  unsupportedCrs:
    'The GeoTIFF uses a coordinate system that cannot be converted; use WGS 84 or WGS 84 / UTM',
} as const;

/** Non-blocking notes a layer conversion shows beside its result. */
export const LAYER_WARNINGS = {
  noPrj: 'No .prj file: coordinates were taken as WGS 84 longitude/latitude',
  shapefilesMerged: (names: readonly string[]): string =>
    `The archive holds ${names.length} shapefiles (${names.join(', ')}); all were merged into one layer`,
  gridTooLarge: 'The file is too large for grid mode (over 2,000,000 pixels); showing bounds',
  iconsLeftOut: (count: number): string =>
    `${count} icon${count === 1 ? '' : 's'} of the KMZ could not be used (not in the archive, not a PNG, JPEG or GIF, or too large); ${count === 1 ? 'its' : 'their'} points are drawn as circles`,
} as const;

// Confirmations
export const CONFIRM_PROJECT_DELETION_TITLE = 'Confirm Project Deletion';
export const CONFIRM_PROJECT_DELETION = (name: string): string =>
  `Are you sure you want to delete project '${name}'?`;
export const CONFIRM_USER_DELETION_TITLE = 'Confirm User Deletion';
export const CONFIRM_USER_DELETION = (name: string): string =>
  `Are you sure you want to delete user '${name}'?`;
export const CONFIRM_LAYER_DELETION_TITLE = 'Confirm Layer Deletion';
export const CONFIRM_LAYER_DELETION = (name: string): string =>
  `Are you sure you want to delete layer '${name}'?`;
export const BASESTATION_DELETED = (file: string): string => `Basestation file '${file}' deleted`;
export const CONFIRM_BASESTATION_DELETION_TITLE = 'Confirm Basestation Deletion';
export const CONFIRM_BASESTATION_DELETION = (file: string): string =>
  `Are you sure you want to delete basestation file '${file}'?`;

// Trajectory processing
export const RECOMMENDED_BASESTATIONS_TITLE = 'Recommended Basestation Files for Processing';
export const RECOMMENDED_BASESTATIONS_TEXT = (session: string): string =>
  `The following basestation files are potential matches for ${session}. Recommended indicates which were used when the basestation file was uploaded.`;

// Post processing
export const POST_PROCESSING_BULK = (count: number): string =>
  `Post Processing: Submit ${count} for post processing.`;
export const POST_PROCESSING_SINGLE = (scanId: string, version: string): string =>
  `Submit ${scanId}, ${version} for post processing.`;
export const PUBLISH_BULK = (count: number): string => `Publish ${countOf(count, 'scan')}`;
/**
 * Scans whose point cloud the portal does not hold (no cloud at all, or the demo's reference
 * scans, links to a customer's bucket): refused by processScans, publishScans, the download and
 * the elevation profile, left out by the processing and publish dialogs. The 3D view says it
 * with NO_STORED_CLOUD_TO_SHOW.
 */
export const NO_STORED_CLOUD = (
  scanIds: readonly string[],
  to: 'process' | 'publish' | 'download' | 'profile',
): string => {
  const purpose = to === 'profile' ? 'for a profile' : `to ${to}`;
  return scanIds.length === 1
    ? `Scan ${scanIds[0]} has no stored point cloud ${purpose}`
    : `Scans ${scanIds.join(', ')} have no stored point cloud ${purpose}`;
};
/** The 3D view of a scan without a stored point cloud (its notices name the scan when several). */
export const NO_STORED_CLOUD_TO_SHOW = 'This scan has no stored point cloud to show.';
/** Under NO_STORED_CLOUD in a dialog that still submits other scans. */
export const UNSTORED_LEFT_OUT = (count: number): string =>
  `${count === 1 ? 'It is' : 'They are'} left out; the other scans are submitted.`;

// Filter panel tooltips
export const FILTER_TOOLTIPS = {
  filterToSelected: 'Filter to selected scans',
  filterToAnnotated: 'Filter to annotated scans',
  selectAllFiltered: 'Select all filtered scans',
  unselectAll: 'Unselect all scans',
  clearFilter: 'Clear the filter',
  zoomToSelected: 'Zoom to view all selected scans',
} as const;

/** The fields fold away on a short screen, leaving the list the room; the buttons stay. */
export const FILTER_FIELDS_TOOLTIPS = {
  hide: 'Hide the filter fields',
  show: 'Show the filter fields',
  showSet: 'Show the filter fields (a filter is set)',
} as const;

export const PROFILE_CORRIDOR_WIDTH_INVALID =
  'The corridor width must be between 0.1 and 50 metres';
