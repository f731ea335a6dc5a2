import type { UserType } from '@asset-portal/shared';

/**
 * What the demo seed creates besides the scans: two organizations (the vendor, whose name starts
 * with 'Lux', and a customer), their devices, buckets, projects, pipelines and one user per type.
 */

export const VENDOR_ORGANIZATION = 'LuxGear Systems';
export const CUSTOMER_ORGANIZATION = 'Northwind Surveying';

/** NAD83(CSRS) / UTM zone 10N: the output projection of the Eugene project. */
export const EUGENE_PROJECTION =
  '+proj=utm +zone=10 +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +units=m +no_defs';

/** CRS of each fixture cloud, as proj4 strings, to turn its points into lon/lat. */
export const NAD83_UTM_10N = '+proj=utm +zone=10 +ellps=GRS80 +towgs84=0,0,0 +units=m +no_defs';
export const WGS84_UTM_42N = '+proj=utm +zone=42 +datum=WGS84 +units=m +no_defs';

export interface DemoDevice {
  id: string;
  name: string;
  organization: string;
}

export const DEMO_DEVICES: DemoDevice[] = [
  { id: 'LG-9001', name: 'LuxGear test unit 9001', organization: VENDOR_ORGANIZATION },
  { id: 'LG-9002', name: 'LuxGear test unit 9002', organization: VENDOR_ORGANIZATION },
  { id: 'LG-1001', name: 'Northwind truck 1', organization: CUSTOMER_ORGANIZATION },
  { id: 'LG-1002', name: 'Northwind backpack 2', organization: CUSTOMER_ORGANIZATION },
  { id: 'LG-1003', name: 'Northwind truck 3', organization: CUSTOMER_ORGANIZATION },
];

export interface DemoBucket {
  organization: string;
  name: string;
  bucket: string;
}

export const DEMO_BUCKETS: DemoBucket[] = [
  { organization: VENDOR_ORGANIZATION, name: 'LuxGear test data', bucket: 'luxgear-test-data' },
  { organization: CUSTOMER_ORGANIZATION, name: 'Northwind deliveries', bucket: 'northwind-data' },
];

export type DemoProjectKey = 'eugene' | 'kandahar' | 'archive' | 'paris' | 'tokyo';

export interface DemoProject {
  key: DemoProjectKey;
  name: string;
  organization: string;
  utm: string;
  active: boolean;
  comments: string;
  projection: string | null;
  withHelmert: boolean;
}

export const DEMO_PROJECTS: DemoProject[] = [
  {
    key: 'eugene',
    name: 'Eugene Corridor',
    organization: CUSTOMER_ORGANIZATION,
    utm: '10N',
    active: true,
    comments: 'Corridor survey around Autzen Stadium, delivered in NAD83(CSRS) / UTM 10N.',
    projection: EUGENE_PROJECTION,
    withHelmert: true,
  },
  {
    key: 'kandahar',
    name: 'Kandahar Survey',
    organization: CUSTOMER_ORGANIZATION,
    utm: '42N',
    active: true,
    comments: 'Terrain survey in WGS 84 / UTM 42N.',
    projection: null,
    withHelmert: false,
  },
  {
    key: 'archive',
    name: 'Archive 2019',
    organization: CUSTOMER_ORGANIZATION,
    utm: '10N',
    active: false,
    comments: 'Closed project kept for reference.',
    projection: null,
    withHelmert: false,
  },
  {
    key: 'paris',
    name: 'Paris Test Drive',
    organization: CUSTOMER_ORGANIZATION,
    utm: '31N',
    active: true,
    comments: 'Test drives of truck 3 at the Paris GNSS site, uploaded as device packages.',
    projection: null,
    withHelmert: false,
  },
  {
    key: 'tokyo',
    name: 'Tokyo Bay Test Range',
    organization: VENDOR_ORGANIZATION,
    utm: '54N',
    active: true,
    comments: 'Vendor test range at GEONET station 0759 (base station 3040 about 3.3 km away).',
    projection: null,
    withHelmert: false,
  },
];

