import { gpstCalendarToGpsSeconds } from '../gps-time.ts';

/**
 * The receivers of the shared GNSS fixtures. A generated package is moved to the site whose
 * observation window holds the session, so its trajectory and RINEX agree in place and time.
 */
export interface GnssSite {
  name: string;
  /** Antenna position from the RINEX header (APPROX POSITION XYZ), WGS84. */
  lat: number;
  lon: number;
  ellipsoidalHeight: number;
  /**
   * The antenna's position as PPK finds it (WGS84), when surveyed; the header position above is
   * only the receiver's approximate one.
   */
  surveyed?: { lat: number; lon: number; ellipsoidalHeight: number };
  /** Observation window in GPS seconds. */
  windowStart: number;
  windowEnd: number;
  observation: string;
  navigation: string;
  note: string;
}

export const GNSS_SITES: readonly GnssSite[] = [
  {
    name: 'GSI GEONET 0759',
    lat: 35.1608750388,
    lon: 139.6138372528,
    ellipsoidalHeight: 70.15,
    // Mean of the 115 fixed epochs (Q=1) of `rnx2rtkp -p 2 -f 2 -m 15 -sys G -r -3978242.4348
    // 3382841.1715 3649902.7667 -t -o k.pos 07590920.05o 30400920.05o 07590920.05n 30400920.05n`
    // (RTKLIB 2.4.3 b34, base 3040 at its header position): 0.12 m east of and 0.13 m above the
    // header position; the epochs scatter by about 1 cm.
    surveyed: { lat: 35.1608750218, lon: 139.6138385755, ellipsoidalHeight: 70.2763 },
    windowStart: gpstCalendarToGpsSeconds('2005-04-02T00:00:00Z'),
    windowEnd: gpstCalendarToGpsSeconds('2005-04-02T00:59:30Z'),
    observation: 'gnss/07590920.05o',
    navigation: 'gnss/07590920.05n',
    note: 'rover 0759 of the RTKLIB sample; base 3040 (30400920.05o/.05n) covers the same hour',
  },
  {
    name: 'Geo++ phone log GEOP',
    lat: 48.8731765742,
    lon: 2.2456405157,
    ellipsoidalHeight: 67.84,
    windowStart: gpstCalendarToGpsSeconds('2024-04-01T08:31:16.44Z'),
    windowEnd: gpstCalendarToGpsSeconds('2024-04-01T08:41:14.44Z'),
    observation: 'gnss/GEOP092I.24o.gz',
    navigation: 'gnss/HERT00GBR_R_20240920000_01D_GN.rnx.gz',
    note: 'Android phone RINEX 3 near Paris; no base station exists for it',
  },
];

/** The site whose window holds [start, end] (GPS seconds), or undefined. */
export function siteForWindow(start: number, end: number): GnssSite | undefined {
  return GNSS_SITES.find((site) => start >= site.windowStart && end <= site.windowEnd);
}

/** proj4 definition of the UTM zone (northern hemisphere) holding a longitude. */
export function utmZoneFor(lon: number): { zone: number; epsg: string; proj: string } {
  const zone = Math.floor((lon + 180) / 6) + 1;
  return {
    zone,
    epsg: `EPSG:${32600 + zone}`,
    proj: `+proj=utm +zone=${zone} +datum=WGS84 +units=m +no_defs`,
  };
}
