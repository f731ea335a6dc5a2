import { existsSync } from 'node:fs';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { LasHeader } from '../../lib/las/las-header.ts';
import {
  openPointCloudFile,
  type PointCloudFile,
  pointRecordChunks,
} from '../../lib/las/las-reader.ts';
import { planPointRuns } from '../../lib/las/point-runs.ts';
import { type Cube, octreeCube, QUANTIZE_BITS, type Vec3 } from '../octree-builder.ts';
import { type BinnedRun, type BinningSetup, type BinTotals, CellBinner } from './cell-binner.ts';
import { binRunsInThreads } from './distribute-threads.ts';
import { MAX_LOD_POINTS, PointCloudTooLargeError } from './limits.ts';
import { RecordAppender, readPieces, writeFileAtomically } from './work-files.ts';
import {
  allocateWorkPoints,
  lasRecordFields,
  readWorkRecords,
  type WorkLayout,
  workRecordSize,
} from './work-records.ts';

/**
 * The first pass of the out-of-core build: every point is read once and written to the file of
 * its cell of a coarse grid over the octree cube (at most 8³ cells), while the points are counted
 * on a fine grid (level 7, 128³ cells). The counts then cut the cube into chunks: the largest cubes
 * holding at most `chunkPoints` points (a level-7 cube stays one chunk whatever it holds). A coarse
 * cell that is one chunk is renamed into it, one holding several chunks is read again and split
 * into them, and the cells of a chunk larger than a coarse cell are joined.
 *
 * Resumable: `plan.json` is written once the pass is over, each split renames its chunk files
 * into place before its coarse file is deleted, so after a crash the pass is either redone
 * (no plan) or only the splits not finished are.
 */

/** Deepest level of a chunk: a root grid cell (1/128 of the cube) must lie inside one chunk. */
export const MAX_CHUNK_LEVEL = 7;
const COUNT_LEVEL = MAX_CHUNK_LEVEL;
const MAX_COARSE_LEVEL = 3;
const APPEND_BUFFER_BYTES = 256 * 1024;

export interface CellRef {
  /** Potree node name of the cube ('r', then one digit per level). */
  name: string;
  level: number;
  x: number;
  y: number;
  z: number;
}

/**
 * A chunk: a cube whose points one thread builds in memory. Until the partition ends, its points
 * are in the coarse cell file holding its cube (split), or in the files of the coarse cells its
 * cube holds (merged).
 */
export interface ChunkPlan extends CellRef {
  count: number;
}

/** Version of the work files' layout, recorded in plan.json. */
export const WORK_FORMAT = 1;

export interface PartitionPlan {
  version: typeof WORK_FORMAT;
  pointCount: number;
  layout: WorkLayout;
  scale: Vec3;
  offset: Vec3;
  cube: Cube;
  /** Tight bounds of the points (world coordinates). */
  bounds: { min: Vec3; max: Vec3 };
  ranges: {
    intensity: [number, number];
    classification: [number, number];
    gpsTime: [number, number] | null;
    rgb: [Vec3, Vec3] | null;
  };
  coarse: CellRef[];
  chunks: ChunkPlan[];
}

export interface PartitionOptions {
  /** Most points of a chunk (one worker's in-core build). */
  chunkPoints: number;
  /**
   * Deepest chunk level (at most MAX_CHUNK_LEVEL): no deeper than the bits of the sampling grid,
   * so that a root grid cell lies inside one chunk.
   */
  maxChunkLevel: number;
  onProgress?: (pointsRead: number, total: number) => void;
  /**
   * Worker threads reading and binning the points while this thread writes them to the coarse
   * files (0: this thread does it all).
   */
  threads?: number;
  /**
   * Points a thread reads and bins at a time (default about 9 MB of LAS records, and as much
   * binned). A cloud of one run is read in this thread: starting threads costs about half a
   * second.
   */
  runPoints?: number;
}

const RUN_POINTS = 262_144;

export const chunkFile = (workDir: string, name: string) =>
  path.join(workDir, 'chunks', `${name}.pts`);
const coarseFile = (workDir: string, name: string) => path.join(workDir, 'coarse', `${name}.pts`);
const planFile = (workDir: string) => path.join(workDir, 'plan.json');

/**
 * The partition of a cloud: its plan, the chunks whose files are complete, and the coarse cells
 * still to split into chunks. The splits are left to the caller's pace so that the chunks ready
 * are built meanwhile: a 200 M-point cloud's splits read and write its whole work copy again.
 */
