import { lasDimension } from '../../../../lib/las/las-dimensions.ts';
import type { PointChunk } from '../point-chunk.ts';
import { holdingStage, holdsUpTo, type StageDefinition } from '../stage-definition.ts';
import { compileRanges, type DimensionRange, parseRange } from './range.ts';

/**
 * filters.smrf, as PDAL: the Simple Morphological Filter of Pingel, Clarke and McBride (2013)
 * marks ground points with Classification 2 and leaves every other point as it was (PDAL's own
 * pipelines set Classification 1 first). Of the points not `ignore`d and of the `returns` kinds:
 *   1. the lowest point of each `cell` makes a minimum surface; empty cells are filled from their
 *      neighbours;
 *   2. pits (a cell more than 5 cells' height below its opening) are left out;
 *   3. openings with growing diamonds up to `window` flag as objects the cells that drop by more
 *      than `slope` × the diamond's radius between two steps;
 *   4. the surface without pits and objects, filled again, is the ground model; a point is ground
 *      when it lies within `threshold` + `scalar` × the model's slope of it (bilinear).
 * With `cut` > 0, net cutting comes before step 3, for buildings wider than the window: along a
 * net of rows and columns `cut` apart, the surface takes the values of an opening with a diamond
 * of radius 2 × `cut`, which cuts through them; the net's cells stay out of the ground model.
 * A point whose NumberOfReturns is 0 (a file that does not record returns) counts as an only
 * return.
 */

export type ReturnKind = 'first' | 'intermediate' | 'last' | 'only';
const RETURN_KINDS: readonly ReturnKind[] = ['first', 'intermediate', 'last', 'only'];

export interface SmrfOptions {
  cell: number;
  slope: number;
  window: number;
  threshold: number;
  scalar: number;
  /** The net's spacing in the cloud's units; 0 cuts no net. */
  cut: number;
  ignore: DimensionRange | null;
  returns: ReturnKind[];
}

/** The most cells of the ground grid: beyond it a run would take minutes and gigabytes. */
export const MAX_GROUND_CELLS = 16_000_000;

/**
 * The widest net, in cells: its opening makes 4 passes over the grid per cell of spacing, so a
 * wider one would hold a worker for hours on a large grid (the paper's net is one window wide).
 */
export const MAX_NET_CELLS = 250;

/**
 * The widest window, in cells: the opening of radius r makes r + 1 passes over the grid, so the
 * filter makes about (window ÷ cell)² ÷ 2 in all: 189 at the default 18 cells, 5,150 at 100. A
 * building wider than that is the net's work (`cut`), not the window's.
 */
export const MAX_WINDOW_CELLS = 100;

/** Points PDAL gives to the ground class. */
const GROUND = 2;
/** Pits: deeper than 5 cells' height below their neighbourhood (PDAL's low-outlier mask). */
const PIT_SLOPE = 5;

/** A raster of `rows` × `cols` heights (row-major, NaN = no value) over cells of `size`. */
export interface Surface {
  cols: number;
  rows: number;
  minX: number;
  minY: number;
  size: number;
  z: Float32Array;
}

/** The lowest Z of the given points in each cell (NaN where no point fell). */
export function minimumSurface(
  x: Float64Array,
  y: Float64Array,
  z: Float64Array,
  use: Uint8Array,
  size: number,
): Surface | null {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let i = 0; i < use.length; i++) {
    if (!use[i]) continue;
    if (x[i]! < minX) minX = x[i]!;
    if (x[i]! > maxX) maxX = x[i]!;
    if (y[i]! < minY) minY = y[i]!;
    if (y[i]! > maxY) maxY = y[i]!;
  }
  if (minX > maxX) return null;
  const cols = Math.floor((maxX - minX) / size) + 1;
  const rows = Math.floor((maxY - minY) / size) + 1;
  if (cols * rows > MAX_GROUND_CELLS) {
    const needed = Math.sqrt(((maxX - minX) * (maxY - minY)) / MAX_GROUND_CELLS);
    throw new RangeError(
      `the ground grid would hold ${(cols * rows).toLocaleString('en')} cells of ${size} (at most ${MAX_GROUND_CELLS.toLocaleString('en')}): set "cell" to at least ${Math.ceil(needed * 100) / 100}`,
    );
  }
  const surface = new Float32Array(cols * rows).fill(Number.NaN);
  for (let i = 0; i < use.length; i++) {
    if (!use[i]) continue;
    const c = Math.floor((x[i]! - minX) / size) + cols * Math.floor((y[i]! - minY) / size);
    if (!(surface[c]! <= z[i]!)) surface[c] = z[i]!;
  }
  return { cols, rows, minX, minY, size, z: surface };
}

