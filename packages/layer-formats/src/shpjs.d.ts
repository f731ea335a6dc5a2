// shpjs ships no types; only the two parsers used here are declared.
declare module 'shpjs' {
  import type { Geometry } from 'geojson';
  export function parseShp(shp: Uint8Array, prj?: string): Array<Geometry | null>;
  export function parseDbf(dbf: Uint8Array, cpg?: string): Array<Record<string, unknown>>;
}