export interface DemoAssignment {
  deviceId: string;
  project: DemoProjectKey;
  from: string;
  to: string | null;
}

/** Device periods; each covers the captures of its project's sessions below. */
export const DEMO_ASSIGNMENTS: DemoAssignment[] = [
  {
    deviceId: 'LG-1001',
    project: 'archive',
    from: '2019-03-01T00:00:00Z',
    to: '2019-11-30T00:00:00Z',
  },
  {
    deviceId: 'LG-1001',
    project: 'eugene',
    from: '2024-03-01T00:00:00Z',
    to: '2024-06-30T00:00:00Z',
  },
  { deviceId: 'LG-1002', project: 'kandahar', from: '2024-05-01T00:00:00Z', to: null },
  { deviceId: 'LG-1003', project: 'paris', from: '2024-03-15T00:00:00Z', to: null },
  {
    deviceId: 'LG-9001',
    project: 'tokyo',
    from: '2005-01-01T00:00:00Z',
    to: '2005-12-31T00:00:00Z',
  },
];

export interface DemoUser {
  name: string;
  username: string;
  email: string;
  userType: UserType;
  organization: string;
  enabled: boolean;
  phone: string | null;
}

// Usernames follow the portal's derivation: first initial plus the second word, lowercased.
export const DEMO_USERS: DemoUser[] = [
  {
    name: 'Ada Admin',
    username: 'aadmin',
    email: 'ada.admin@luxgear.example.com',
    userType: 'Admin',
    organization: VENDOR_ORGANIZATION,
    enabled: true,
    phone: '+1 541-555-0100',
  },
  {
    name: 'Paul Power',
    username: 'ppower',
    email: 'paul.power@northwind.example.com',
    userType: 'Power User',
    organization: CUSTOMER_ORGANIZATION,
    enabled: true,
    phone: '541.555.0142',
  },
  {
    name: 'Sam Standard',
    username: 'sstandard',
    email: 'sam.standard@northwind.example.com',
    userType: 'Standard',
    organization: CUSTOMER_ORGANIZATION,
    enabled: true,
    phone: null,
  },
  {
    name: 'Dana Disabled',
    username: 'ddisabled',
    email: 'dana.disabled@northwind.example.com',
    userType: 'Standard',
    organization: CUSTOMER_ORGANIZATION,
    enabled: false,
    phone: null,
  },
];

/** PDAL pipeline JSON of the global ground classification (SMRF after noise removal). */
export const GROUND_CLASSIFICATION_PIPELINE = JSON.stringify(
  {
    pipeline: [
      { type: 'filters.assign', value: 'Classification = 1' },
      { type: 'filters.outlier', method: 'statistical', mean_k: 8, multiplier: 3.0 },
      { type: 'filters.smrf', ignore: 'Classification[7:7]', slope: 0.15, window: 18 },
    ],
  },
  null,
  2,
);

/**
 * PDAL pipeline JSON cropping to the bounding box the user draws. The placeholders sit inside the
 * bounds string so the stored text is valid JSON before and after they are filled in.
 */
export const CROP_TO_BOUNDING_BOX_PIPELINE = JSON.stringify(
  {
    pipeline: [
      {
        type: 'filters.crop',
        bounds: '([<%xmin%>,<%xmax%>],[<%ymin%>,<%ymax%>],[<%zmin%>,<%zmax%>])',
      },
    ],
  },
  null,
  2,
);

/**
 * PDAL pipeline JSON removing noise: statistical outliers are classified 7 (as PDAL does) and
 * then dropped.
 */
export const REMOVE_NOISE_PIPELINE = JSON.stringify(
  {
    pipeline: [
      { type: 'filters.outlier', method: 'statistical', mean_k: 8, multiplier: 2.5 },
      { type: 'filters.range', limits: 'Classification![7:7]' },
    ],
  },
  null,
  2,
);
