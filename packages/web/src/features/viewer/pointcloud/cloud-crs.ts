import proj4 from 'proj4';

/** Conversions between WGS84 lon/lat and a cloud's projected coordinates. */
export interface CloudProjection {
  /** The proj4 definition it was made from. */
  crs: string;
  toCloud(lon: number, lat: number): [number, number];
  toLonLat(x: number, y: number): [number, number];
  /** Metres per coordinate unit (0.3048 for a CRS in feet), for measurements in metres. */
  metresPerUnit: number;
  /** The CRS is lon/lat: its x and y are degrees. */
  geographic: boolean;
}

/** The projection of a cloud from its proj4 definition; null when it is missing or invalid. */
export function cloudProjection(crs: string | null | undefined): CloudProjection | null {
  if (!crs) return null;
  try {
    const converter = proj4('WGS84', crs);
    const definition = proj4.Proj(crs) as { to_meter?: number; units?: string; projName?: string };
    const metresPerUnit =
      definition.to_meter ??
      (definition.units === 'ft' ? 0.3048 : definition.units === 'us-ft' ? 1200 / 3937 : 1);
    return {
      crs,
      toCloud: (lon, lat) => converter.forward([lon, lat]) as [number, number],
      toLonLat: (x, y) => converter.inverse([x, y]) as [number, number],
      metresPerUnit,
      geographic: definition.projName === 'longlat',
    };
  } catch {
    return null;
  }
}