export interface Partition {
  plan: PartitionPlan;
  ready: ChunkPlan[];
  /**
   * Splits the coarse cells holding several chunks, one after the other, and yields each one's
   * chunks once their files are complete (and the coarse file is gone).
   */
  splits: AsyncGenerator<ChunkPlan[], void>;
}

/** The partition of `inputPath` in `workDir`: reused when a previous run wrote it. */
export async function partitionCloud(
  inputPath: string,
  workDir: string,
  options: PartitionOptions,
): Promise<Partition> {
  const plan = await readOrDistribute(inputPath, workDir, options);
  for (const chunk of plan.chunks) {
    if (existsSync(chunkFile(workDir, chunk.name))) continue;
    // Coarse files are removed once joined (and chunk files once built): nothing left to join.
    const inside = plan.coarse.filter(
      (cell) =>
        cell.name.startsWith(chunk.name) &&
        cell.name !== chunk.name &&
        existsSync(coarseFile(workDir, cell.name)),
    );
    if (inside.length > 0) {
      await mergeCoarseCells(workDir, chunk, inside);
    }
  }
  const toSplit: { cell: CellRef; chunks: ChunkPlan[] }[] = [];
  for (const cell of plan.coarse) {
    const source = coarseFile(workDir, cell.name);
    if (!existsSync(source)) continue;
    const chunks = plan.chunks.filter((chunk) => chunk.name.startsWith(cell.name));
    if (chunks.length === 1 && chunks[0]!.name === cell.name) {
      await rename(source, chunkFile(workDir, cell.name));
    } else {
      toSplit.push({ cell, chunks });
    }
  }
  const later = new Set(toSplit.flatMap(({ chunks }) => chunks.map((chunk) => chunk.name)));
  return {
    plan,
    ready: plan.chunks.filter((chunk) => !later.has(chunk.name)),
    splits: (async function* () {
      for (const { cell, chunks } of toSplit) {
        await splitCoarseCell(workDir, plan, cell, chunks);
        await rm(coarseFile(workDir, cell.name));
        yield chunks;
      }
    })(),
  };
}

/** The plan a previous run of this build wrote, or a new one from one read of the cloud. */
async function readOrDistribute(
  inputPath: string,
  workDir: string,
  options: PartitionOptions,
): Promise<PartitionPlan> {
  if (existsSync(planFile(workDir))) {
    const plan = JSON.parse(await readFile(planFile(workDir), 'utf8')) as PartitionPlan;
    // Work files of another version of this code are not trusted: the build starts over.
    if (plan.version === WORK_FORMAT) return plan;
  }
  for (const folder of ['coarse', 'chunks', 'built']) {
    await rm(path.join(workDir, folder), { recursive: true, force: true });
  }
  await mkdir(path.join(workDir, 'built'), { recursive: true });
  await mkdir(path.join(workDir, 'coarse'), { recursive: true });
  await mkdir(path.join(workDir, 'chunks'), { recursive: true });
  const plan = await distribute(inputPath, workDir, options);
  await writeFileAtomically(planFile(workDir), JSON.stringify(plan));
  return plan;
}

export function cellName(level: number, x: number, y: number, z: number): string {
  let name = 'r';
  for (let bit = level - 1; bit >= 0; bit--) {
    name += (((x >> bit) & 1) << 2) | (((y >> bit) & 1) << 1) | ((z >> bit) & 1);
  }
  return name;
}

function coarseLevel(count: number, options: PartitionOptions): number {
  if (count <= options.chunkPoints) return 0;
  const levels = Math.ceil(Math.log(count / options.chunkPoints) / Math.log(8)) + 1;
  return Math.min(MAX_COARSE_LEVEL, options.maxChunkLevel, Math.max(1, levels));
}

