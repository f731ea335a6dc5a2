/**
 * The index of the hostile-file corpus: each file of this folder, the feature it is fed to, what
 * it attacks and the message the user is shown (the whole message, or a stable part of it).
 * The files are rebuilt by generate.ts; hostile-files.int.test.ts runs them all.
 */

export type HostileFeature =
  /** A `.luxlz` device package, ingested as after an upload (activity log PackageIngest). */
  | 'package'
  /** An imported scan's uploaded LAS, processed by its job (activity log ImportedScanProcessing). */
  | 'imported-scan'
  /** A base-station zip, registered and processed (the base station's status message). */
  | 'basestation-zip'
  /** A layer file converted by convertLayerFile, as the browser and the seed do. */
  | 'layer';

export type HostileOutcome =
  /** Refused with the message; nothing is stored or changed, and no job tries again. */
  | 'refused'
  /** Refused by the request itself (a GraphQL error), before any job runs. */
  | 'refused-on-submit'
  /** Refused, but the job takes it for a passing fault and will try again (see `issue`). */
  | 'refused-then-retried'
  /** Accepted (see `issue`); `expected` is the message the user is shown afterwards. */
  | 'accepted';

export interface HostileCase {
  file: string;
  feature: HostileFeature;
  attack: string;
  /** The message shown, or a stable part of it (the test checks it is contained). */
  expected: string;
  /** 'refused' unless said otherwise. */
  outcome?: HostileOutcome;
  /** What is wrong with today's handling, when something is: the test pins it until mended. */
  issue?: string;
}

