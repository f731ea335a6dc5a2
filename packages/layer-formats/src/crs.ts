/**
 * proj4 definitions for the EPSG codes a GeoTIFF's GeoKeys commonly name. proj4 knows only
 * 4326, 4269 and 3857 by itself and nothing may be fetched at run time, so the UTM families are
 * generated here; any other code is refused with a clear message rather than guessed.
 */
const GEOGRAPHIC: Record<number, string> = {
  4326: '+proj=longlat +datum=WGS84 +no_defs',
  4269: '+proj=longlat +datum=NAD83 +no_defs',
  4258: '+proj=longlat +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +no_defs',
  4283: '+proj=longlat +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +no_defs',
  4617: '+proj=longlat +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +no_defs',
};

const PROJECTED: Record<number, string> = {
  3857: '+proj=merc +a=6378137 +b=6378137 +lat_ts=0 +lon_0=0 +x_0=0 +y_0=0 +k=1 +units=m +nadgrids=@null +wktext +no_defs',
  2154: '+proj=lcc +lat_0=46.5 +lon_0=3 +lat_1=49 +lat_2=44 +x_0=700000 +y_0=6600000 +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +units=m +no_defs',
  3978: '+proj=lcc +lat_0=49 +lon_0=-95 +lat_1=49 +lat_2=77 +x_0=0 +y_0=0 +datum=NAD83 +units=m +no_defs',
};

function utm(zone: number, south: boolean, datum: string): string {
  return `+proj=utm +zone=${zone}${south ? ' +south' : ''} ${datum} +units=m +no_defs`;
}

const GRS80 = '+ellps=GRS80 +towgs84=0,0,0,0,0,0,0';

/** The proj4 definition of an EPSG code, or null when it is not one this package knows. */
export function epsgDefinition(code: number): string | null {
  const known = GEOGRAPHIC[code] ?? PROJECTED[code];
  if (known) return known;
  const zone = code % 100;
  const family = Math.floor(code / 100);
  if ((family === 326 || family === 327) && zone >= 1 && zone <= 60) {
    return utm(zone, family === 327, '+datum=WGS84'); // WGS 84 / UTM north and south
  }
  if (family === 269 && zone >= 1 && zone <= 23) return utm(zone, false, '+datum=NAD83');
  if (code >= 25828 && code <= 25838) return utm(code - 25800, false, GRS80); // ETRS89 / UTM
  if (code >= 28348 && code <= 28358) return utm(code - 28300, true, GRS80); // GDA94 / MGA
  return null;
}

export function isGeographic(code: number): boolean {
  return code in GEOGRAPHIC;
}