/** Reads the cloud once into coarse cell files, counting points per fine cell. */
async function distribute(
  inputPath: string,
  workDir: string,
  options: PartitionOptions,
): Promise<PartitionPlan> {
  const file = await openPointCloudFile(inputPath);
  const { header } = file;
  const count = header.pointCount;
  if (count === 0) throw new Error('The point cloud holds no points');
  if (count > MAX_LOD_POINTS) {
    throw new PointCloudTooLargeError(
      `The point cloud holds ${count.toLocaleString('en-US')} points; level-of-detail building handles at most ${MAX_LOD_POINTS.toLocaleString('en-US')}`,
    );
  }
  const scale: Vec3 = [header.scale.x, header.scale.y, header.scale.z];
  const declared = {
    min: [header.min.x, header.min.y, header.min.z],
    max: [header.max.x, header.max.y, header.max.z],
  };
  const usable = [0, 1, 2].every(
    (a) =>
      Number.isFinite(declared.min[a]) &&
      Number.isFinite(declared.max[a]) &&
      declared.min[a]! <= declared.max[a]!,
  );
  // The header's bounds give the cube before any point is read; a file whose points lie outside
  // them is read a second time with its measured bounds.
  let result = await distributeOnce(
    file,
    inputPath,
    workDir,
    octreeCube(usable ? declared : { min: [0, 0, 0], max: [1, 1, 1] }, scale),
    options,
  );
  if (!usable || !within(result.plan.bounds, declared)) {
    await rm(path.join(workDir, 'coarse'), { recursive: true, force: true });
    await mkdir(path.join(workDir, 'coarse'), { recursive: true });
    result = await distributeOnce(
      file,
      inputPath,
      workDir,
      octreeCube(result.plan.bounds, scale),
      options,
    );
  }
  return result.plan;
}

function within(
  bounds: { min: readonly number[]; max: readonly number[] },
  outer: { min: readonly number[]; max: readonly number[] },
): boolean {
  for (let a = 0; a < 3; a++) {
    const tolerance = 1e-9 * Math.max(1, Math.abs(outer.min[a]!), Math.abs(outer.max[a]!));
    if (bounds.min[a]! < outer.min[a]! - tolerance || bounds.max[a]! > outer.max[a]! + tolerance) {
      return false;
    }
  }
  return true;
}

async function distributeOnce(
  file: PointCloudFile,
  inputPath: string,
  workDir: string,
  cube: Cube,
  options: PartitionOptions,
): Promise<{ plan: PartitionPlan }> {
  const { header } = file;
  const count = header.pointCount;
  const layout: WorkLayout = { hasGpsTime: file.hasGpsTime, hasRgb: file.hasRgb };
  const recordSize = workRecordSize(layout);
  const scale: Vec3 = [header.scale.x, header.scale.y, header.scale.z];
  const offset: Vec3 = [header.offset.x, header.offset.y, header.offset.z];
  const coarse = coarseLevel(count, options);
  const setup: Omit<BinningSetup, 'fields'> = {
    cube,
    scale,
    offset,
    layout,
    coarseLevel: coarse,
    countLevel: coarse > 0 ? COUNT_LEVEL : null,
  };
  const appenders: (RecordAppender | null)[] = new Array(1 << (3 * coarse)).fill(null);
  const bufferRecords = Math.max(64, Math.floor(APPEND_BUFFER_BYTES / recordSize));
  let read = 0;
  const write = ({ records, cells, ends }: BinnedRun, points: number) => {
    for (let k = 0, start = 0; k < cells.length; start = ends[k]!, k++) {
      const cell = cells[k]!;
      let appender = appenders[cell];
      if (!appender) {
        const side = 1 << coarse;
        const name = cellName(coarse, cell % side, (cell >> coarse) % side, cell >> (2 * coarse));
        appender = new RecordAppender(coarseFile(workDir, name), recordSize, bufferRecords);
        appenders[cell] = appender;
      }
      appender.append(records.subarray(start, ends[k]!));
    }
    read += points;
    options.onProgress?.(read, count);
  };

  let totals: BinTotals;
  try {
    totals = await binCloud(inputPath, header, setup, options, write);
  } catch (error) {
    // The partition is redone from the start; the files' descriptors must not outlive this one.
    for (const appender of appenders) appender?.abandon();
    throw error;
  }
  if (read !== count) {
    throw new Error(`The point cloud holds ${read} points but its header says ${count}`);
  }
  const cells: CellRef[] = [];
  for (const appender of appenders) {
    if (!appender) continue;
    appender.close();
    cells.push(cellOfFile(appender.file));
  }
  const { rawMin, rawMax } = totals;
  const bounds = {
    min: [0, 1, 2].map((a) => rawMin[a]! * scale[a]! + offset[a]!) as Vec3,
    max: [0, 1, 2].map((a) => rawMax[a]! * scale[a]! + offset[a]!) as Vec3,
  };
  const chunks: ChunkPlan[] = [];
  const deepest = Math.min(MAX_CHUNK_LEVEL, options.maxChunkLevel);
  if (totals.counts) {
    const root = { name: 'r', level: 0, x: 0, y: 0, z: 0 };
    planChunks(countPyramid(totals.counts), root, options.chunkPoints, deepest, chunks);
  } else {
    chunks.push({ ...cells[0]!, count });
  }
  return {
    plan: {
      version: WORK_FORMAT,
      pointCount: count,
      layout,
      scale,
      offset,
      cube,
      bounds,
      ranges: {
        intensity: totals.intensity,
        classification: totals.classification,
        gpsTime: layout.hasGpsTime ? totals.gpsTime : null,
        rgb: layout.hasRgb ? [totals.rgbMin, totals.rgbMax] : null,
      },
      coarse: cells,
      chunks,
    },
  };
}

