/**
 * Geoid grids: geoid undulation N (metres above the ellipsoid) on a regular latitude/longitude
 * grid of nodes, interpolated bilinearly as PROJ's `vgridshift` does. Orthometric height is
 * H = h − N. Two file formats: GTX (NOAA/PROJ) and a single-band float GeoTIFF (`geotiff-grid.ts`).
 */
import { readGeoTiffGrid } from './geotiff-grid.ts';

/** Grid nodes: row 0 is the southernmost, column 0 the westernmost; degrees. */
export interface GeoidGridData {
  south: number;
  west: number;
  latStep: number;
  lonStep: number;
  rows: number;
  cols: number;
  /** rows × cols undulations in metres, row by row from the south. */
  values: Float32Array | Float64Array;
  /** A node value meaning "no data" (besides NaN), e.g. GTX's −88.8888. */
  nodata?: number | null;
}

/** A point the grid cannot give an undulation for. */
export class GeoidGridError extends Error {
  override name = 'GeoidGridError';
}

/** GTX's conventional nodata value (PROJ treats it as missing). */
export const GTX_NODATA = -88.8888;

const format = (value: number) => Number(value.toFixed(6)).toString();

/** A geoid model loaded in memory, answering undulations by bilinear interpolation. */
export class GeoidGrid {
  readonly north: number;
  readonly east: number;
  // Global grids whose last column is not a repeat of the first wrap around in longitude.
  private readonly wraps: boolean;

  constructor(
    readonly name: string,
    private readonly data: GeoidGridData,
  ) {
    const { rows, cols, latStep, lonStep, values } = data;
    if (!(rows >= 2 && cols >= 2 && latStep > 0 && lonStep > 0) || values.length !== rows * cols) {
      throw new GeoidGridError(`The geoid grid ${name} is not a valid grid`);
    }
    this.north = data.south + (rows - 1) * latStep;
    this.east = data.west + (cols - 1) * lonStep;
    this.wraps = Math.abs(cols * lonStep - 360) < 1e-9;
  }

  get south(): number {
    return this.data.south;
  }

  get west(): number {
    return this.data.west;
  }

  /** The grid's extent, for messages: 'latitude S to N, longitude W to E'. */
  describeExtent(): string {
    return `latitude ${format(this.south)} to ${format(this.north)}, longitude ${format(this.west)} to ${format(this.east)}`;
  }

  /** Geoid undulation N (m) at a point in degrees; throws GeoidGridError outside or on nodata. */
  undulation(latitude: number, longitude: number): number {
    const { south, west, latStep, lonStep, rows, cols, values } = this.data;
    // Bring the longitude into the grid's 360° range (grids may use 0..360 or −180..180).
    let east = (((longitude - west) % 360) + 360) % 360;
    if (east > 360 - 1e-9) east -= 360;
    const fx = this.nearEdge(east / lonStep, cols - 1, this.wraps);
    const fy = this.nearEdge((latitude - south) / latStep, rows - 1, false);
    if (fx === null || fy === null) throw this.outside(latitude, longitude);
    const col = Math.min(Math.floor(fx), this.wraps ? cols - 1 : cols - 2);
    const row = Math.min(Math.floor(fy), rows - 2);
    const [tx, ty] = [fx - col, fy - row];
    const col1 = this.wraps ? (col + 1) % cols : col + 1;
    const v00 = values[row * cols + col]!;
    const v01 = values[row * cols + col1]!;
    const v10 = values[(row + 1) * cols + col]!;
    const v11 = values[(row + 1) * cols + col1]!;
    if ([v00, v01, v10, v11].some((v) => this.isNodata(v))) throw this.outside(latitude, longitude);
    return (
      (1 - ty) * ((1 - tx) * v00 + tx * v01) + ty * ((1 - tx) * v10 + tx * v11) // bilinear
    );
  }

  private isNodata(value: number): boolean {
    const nodata = this.data.nodata;
    return (
      Number.isNaN(value) ||
      (nodata !== null && nodata !== undefined && Math.abs(value - nodata) < 1e-4)
    );
  }

  // A fractional index within [0, last], allowing rounding noise at the edges; null outside.
  private nearEdge(index: number, last: number, wraps: boolean): number | null {
    const limit = wraps ? last + 1 : last;
    if (!Number.isFinite(index) || index < -1e-9 || index > limit + 1e-9) return null;
    return Math.min(Math.max(index, 0), limit);
  }

  private outside(latitude: number, longitude: number): GeoidGridError {
    return new GeoidGridError(
      `The geoid grid ${this.name} does not cover latitude ${format(latitude)}, longitude ${format(longitude)}: it has values for ${this.describeExtent()}`,
    );
  }
}

/**
 * Reads a GTX grid: a 40-byte big-endian header (float64 south latitude, west longitude of the
 * first node, latitude step, longitude step in degrees; int32 rows, columns), then rows × columns
 * big-endian float32 undulations, row by row from the south.
 */
export function parseGtx(name: string, bytes: Uint8Array): GeoidGrid {
  if (bytes.byteLength < 40) throw new GeoidGridError(`The geoid grid ${name} is not a GTX file`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const south = view.getFloat64(0);
  let west = view.getFloat64(8);
  const latStep = view.getFloat64(16);
  const lonStep = view.getFloat64(24);
  const rows = view.getInt32(32);
  const cols = view.getInt32(36);
  if (rows <= 0 || cols <= 0 || bytes.byteLength < 40 + rows * cols * 4) {
    throw new GeoidGridError(`The geoid grid ${name} is not a GTX file (truncated or bad header)`);
  }
  // As PROJ does: origins past 180° (0..360 grids) are taken as negative longitudes.
  if (west >= 180) west -= 360;
  const values = new Float32Array(rows * cols);
  for (let i = 0; i < values.length; i++) values[i] = view.getFloat32(40 + i * 4);
  return new GeoidGrid(name, {
    south,
    west,
    latStep,
    lonStep,
    rows,
    cols,
    values,
    nodata: GTX_NODATA,
  });
}

/** Writes a GTX file (tests and tools): the inverse of parseGtx. */
export function writeGtx(data: GeoidGridData): Uint8Array {
  const bytes = new Uint8Array(40 + data.rows * data.cols * 4);
  const view = new DataView(bytes.buffer);
  view.setFloat64(0, data.south);
  view.setFloat64(8, data.west);
  view.setFloat64(16, data.latStep);
  view.setFloat64(24, data.lonStep);
  view.setInt32(32, data.rows);
  view.setInt32(36, data.cols);
  data.values.forEach((value, i) => {
    view.setFloat32(40 + i * 4, value);
  });
  return bytes;
}

/** The format of a geoid grid file by its content: GeoTIFF ('II*'/'MM*' signature) or GTX. */
export function geoidGridFormat(bytes: Uint8Array): 'GeoTIFF' | 'GTX' {
  const tiff =
    (bytes[0] === 0x49 && bytes[1] === 0x49 && bytes[2] === 42) ||
    (bytes[0] === 0x4d && bytes[1] === 0x4d && bytes[3] === 42);
  return tiff ? 'GeoTIFF' : 'GTX';
}

/** Reads a geoid grid file by its content: GeoTIFF or GTX. */
export function readGeoidGrid(name: string, bytes: Uint8Array): GeoidGrid {
  if (geoidGridFormat(bytes) === 'GTX') return parseGtx(name, bytes);
  let data: GeoidGridData;
  try {
    data = readGeoTiffGrid(bytes);
  } catch (error) {
    throw new GeoidGridError(`The geoid grid ${name} cannot be read: ${(error as Error).message}`);
  }
  return new GeoidGrid(name, data);
}
