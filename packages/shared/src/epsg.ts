/**
 * proj4 definitions of the EPSG codes the portal knows: those a GeoTIFF's GeoKeys or a point
 * cloud's header commonly name. proj4 knows only 4326, 4269 and 3857 by itself and nothing may be
 * fetched at run time, so the UTM families are generated here; any other code is refused with a
 * clear message rather than guessed. The definitions agree with PROJ's database (projinfo).
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

/** NAD83(CSRS) / UTM: the codes were given as zones were added, so they are listed. */
const NAD83_CSRS_UTM_ZONES: Record<number, number> = {
  3154: 7,
  3155: 8,
  3156: 9,
  3157: 10,
  2955: 11,
  2956: 12,
  2957: 13,
  3158: 14,
  3159: 15,
  3160: 16,
  2958: 17,
  2959: 18,
  2960: 19,
  2961: 20,
  2962: 21,
  3761: 22,
  9709: 23,
  9713: 24,
};

interface UtmFamilyMember {
  zone: number;
  south: boolean;
  /** proj4 parameters of the datum. */
  datum: string;
  /** The datum's name as EPSG writes it. */
  datumName: string;
  /** GDA's UTM zones are called Map Grid of Australia. */
  mga?: boolean;
}

/** The UTM zone, hemisphere and datum of a code of a UTM family, else null. */
function utmFamily(code: number): UtmFamilyMember | null {
  const zone = code % 100;
  const family = Math.floor(code / 100);
  if ((family === 326 || family === 327) && zone >= 1 && zone <= 60) {
    return { zone, south: family === 327, datum: '+datum=WGS84', datumName: 'WGS 84' };
  }
  if (family === 269 && zone >= 1 && zone <= 23) {
    return { zone, south: false, datum: '+datum=NAD83', datumName: 'NAD83' };
  }
  const north = (zone: number, datumName: string): UtmFamilyMember => ({
    zone,
    south: false,
    datum: GRS80,
    datumName,
  });
  const csrs = NAD83_CSRS_UTM_ZONES[code];
  if (csrs) return north(csrs, 'NAD83(CSRS)');
  // NAD83(2011) / UTM: 6330–6348 are zones 1–19, 6328 and 6329 zones 59 and 60.
  if (code >= 6328 && code <= 6348) {
    return north(code <= 6329 ? code - 6269 : code - 6329, 'NAD83(2011)');
  }
  // NAD83(HARN) / UTM: 3740–3749 are zones 10–19, 3750 and 3751 zones 4 and 5.
  if (code >= 3740 && code <= 3751) {
    return north(code <= 3749 ? code - 3730 : code - 3746, 'NAD83(HARN)');
  }
  if (code >= 25828 && code <= 25838) return north(code - 25800, 'ETRS89');
  const mga = (zone: number, datumName: string): UtmFamilyMember => ({
    zone,
    south: true,
    datum: GRS80,
    datumName,
    mga: true,
  });
  if (code >= 28348 && code <= 28358) return mga(code - 28300, 'GDA94');
  if (code >= 7846 && code <= 7859) return mga(code - 7800, 'GDA2020');
  return null;
}

/** The proj4 definition of an EPSG code, or null when it is not one the portal knows. */
export function epsgDefinition(code: number): string | null {
  const known = GEOGRAPHIC[code] ?? PROJECTED[code];
  if (known) return known;
  const family = utmFamily(code);
  return family ? utm(family.zone, family.south, family.datum) : null;
}

/**
 * The UTM zone of an EPSG code the portal knows as UTM, whatever its datum, with the CRS's name
 * as EPSG writes it ('NAD83(CSRS) / UTM zone 10N'); else null.
 */
export function epsgUtmZone(code: number): { zone: number; south: boolean; name: string } | null {
  const member = utmFamily(code);
  if (!member) return null;
  const { zone, south, datumName } = member;
  const name = member.mga
    ? `${datumName} / MGA zone ${zone}`
    : `${datumName} / UTM zone ${zone}${south ? 'S' : 'N'}`;
  return { zone, south, name };
}

/** Every code `epsgDefinition` knows, listed once when first asked. */
let knownCodes: number[] | null = null;
function allKnownCodes(): number[] {
  if (knownCodes) return knownCodes;
  const ranges: [number, number][] = [
    [32601, 32660],
    [32701, 32760],
    [26901, 26923],
    [6328, 6348],
    [3740, 3751],
    [25828, 25838],
    [28348, 28358],
    [7846, 7859],
  ];
  const codes = [
    ...Object.keys(GEOGRAPHIC).map(Number),
    ...Object.keys(PROJECTED).map(Number),
    ...Object.keys(NAD83_CSRS_UTM_ZONES).map(Number),
  ];
  for (const [from, to] of ranges) for (let code = from; code <= to; code++) codes.push(code);
  knownCodes = codes.filter((code) => epsgDefinition(code) !== null);
  return knownCodes;
}

/** A definition's parameters, in order, without those that do not change the CRS. */
function definitionKey(definition: string): string {
  return definition
    .trim()
    .split(/\s+/)
    .filter((part) => !['+no_defs', '+type=crs', '+wktext'].includes(part))
    .sort()
    .join(' ');
}

/**
 * The EPSG code whose definition is the given proj4 definition, when exactly one code the portal
 * knows has it; else null. Datums proj4 cannot tell apart (NAD83(CSRS), NAD83(2011), ETRS89 are
 * all GRS80 without a shift) give several codes and so none: naming one would be a guess.
 */
export function epsgOfDefinition(definition: string): number | null {
  const key = definitionKey(definition);
  const matches = allKnownCodes().filter(
    (code) => definitionKey(epsgDefinition(code) ?? '') === key,
  );
  return matches.length === 1 ? matches[0]! : null;
}