/** Reads and bins every point, in worker threads when the cloud is more than one run. */
async function binCloud(
  inputPath: string,
  header: LasHeader,
  setup: Omit<BinningSetup, 'fields'>,
  options: PartitionOptions,
  write: (binned: BinnedRun, points: number) => void,
): Promise<BinTotals> {
  const runPoints = options.runPoints ?? RUN_POINTS;
  const threads = header.pointCount > runPoints ? (options.threads ?? 0) : 0;
  const runs = threads > 0 ? await planPointRuns(inputPath, header, runPoints) : null;
  if (runs) {
    const fields = lasRecordFields(header.pointFormat, header.pointRecordLength);
    return binRunsInThreads(runs, { ...setup, fields }, threads, (run, binned) =>
      write(binned, run.count),
    );
  }
  let binner: CellBinner | undefined;
  let reuse: Uint8Array | undefined;
  for await (const chunk of pointRecordChunks(inputPath, header)) {
    // A LAZ file is read with its decoder's record format.
    binner ??= new CellBinner({
      ...setup,
      fields: lasRecordFields(chunk.pointFormat, chunk.recordLength),
    });
    const binned = binner.bin(chunk.bytes, chunk.count, chunk.start, reuse);
    write(binned, chunk.count);
    reuse = binned.records;
  }
  if (!binner) throw new Error('The point cloud holds no points');
  return binner.result();
}

function cellOfFile(file: string): CellRef {
  const name = path.basename(file, '.pts');
  let x = 0;
  let y = 0;
  let z = 0;
  for (const digit of name.slice(1)) {
    const d = Number(digit);
    x = (x << 1) | ((d >> 2) & 1);
    y = (y << 1) | ((d >> 1) & 1);
    z = (z << 1) | (d & 1);
  }
  return { name, level: name.length - 1, x, y, z };
}

/** Point counts per cube of each level from `from` to COUNT_LEVEL (index x | y<<l | z<<2l). */
function countPyramid(fine: Uint32Array): Uint32Array[] {
  const pyramid: Uint32Array[] = [];
  pyramid[COUNT_LEVEL] = fine;
  for (let level = COUNT_LEVEL - 1; level >= 0; level--) {
    const below = pyramid[level + 1]!;
    const side = 1 << level;
    const counts = new Uint32Array(side * side * side);
    const belowSide = side * 2;
    for (let z = 0; z < belowSide; z++) {
      for (let y = 0; y < belowSide; y++) {
        for (let x = 0; x < belowSide; x++) {
          const c = below[x + y * belowSide + z * belowSide * belowSide]!;
          if (c) counts[(x >> 1) + (y >> 1) * side + (z >> 1) * side * side]! += c;
        }
      }
    }
    pyramid[level] = counts;
  }
  return pyramid;
}

function planChunks(
  pyramid: Uint32Array[],
  cell: CellRef,
  chunkPoints: number,
  deepest: number,
  out: ChunkPlan[],
) {
  const side = 1 << cell.level;
  const count = pyramid[cell.level]![cell.x + cell.y * side + cell.z * side * side]!;
  if (count === 0) return;
  if (count <= chunkPoints || cell.level >= deepest) {
    out.push({ ...cell, count });
    return;
  }
  for (let child = 0; child < 8; child++) {
    const x = cell.x * 2 + ((child >> 2) & 1);
    const y = cell.y * 2 + ((child >> 1) & 1);
    const z = cell.z * 2 + (child & 1);
    planChunks(
      pyramid,
      { name: cell.name + child, level: cell.level + 1, x, y, z },
      chunkPoints,
      deepest,
      out,
    );
  }
}