/** Writes the indices of cell c's 8-neighbours inside the grid into `out`; returns how many. */
function neighboursOf(c: number, cols: number, rows: number, out: Int32Array): number {
  const cx = c % cols;
  const cy = (c - cx) / cols;
  let count = 0;
  for (let ny = Math.max(cy - 1, 0); ny <= Math.min(cy + 1, rows - 1); ny++) {
    for (let nx = Math.max(cx - 1, 0); nx <= Math.min(cx + 1, cols - 1); nx++) {
      if (nx !== cx || ny !== cy) out[count++] = nx + ny * cols;
    }
  }
  return count;
}

/**
 * Fills empty cells in waves from the filled ones: each wave gives a cell next to a filled one
 * the mean of its filled 8-neighbours. `waves` bounds how far the filling reaches.
 */
export function fillGaps(surface: Surface, waves: number): Float32Array {
  const { cols, rows } = surface;
  const z = surface.z.slice();
  const around = new Int32Array(8);
  const queued = new Uint8Array(z.length);
  const enqueueEmptyNeighbours = (c: number, into: number[]) => {
    const count = neighboursOf(c, cols, rows, around);
    for (let k = 0; k < count; k++) {
      const n = around[k]!;
      if (Number.isNaN(z[n]!) && !queued[n]) {
        queued[n] = 1;
        into.push(n);
      }
    }
  };
  let front: number[] = [];
  for (let c = 0; c < z.length; c++) if (!Number.isNaN(z[c]!)) enqueueEmptyNeighbours(c, front);
  for (let wave = 0; wave < waves && front.length > 0; wave++) {
    // Values of this wave are computed from the cells filled before it, then written together.
    const values = new Float32Array(front.length);
    for (let k = 0; k < front.length; k++) {
      const count = neighboursOf(front[k]!, cols, rows, around);
      let sum = 0;
      let filled = 0;
      for (let j = 0; j < count; j++) {
        const v = z[around[j]!]!;
        if (!Number.isNaN(v)) {
          sum += v;
          filled++;
        }
      }
      values[k] = sum / filled;
    }
    const next: number[] = [];
    for (let k = 0; k < front.length; k++) z[front[k]!] = values[k]!;
    for (const c of front) enqueueEmptyNeighbours(c, next);
    front = next;
  }
  return z;
}

/** Per row, the first and one past the last column holding a value (empty rows: 0, 0). */
interface RowSpans {
  first: Int32Array;
  end: Int32Array;
}

function rowSpans(z: Float32Array, cols: number, rows: number): RowSpans {
  const first = new Int32Array(rows);
  const end = new Int32Array(rows);
  for (let cy = 0; cy < rows; cy++) {
    const row = cy * cols;
    let a = 0;
    while (a < cols && Number.isNaN(z[row + a]!)) a++;
    let b = cols;
    while (b > a && Number.isNaN(z[row + b - 1]!)) b--;
    first[cy] = a;
    end[cy] = b;
  }
  return { first, end };
}

/**
 * One step of a diamond erosion (min) or dilation (max) over the 4-neighbourhood, from `z` into
 * `out`; empty (NaN) cells stay empty and are no neighbour. Only the rows' spans are visited:
 * the cells outside them are empty in every step (a corridor's bounding box is mostly empty).
 */
function diamondStep(
  z: Float32Array,
  out: Float32Array,
  cols: number,
  rows: number,
  spans: RowSpans,
  max: boolean,
): Float32Array {
  for (let cy = 0; cy < rows; cy++) {
    const row = cy * cols;
    const end = spans.end[cy]!;
    for (let cx = spans.first[cy]!; cx < end; cx++) {
      const c = row + cx;
      let v = z[c]!;
      // NaN compares false both ways, so an empty neighbour never wins.
      if (!Number.isNaN(v)) {
        if (max) {
          if (cx > 0 && z[c - 1]! > v) v = z[c - 1]!;
          if (cx < cols - 1 && z[c + 1]! > v) v = z[c + 1]!;
          if (cy > 0 && z[c - cols]! > v) v = z[c - cols]!;
          if (cy < rows - 1 && z[c + cols]! > v) v = z[c + cols]!;
        } else {
          if (cx > 0 && z[c - 1]! < v) v = z[c - 1]!;
          if (cx < cols - 1 && z[c + 1]! < v) v = z[c + 1]!;
          if (cy > 0 && z[c - cols]! < v) v = z[c - cols]!;
          if (cy < rows - 1 && z[c + cols]! < v) v = z[c + cols]!;
        }
      }
      out[c] = v;
    }
  }
  return out;
}

