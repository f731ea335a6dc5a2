import type { MapCenter } from './types.ts';

/** The longest a map waits for its scans before it is made anyway (a slow summary). */
export const MAP_WAIT_LIMIT_MS = 2000;

/** A raster-DEM tileset (terrain or hillshade); `{key}` in an address takes the access key. */
export interface DemTileset {
  name: string;
  tiles: string[];
  encoding: 'terrarium' | 'mapbox';
  tileSize: number;
  maxzoom: number;
}

/** A project's map settings (spec §3 'Per-project map configuration'). */
export interface ProjectMapConfig {
  accessKey: string | null;
  hillshade: DemTileset | null;
  terrain: DemTileset | null;
  customTerrainSources: DemTileset[];
  hillshadePaint: Record<string, unknown>;
  terrainExaggeration: number;
  maxDetailZoom: 22 | 24;
  pointCloud: { attribute: string; gradient: string };
  center: MapCenter;
}

export interface MapRuntimeConfig {
  styleUrl: string | null;
  projects: Record<string, ProjectMapConfig>;
}

export const DEFAULT_CENTER: MapCenter = { lon: -100, lat: 50, zoom: 3 };

export const DEFAULT_PROJECT_MAP_CONFIG: ProjectMapConfig = {
  accessKey: null,
  hillshade: null,
  terrain: null,
  customTerrainSources: [],
  hillshadePaint: {},
  terrainExaggeration: 2,
  maxDetailZoom: 22,
  pointCloud: { attribute: 'elevation', gradient: 'YELLOW_GREEN' },
  center: DEFAULT_CENTER,
};

type Loose = Record<string, unknown>;
const isObject = (value: unknown): value is Loose =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const finite = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

function parseTileset(value: unknown): DemTileset | null {
  if (!isObject(value) || !Array.isArray(value.tiles)) return null;
  const tiles = value.tiles.filter((t): t is string => typeof t === 'string' && t.length > 0);
  if (tiles.length === 0) return null;
  return {
    name: typeof value.name === 'string' ? value.name : '',
    tiles,
    encoding: value.encoding === 'mapbox' ? 'mapbox' : 'terrarium',
    tileSize: finite(value.tileSize) ? value.tileSize : 256,
    maxzoom: finite(value.maxzoom) ? value.maxzoom : 15,
  };
}

function parseCenter(value: unknown): MapCenter {
  if (!isObject(value)) return DEFAULT_CENTER;
  const { lon, lat, zoom } = value;
  return finite(lon) && finite(lat) && Math.abs(lon) <= 180 && Math.abs(lat) <= 90
    ? { lon, lat, zoom: finite(zoom) ? zoom : DEFAULT_CENTER.zoom }
    : DEFAULT_CENTER;
}

/** Reads one project's settings; anything missing or malformed falls back to the defaults. */
export function parseProjectMapConfig(value: unknown): ProjectMapConfig {
  if (!isObject(value)) return DEFAULT_PROJECT_MAP_CONFIG;
  const d = DEFAULT_PROJECT_MAP_CONFIG;
  const pointCloud = isObject(value.pointCloud) ? value.pointCloud : {};
  return {
    accessKey: typeof value.accessKey === 'string' && value.accessKey ? value.accessKey : null,
    hillshade: parseTileset(value.hillshade),
    terrain: parseTileset(value.terrain),
    customTerrainSources: Array.isArray(value.customTerrainSources)
      ? value.customTerrainSources.map(parseTileset).filter((t): t is DemTileset => t !== null)
      : [],
    hillshadePaint: isObject(value.hillshadePaint) ? value.hillshadePaint : {},
    terrainExaggeration:
      finite(value.terrainExaggeration) && value.terrainExaggeration > 0
        ? value.terrainExaggeration
        : d.terrainExaggeration,
    maxDetailZoom: value.maxDetailZoom === 24 ? 24 : 22,
    pointCloud: {
      attribute:
        typeof pointCloud.attribute === 'string' ? pointCloud.attribute : d.pointCloud.attribute,
      gradient:
        typeof pointCloud.gradient === 'string' ? pointCloud.gradient : d.pointCloud.gradient,
    },
    center: parseCenter(value.center),
  };
}

/** Reads `map` of /config/config.json; older servers send only `styleUrl`. */
export function parseMapRuntimeConfig(value: unknown): MapRuntimeConfig {
  if (!isObject(value)) return { styleUrl: null, projects: {} };
  const projects: Record<string, ProjectMapConfig> = {};
  if (isObject(value.projects)) {
    for (const [id, project] of Object.entries(value.projects)) {
      projects[id] = parseProjectMapConfig(project);
    }
  }
  return {
    styleUrl: typeof value.styleUrl === 'string' && value.styleUrl ? value.styleUrl : null,
    projects,
  };
}

/** The settings of one project, or the defaults for a project without its own. */
export function projectMapConfig(
  config: MapRuntimeConfig,
  projectId: string | null | undefined,
): ProjectMapConfig {
  return (projectId && config.projects[projectId]) || DEFAULT_PROJECT_MAP_CONFIG;
}