/** Writes the files of the coarse cells a chunk holds into the chunk's file. */
async function mergeCoarseCells(workDir: string, chunk: ChunkPlan, cells: CellRef[]) {
  const target = chunkFile(workDir, chunk.name);
  const out = await open(`${target}.tmp`, 'w');
  try {
    for (const cell of cells) {
      for await (const piece of readPieces(coarseFile(workDir, cell.name), 8 << 20)) {
        let written = 0;
        while (written < piece.length) {
          written += (await out.write(piece, written, piece.length - written)).bytesWritten;
        }
      }
    }
  } finally {
    await out.close();
  }
  await rename(`${target}.tmp`, target);
  for (const cell of cells) await rm(coarseFile(workDir, cell.name));
}

/** Reads a coarse cell's file and writes each point to its chunk's file. */
async function splitCoarseCell(
  workDir: string,
  plan: PartitionPlan,
  cell: CellRef,
  chunks: ChunkPlan[],
): Promise<void> {
  const recordSize = workRecordSize(plan.layout);
  const depth = COUNT_LEVEL - cell.level;
  const side = 1 << depth;
  // Fine cells of this coarse cell → the chunk holding them.
  const slots = new Int32Array(side * side * side).fill(-1);
  chunks.forEach((chunk, slot) => {
    const span = 1 << (COUNT_LEVEL - chunk.level);
    const x0 = (chunk.x << (COUNT_LEVEL - chunk.level)) - (cell.x << depth);
    const y0 = (chunk.y << (COUNT_LEVEL - chunk.level)) - (cell.y << depth);
    const z0 = (chunk.z << (COUNT_LEVEL - chunk.level)) - (cell.z << depth);
    for (let z = z0; z < z0 + span; z++) {
      for (let y = y0; y < y0 + span; y++) {
        for (let x = x0; x < x0 + span; x++) slots[x + y * side + z * side * side] = slot;
      }
    }
  });
  const bufferRecords = Math.max(64, Math.floor(APPEND_BUFFER_BYTES / recordSize));
  const appenders = chunks.map(
    (chunk) =>
      new RecordAppender(`${chunkFile(workDir, chunk.name)}.tmp`, recordSize, bufferRecords),
  );
  const levels = 2 ** QUANTIZE_BITS;
  const top = levels - 1;
  const factor = levels / plan.cube.size;
  const shift = QUANTIZE_BITS - COUNT_LEVEL;
  const [sx, sy, sz] = plan.scale;
  const [ox, oy, oz] = plan.offset;
  const [mx, my, mz] = plan.cube.min;
  const baseX = cell.x << depth;
  const baseY = cell.y << depth;
  const baseZ = cell.z << depth;
  const pieceRecords = 65_536;
  for await (const piece of readPieces(coarseFile(workDir, cell.name), pieceRecords * recordSize)) {
    const view = new DataView(piece.buffer, piece.byteOffset, piece.length);
    for (let at = 0; at + recordSize <= piece.length; at += recordSize) {
      const fx = quantize(view.getInt32(at + 4, true) * sx + ox - mx, factor, top) >>> shift;
      const fy = quantize(view.getInt32(at + 8, true) * sy + oy - my, factor, top) >>> shift;
      const fz = quantize(view.getInt32(at + 12, true) * sz + oz - mz, factor, top) >>> shift;
      const slot = slots[fx - baseX + (fy - baseY) * side + (fz - baseZ) * side * side]!;
      appenders[slot]!.put(piece.subarray(at, at + recordSize));
    }
  }
  for (const appender of appenders) appender.close();
  for (const chunk of chunks) {
    await rename(`${chunkFile(workDir, chunk.name)}.tmp`, chunkFile(workDir, chunk.name));
  }
}

function quantize(value: number, factor: number, top: number): number {
  const q = Math.floor(value * factor);
  return q < 0 ? 0 : Math.min(q, top);
}

/** Reads one chunk's points (for its build). */
export async function readChunk(workDir: string, plan: PartitionPlan, chunk: ChunkPlan) {
  const recordSize = workRecordSize(plan.layout);
  const points = allocateWorkPoints(chunk.count, plan.layout);
  let at = 0;
  for await (const piece of readPieces(chunkFile(workDir, chunk.name), 65_536 * recordSize)) {
    const n = Math.floor(piece.length / recordSize);
    if (at + n > chunk.count) throw new Error(`Chunk ${chunk.name} holds more points than planned`);
    readWorkRecords(piece, n, points, at, plan.layout);
    at += n;
  }
  if (at !== chunk.count)
    throw new Error(`Chunk ${chunk.name} holds ${at} of ${chunk.count} points`);
  return points;
}