/**
 * Cells an opening with diamonds of radius 1 … ceil(window / cell) takes away: flagged (1) when
 * the surface drops by more than slope × radius × cell from one radius to the next.
 */
export function progressiveFilter(
  z: Float32Array,
  cols: number,
  rows: number,
  cell: number,
  slope: number,
  window: number,
): Uint8Array {
  const flags = new Uint8Array(z.length);
  const radii = Math.ceil(window / cell);
  const spans = rowSpans(z, cols, rows);
  // Every buffer starts as the surface, so the cells no step visits stay empty in all of them.
  const buffer = (): Float32Array => {
    const copy = new Float32Array(z.length);
    copy.set(z);
    return copy;
  };
  let previous = buffer();
  let erosion = buffer();
  let spare = buffer();
  let opening = buffer();
  let scratch = buffer();
  for (let radius = 1; radius <= radii; radius++) {
    // The erosion of radius r is the erosion of radius r − 1 eroded once more.
    const eroded = diamondStep(erosion, spare, cols, rows, spans, false);
    spare = erosion;
    erosion = eroded;
    opening.set(erosion);
    for (let step = 0; step < radius; step++) {
      const dilated = diamondStep(opening, scratch, cols, rows, spans, true);
      scratch = opening;
      opening = dilated;
    }
    const threshold = slope * radius * cell;
    for (let cy = 0; cy < rows; cy++) {
      const row = cy * cols;
      for (let c = row + spans.first[cy]!; c < row + spans.end[cy]!; c++) {
        if (previous[c]! - opening[c]! > threshold) flags[c] = 1;
      }
    }
    const done = previous;
    previous = opening;
    opening = done;
  }
  return flags;
}

/** The opening (erosion, then dilation) of the surface with a diamond of the given radius. */
function opening(z: Float32Array, cols: number, rows: number, radius: number): Float32Array {
  const spans = rowSpans(z, cols, rows);
  let current: Float32Array = z.slice();
  let spare: Float32Array = z.slice();
  for (let pass = 0; pass < 2 * radius; pass++) {
    const next = diamondStep(current, spare, cols, rows, spans, pass >= radius);
    spare = current;
    current = next;
  }
  return current;
}

/**
 * Net cutting (Pingel et al. 2013): the cells of every `spacing`-th row and column, from the
 * first, take the values of an opening with a diamond of radius 2 × spacing, low enough to cut
 * through a building wider than the window. Changes `z`; returns the net's cells.
 */
export function cutNet(z: Float32Array, cols: number, rows: number, spacing: number): Uint8Array {
  const open = opening(z, cols, rows, 2 * spacing);
  const net = new Uint8Array(z.length);
  for (let cy = 0; cy < rows; cy++) {
    for (let cx = 0; cx < cols; cx++) {
      if (cx % spacing !== 0 && cy % spacing !== 0) continue;
      const c = cx + cy * cols;
      net[c] = 1;
      z[c] = open[c]!;
    }
  }
  return net;
}

/**
 * The rise over run along one axis at a cell: the central difference, else the one-sided one
 * where a neighbour is missing (an edge or a gap), else 0.
 */
function gradient(before: number, here: number, after: number, cell: number): number {
  if (!Number.isNaN(before) && !Number.isNaN(after)) return (after - before) / (2 * cell);
  if (!Number.isNaN(after) && !Number.isNaN(here)) return (after - here) / cell;
  if (!Number.isNaN(before) && !Number.isNaN(here)) return (here - before) / cell;
  return 0;
}

/** Slope (rise over run) of each cell of the model. */
function slopes(z: Float32Array, cols: number, rows: number, cell: number): Float32Array {
  const out = new Float32Array(z.length);
  for (let cy = 0; cy < rows; cy++) {
    for (let cx = 0; cx < cols; cx++) {
      const c = cx + cy * cols;
      const here = z[c]!;
      const gx = gradient(
        cx > 0 ? z[c - 1]! : Number.NaN,
        here,
        cx < cols - 1 ? z[c + 1]! : Number.NaN,
        cell,
      );
      const gy = gradient(
        cy > 0 ? z[c - cols]! : Number.NaN,
        here,
        cy < rows - 1 ? z[c + cols]! : Number.NaN,
        cell,
      );
      out[c] = Math.hypot(gx, gy);
    }
  }
  return out;
}