export const HOSTILE_CASES: readonly HostileCase[] = [
  // ---- packages: the messages come from the package reader and the manifest parser ----
  {
    file: 'manifest-not-json.luxlz',
    feature: 'package',
    attack: 'manifest.json that is not JSON (cut mid-object)',
    expected: 'manifest.json is not valid JSON',
  },
  {
    file: 'manifest-5000-deep.luxlz',
    feature: 'package',
    attack: 'manifest.json nested 5,000 arrays deep (parser stack)',
    expected: 'manifest.json is nested deeper than 12 levels',
  },
  {
    file: 'manifest-scan-id-dotdot.luxlz',
    feature: 'package',
    attack: "scan id '../../../etc/passwd' (the id becomes an object key)",
    expected: "Scan id ../../../etc/passwd may hold only letters, digits, '_', '-' and '.'",
  },
  {
    file: 'manifest-scan-id-html.luxlz',
    feature: 'package',
    attack: 'scan id holding HTML (shown in lists and messages)',
    expected: "Scan id <img src=x onerror=1> may hold only letters, digits, '_', '-' and '.'",
  },
  {
    file: 'manifest-session-id-html.luxlz',
    feature: 'package',
    attack: 'session id holding a script tag',
    expected: "Session id may hold only letters, digits, '_', '-' and '.'",
  },
  {
    file: 'manifest-15mb-name.luxlz',
    feature: 'package',
    attack: 'a 15 MB friendlyName (compressed about 60 times, under the zip-bomb ratio)',
    expected: 'manifest.json is larger than 1000000 characters',
  },
  {
    file: 'manifest-3000-scans.luxlz',
    feature: 'package',
    attack: '3,000 scans in one manifest',
    expected: 'The manifest lists more than 2000 scans',
  },
  {
    file: 'package-entry-dotdot.luxlz',
    feature: 'package',
    attack: "an entry named '../../evil.sh' (zip slip)",
    expected: "Package entry ../../evil.sh leaves the package folder ('..' in its path)",
  },
  {
    file: 'package-entry-absolute.luxlz',
    feature: 'package',
    attack: "an entry with an absolute path '/etc/cron.d/evil'",
    expected: 'Package entry /etc/cron.d/evil has an absolute path',
  },
  {
    file: 'package-entry-symlink.luxlz',
    feature: 'package',
    attack: 'a symbolic-link entry pointing at /etc/passwd',
    expected: 'Package entry gnss/link is a symbolic link, which is not allowed',
  },
  {
    file: 'package-zip-bomb-ratio.luxlz',
    feature: 'package',
    attack: 'zip bomb: a 20 MiB entry of zeros stored in 20 kB (actual size)',
    expected:
      'Package entry gnss/zeros.05o expands 1029 times (20971520 bytes from 20387); more than 100 times looks like a zip bomb',
  },
  {
    file: 'package-zip-bomb-declared.luxlz',
    feature: 'package',
    attack: 'zip bomb by declared size: 18 entries declaring 4 GB each at a plausible ratio',
    expected: 'The package expands to more than 68719476736 bytes, the limit for one package',
  },
  {
    file: 'package-zip-bomb-lying-manifest.luxlz',
    feature: 'package',
    attack: 'manifest.json declares 1,000 bytes but inflates to 8 MiB',
    expected:
      'Package entry manifest.json is damaged: too many bytes in the stream. expected 1000. got at least',
  },
  {
    file: 'package-truncated.luxlz',
    feature: 'package',
    attack: 'a package cut in half (no central directory)',
    expected: 'The package is not a valid ZIP archive: it is not a zip file, or it was cut short',
  },
  {
    file: 'luxiz-scan-id-html.luxiz',
    feature: 'package',
    attack: 'an image package whose scan id holds HTML',
    expected: "Scan id <b onclick=x>s1</b> may hold only letters, digits, '_', '-' and '.'",
  },
  {
    file: 'luxiz-frame-id-dotdot.luxiz',
    feature: 'package',
    attack: "an images.csv frame_id of '../../../x' (the frame id becomes an object key)",
    expected: 'images.csv line 2: frame_id ../../../x is not a frame number',
  },
  {
    file: 'package-laz-broken-chunk-table.luxlz',
    feature: 'package',
    attack: 'a scan whose LAZ chunk-table offset points past the end of the file',
    expected:
      'Scan laz1: scans/s1/pointcloud.laz: The LAZ chunk table is missing or damaged (no chunk table): its points cannot be decoded',
  },
  {
    file: 'package-las-lying-count.luxlz',
    feature: 'package',
    attack: 'the LAS header of a scan claims 1,000,000 points; the file holds 10',
    expected:
      'Scan s1: scans/s1/pointcloud.las: LAS header says 1000000 points of 28 bytes but the file holds 280 bytes',
  },

  // ---- imported scans (uploaded LAS, declared UTM 42N) ----
  {
    file: 'las-lying-point-count.las',
    feature: 'imported-scan',
    attack: 'header claims 4,000,000,000 points of a 10-point file',
    expected:
      'The file is not a readable LAS file: LAS header says 4000000000 points of 28 bytes but the file holds 280 bytes',
  },
  {
    file: 'las-lying-offset.las',
    feature: 'imported-scan',
    attack: 'offset to point data 2 GiB past the end of the file',
    expected:
      'The file is not a readable LAS file: LAS header says the point data starts at byte 2147483647 but the file holds',
  },
  {
    file: 'las-lying-record-length.las',
    feature: 'imported-scan',
    attack: 'point record length 3 (shorter than point format 1 needs)',
    expected:
      'The file is not a readable LAS file: LAS point format 1 needs records of at least 28 bytes, the header says 3',
  },
  {
    file: 'las-huge-record-length.las',
    feature: 'imported-scan',
    attack: 'point record length 65,535 (points past the end of the file)',
    expected:
      'The file is not a readable LAS file: LAS header says 10 points of 65535 bytes but the file holds 280 bytes',
  },
  {
    file: 'las-truncated-header.las',
    feature: 'imported-scan',
    attack: 'a LAS cut inside its public header',
    expected:
      'The file is not a readable LAS file: LAS header is truncated: the file holds 150 bytes, the header needs 227',
  },
  {
    file: 'las-truncated-points.las',
    feature: 'imported-scan',
    attack: 'a LAS missing its last point records',
    expected:
      'The file is not a readable LAS file: LAS header says 10 points of 28 bytes but the file holds 250 bytes',
  },
  {
    file: 'laz-broken-chunk-table.laz',
    feature: 'imported-scan',
    attack: 'a LAZ whose chunk-table offset points past the end of the file',
    expected: 'files type must be LAS with a .las extension',
    outcome: 'refused-on-submit',
  },
  {
    file: 'laz-named-las.las',
    feature: 'imported-scan',
    attack: 'the same broken LAZ named .las, past the extension check',
    expected: 'The file is compressed (LAZ): upload an uncompressed .las file',
  },
  {
    file: 'las-foreign-crs.las',
    feature: 'imported-scan',
    attack: 'a NAD83 / UTM 10N cloud (GeoTIFF keys) uploaded to a scan declared WGS 84 / UTM 42N',
    expected:
      "The file's CRS is NAD83 / UTM zone 10N (EPSG:26910); the scan's UTM is 42N: set the scan's UTM to 10N, the zone of the file",
  },
  {
    file: 'las-garbage.las',
    feature: 'imported-scan',
    attack: '4 kB of random bytes named .las',
    expected:
      'The file is not a readable LAS file: Not a LAS file: the file does not start with "LASF"',
  },

  // ---- base-station zips (RINEX) ----
  {
    file: 'rinex-wrong-header.zip',
    feature: 'basestation-zip',
    attack: "RINEX version 9.99 of type 'GARBAGE DATA'",
    expected:
      '30400920.05o line 1: RINEX version 9.99 is not supported; only RINEX 2 and 3 are read',
  },
  {
    file: 'rinex-no-end-of-header.zip',
    feature: 'basestation-zip',
    attack: "a header that never ends (no 'END OF HEADER')",
    expected: '30400920.05o line 117: the header ends without END OF HEADER',
  },
  {
    file: 'rinex-binary-garbage.zip',
    feature: 'basestation-zip',
    attack: '64 kB of random bytes named 30400920.05o',
    expected:
      "30400920.05o line 1: not a RINEX file (the first line is not 'RINEX VERSION / TYPE')",
  },
  {
    file: 'rinex-binary-after-header.zip',
    feature: 'basestation-zip',
    attack: 'a valid header followed by 32 kB of random bytes',
    // The quoted line shows its control and binary bytes as '?', at most 80 characters.
    expected: '30400920.05o line 18: broken epoch record: "',
  },
  {
    file: 'rinex-epoch-month-13.zip',
    feature: 'basestation-zip',
    attack: 'an epoch dated month 13, day 45, 99:99:99',
    expected:
      '30400920.05o line 28: broken epoch record: " 05 13 45 99 99 99.0000000  0  9G 3G 7G 8G11G19G20G24G27G28"',
  },
  {
    file: 'rinex-epoch-99-satellites.zip',
    feature: 'basestation-zip',
    attack: 'an epoch claiming 99 satellites while listing 9',
    expected:
      '30400920.05o line 117: the file ends 8 line(s) short of the epoch record announcing 99 satellite(s) (a truncated file or a wrong count)',
  },
  {
    file: 'rinex-epochs-century-apart.zip',
    feature: 'basestation-zip',
    attack: 'first epoch in 2000 and last in 2079 (a century-long window matching any session)',
    expected:
      '30400920.05o line 117: the epochs span 29220 days (1999-12-31 to 2079-12-31); an observation file covers at most 31 days',
  },
  {
    file: 'basestation-entry-dotdot.zip',
    feature: 'basestation-zip',
    attack: "an entry named '../../30400920.05n' (zip slip)",
    expected: "Zip entry ../../30400920.05n leaves the package folder ('..' in its path)",
  },
  {
    file: 'basestation-entry-symlink.zip',
    feature: 'basestation-zip',
    attack: 'a symbolic-link entry pointing at /etc/passwd',
    expected: 'Zip entry 30400920.05n is a symbolic link, which is not allowed',
  },
  {
    file: 'basestation-zip-bomb.zip',
    feature: 'basestation-zip',
    attack: 'zip bomb: a 20 MiB entry of spaces stored in 20 kB',
    expected: 'Zip entry zeros.05n expands',
  },
  {
    file: 'basestation-truncated.zip',
    feature: 'basestation-zip',
    attack: 'a zip missing the end of its central directory',
    expected: 'The file is not a valid ZIP archive',
  },

  // ---- layers (the messages are LAYER_MESSAGES of @asset-portal/shared) ----
  {
    file: 'kml-billion-laughs.kml',
    feature: 'layer',
    attack: 'DOCTYPE with nested entities (billion laughs)',
    expected: 'Invalid KML: XML parsing failed',
  },
  {
    file: 'kml-external-entity.kml',
    feature: 'layer',
    attack: 'DOCTYPE with an external entity reading /etc/passwd (XXE)',
    expected: 'Invalid KML: XML parsing failed',
  },
  {
    file: 'kmz-bomb-declared.kmz',
    feature: 'layer',
    attack: 'zip bomb by declared size: doc.kml declares 1 GiB',
    expected: 'The archive is too large to unpack (too much data or too many files)',
  },
  {
    file: 'kmz-bomb-actual.kmz',
    feature: 'layer',
    attack: 'zip bomb by actual size: doc.kml declares 1,000 bytes, inflates to 513 MiB',
    expected: 'The archive is too large to unpack (too much data or too many files)',
  },
  {
    file: 'kmz-entry-dotdot.kmz',
    feature: 'layer',
    attack: "a KMZ whose only entry is '../../doc.txt'",
    expected: 'No KML file found in KMZ archive',
  },
  {
    file: 'geotiff-lying-size.tif',
    feature: 'layer',
    attack: 'a 40 × 40 GeoTIFF whose header says 100,000 × 100,000 pixels',
    expected: 'Invalid GeoTIFF file',
  },
  {
    file: 'geojson-100000-deep.geojson',
    feature: 'layer',
    attack: 'polygon coordinates nested 100,000 arrays deep',
    expected: 'Invalid GeoJSON: the data is nested deeper than 64 levels',
  },
  {
    file: 'geojson-100000-deep-properties.geojson',
    feature: 'layer',
    attack: 'a property nested 100,000 arrays deep',
    expected: 'Invalid GeoJSON: the data is nested deeper than 64 levels',
  },
  {
    file: 'shapefile-missing-shp.zip',
    feature: 'layer',
    attack: 'a shapefile zip with .shx, .dbf and .prj but no .shp',
    expected: 'No .shp file found in the ZIP archive',
  },
  {
    file: 'shapefile-truncated.zip',
    feature: 'layer',
    attack: 'a shapefile zip missing the end of its central directory',
    expected: 'Invalid ZIP archive: the file could not be unpacked',
  },
];