/**
 * The model's height at (x, y), bilinear between the four cell centres around it, leaving out
 * empty centres; NaN when none of them has a height.
 */
function heightAt(surface: Surface, model: Float32Array, x: number, y: number): number {
  const { cols, rows, minX, minY, size } = surface;
  const fx = (x - minX) / size - 0.5;
  const fy = (y - minY) / size - 0.5;
  const x0 = Math.min(Math.max(Math.floor(fx), 0), cols - 1);
  const y0 = Math.min(Math.max(Math.floor(fy), 0), rows - 1);
  const x1 = Math.min(x0 + 1, cols - 1);
  const y1 = Math.min(y0 + 1, rows - 1);
  const tx = Math.min(Math.max(fx - x0, 0), 1);
  const ty = Math.min(Math.max(fy - y0, 0), 1);
  // A small weight, not zero, keeps a centre with a height in play when the others are empty.
  const corners = [x0 + y0 * cols, x1 + y0 * cols, x0 + y1 * cols, x1 + y1 * cols];
  const cornerWeights = [(1 - tx) * (1 - ty), tx * (1 - ty), (1 - tx) * ty, tx * ty];
  let sum = 0;
  let weights = 0;
  for (let k = 0; k < 4; k++) {
    const v = model[corners[k]!]!;
    if (Number.isNaN(v)) continue;
    const weight = Math.max(cornerWeights[k]!, 1e-9);
    sum += v * weight;
    weights += weight;
  }
  return weights > 0 ? sum / weights : Number.NaN;
}

/** Ground flags (1) of the points that `use` allows, by the SMRF steps above. */
export function classifyGround(
  x: Float64Array,
  y: Float64Array,
  z: Float64Array,
  use: Uint8Array,
  o: Pick<SmrfOptions, 'cell' | 'slope' | 'window' | 'threshold' | 'scalar' | 'cut'>,
): Uint8Array {
  const ground = new Uint8Array(use.length);
  const surface = minimumSurface(x, y, z, use, o.cell);
  if (!surface) return ground;
  const { cols, rows } = surface;
  const reach = Math.ceil(o.window / o.cell) + 1;
  const filled = fillGaps(surface, reach);
  const negated = new Float32Array(filled.length);
  for (let c = 0; c < filled.length; c++) negated[c] = -filled[c]!;
  const pits = progressiveFilter(negated, cols, rows, o.cell, PIT_SLOPE, o.cell);
  const withoutPits = withGaps(surface, filled, pits);
  const minimum = fillGaps(withoutPits, reach);
  const net = o.cut > 0 ? cutNet(minimum, cols, rows, Math.ceil(o.cut / o.cell)) : null;
  const objects = progressiveFilter(minimum, cols, rows, o.cell, o.slope, o.window);
  if (net) for (let c = 0; c < net.length; c++) if (net[c]) objects[c] = 1;
  const bare = withGaps(surface, withoutPits.z, objects);
  // The openings take away objects up to two radii wide: filled from both sides within twice the
  // reach, the gaps they leave have a height again. A point farther than that from any ground
  // has none and is not ground.
  const model = fillGaps(bare, 2 * reach);
  const slope = slopes(model, cols, rows, o.cell);
  for (let i = 0; i < use.length; i++) {
    if (!use[i]) continue;
    const height = heightAt(surface, model, x[i]!, y[i]!);
    const c =
      Math.floor((x[i]! - surface.minX) / o.cell) +
      cols * Math.floor((y[i]! - surface.minY) / o.cell);
    const limit = o.threshold + o.scalar * slope[c]!;
    if (Math.abs(z[i]! - height) <= limit) ground[i] = 1;
  }
  return ground;
}

/** The surface's own cells (not the filled ones) with the flagged cells emptied. */
function withGaps(surface: Surface, z: Float32Array, flags: Uint8Array): Surface {
  const out = new Float32Array(z.length);
  for (let c = 0; c < z.length; c++) {
    out[c] = flags[c] || Number.isNaN(surface.z[c]!) ? Number.NaN : z[c]!;
  }
  return { ...surface, z: out };
}

/** The kind of a return (PDAL's meaning); NumberOfReturns 0 counts as an only return. */
export function returnKind(returnNumber: number, numberOfReturns: number): ReturnKind {
  if (numberOfReturns <= 1) return 'only';
  if (returnNumber === 1) return 'first';
  if (returnNumber >= numberOfReturns) return 'last';
  return 'intermediate';
}

function parseReturns(value: unknown): ReturnKind[] | string {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : null;
  if (!items || items.some((item) => typeof item !== 'string')) {
    return `must be a list of ${RETURN_KINDS.join(', ')}, got ${JSON.stringify(value)}`;
  }
  const kinds = (items as string[]).map((item) => item.trim().toLowerCase()).filter(Boolean);
  const unknown = kinds.find((kind) => !RETURN_KINDS.includes(kind as ReturnKind));
  if (unknown !== undefined) {
    return `must name returns among ${RETURN_KINDS.join(', ')}, got "${unknown}"`;
  }
  if (kinds.length === 0) return 'must name at least one kind of return';
  return [...new Set(kinds as ReturnKind[])];
}

export const smrfStage: StageDefinition<SmrfOptions> = {
  type: 'filters.smrf',
  parse(options) {
    const cell = options.number('cell', { positive: true }) ?? 1;
    const slope = options.number('slope', { min: 0 }) ?? 0.15;
    const window = options.number('window', { positive: true }) ?? 18;
    const threshold = options.number('threshold', { min: 0 }) ?? 0.5;
    const scalar = options.number('scalar', { min: 0 }) ?? 1.25;
    const cut = options.number('cut', { min: 0 }) ?? 0;
    const withinCells = (name: string, value: number, max: number, advice = '') => {
      if (Math.ceil(value / cell) <= max) return;
      options.error(
        name,
        `must be at most ${max} cells of ${cell} (${max * cell})${advice}, got ${value}`,
      );
    };
    withinCells('window', window, MAX_WINDOW_CELLS, '; use "cut" for buildings wider than that');
    withinCells('cut', cut, MAX_NET_CELLS);
    let ignore: DimensionRange | null = null;
    const ignoreText = options.string('ignore');
    if (ignoreText !== undefined && ignoreText.trim() !== '') {
      try {
        ignore = parseRange(ignoreText);
      } catch (error) {
        options.error('ignore', (error as Error).message);
      }
    }
    let returns: ReturnKind[] = ['last', 'only'];
    if (options.has('returns')) {
      const parsed = parseReturns(options.value('returns'));
      if (typeof parsed === 'string') options.error('returns', parsed);
      else returns = parsed;
    }
    return options.errors.length
      ? null
      : { cell, slope, window, threshold, scalar, cut, ignore, returns };
  },
  summary: (o) =>
    `classifies ground (class 2) by SMRF: cell ${o.cell}, slope ${o.slope}, window ${o.window}, threshold ${o.threshold}, scalar ${o.scalar}${o.cut > 0 ? `, net cut ${o.cut}` : ''}; ${o.returns.join(', ')} returns${o.ignore ? `, ignoring ${o.ignore.text}` : ''}`,
  // Record, coordinates, a flag; the grid's cells are bounded apart (MAX_GROUND_CELLS).
  memory: (_o, points, recordLength) => holdsUpTo(points, recordLength + 24 + 2),
  create(o, setup) {
    const classification = lasDimension('Classification', setup.pointFormat)!;
    const returnNumber = lasDimension('ReturnNumber', setup.pointFormat)!;
    const numberOfReturns = lasDimension('NumberOfReturns', setup.pointFormat)!;
    const ignored = o.ignore ? compileRanges([o.ignore], setup.pointFormat) : null;
    const kinds = new Set(o.returns);
    return holdingStage(function* (store) {
      const n = store.count;
      const use = new Uint8Array(n);
      const view = new DataView(store.records.buffer, store.records.byteOffset);
      // Every held point as one chunk, for the ignore range's test (nothing is copied).
      const all: PointChunk = {
        count: n,
        pointFormat: store.pointFormat,
        recordLength: store.recordLength,
        records: store.records,
        view,
        x: store.x,
        y: store.y,
        z: store.z,
      };
      for (let i = 0; i < n; i++) {
        if (ignored?.(all, i)) continue;
        const at = i * store.recordLength;
        const kind = returnKind(returnNumber.get(view, at), numberOfReturns.get(view, at));
        use[i] = kinds.has(kind) ? 1 : 0;
      }
      const ground = classifyGround(store.x, store.y, store.z, use, o);
      for (let p = 0; p < n; p++) {
        if (ground[p]) classification.set(view, p * store.recordLength, GROUND);
      }
      yield* store.chunks(65_536);
    });
  },
};
