import { existsSync } from 'node:fs';
import { mkdir, open, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  type OctreeNode,
  type OctreeOptions,
  quantizePoints,
  sampleOctree,
  samplingRules,
} from '../octree-builder.ts';
import type { PotreeAttribute, PotreeMetadata } from '../potree-format.ts';
import { BROTLI_QUALITY, encodePotreeNode, type PotreeEncoding } from '../potree-node-codec.ts';
import { type BuiltChunk, breadthFirst, builtFiles, type ChunkTask } from './build-chunk.ts';
import { buildChunks } from './chunk-pool.ts';
import { HIERARCHY_STEP, type HierarchyNode, writeHierarchy } from './hierarchy.ts';
import { type ChunkPlan, type PartitionPlan, partitionCloud } from './partition.ts';
import { rankOrder } from './point-order.ts';
import { readPieces } from './work-files.ts';
import { allocateWorkPoints, readWorkRecords, workRecordSize } from './work-records.ts';

/**
 * Out-of-core Potree 2.0 build with bounded memory, whatever the size of the cloud:
 * 1. partition (partition.ts): one read of the file into chunk files on disk;
 * 2. each chunk's octree, in worker threads (build-chunk.ts), its nodes encoded to disk, the
 *    first ones while the partition still splits the coarse cells that hold several chunks;
 * 3. the levels above the chunks, sampled from the candidates the chunks handed up;
 * 4. octree.bin (top nodes, then every chunk's nodes), hierarchy.bin (hierarchy chunks with
 *    proxy nodes) and metadata.json.
 * Every step leaves its results in `workDir` under names that say they are complete, so a build
 * started again on the same `workDir` (after its process was killed) reuses them.
 */

export interface LodBuildProgress {
  phase: 'reading' | 'building';
  points: number;
  total: number;
}

export interface LodBuildOptions extends OctreeOptions {
  /** Work files; a build given the same directory again resumes. */
  workDir: string;
  /** proj4 definition written as the metadata's projection ('' when unknown). */
  projection?: string;
  name?: string;
  /** Keep GPS time as an attribute when the file has it (default true). */
  gpsTime?: boolean;
  encoding?: PotreeEncoding;
  /** Brotli quality of BROTLI nodes (default: the codec's BROTLI_QUALITY). */
  quality?: number;
  /** Most points per chunk, built in memory by one thread (default 4,000,000). */
  chunkPoints?: number;
  /** Worker threads building chunks (default: the available parallelism; 0 = this thread). */
  threads?: number;
  onProgress?: (progress: LodBuildProgress) => void;
  /** Runs after each chunk is built and recorded (tests interrupt a build here). */
  onChunkBuilt?: (chunk: BuiltChunk) => void;
  /** Levels per hierarchy chunk (default HIERARCHY_STEP). */
  hierarchyStep?: number;
}

export interface LodBuildResult {
  pointCount: number;
  nodeCount: number;
  depth: number;
  spacing: number;
  bounds: { min: [number, number, number]; max: [number, number, number] };
  attributes: string[];
  bytes: { metadata: number; hierarchy: number; octree: number };
  metadata: PotreeMetadata;
  chunks: { total: number; built: number; reused: number };
}

export const DEFAULT_CHUNK_POINTS = 4_000_000;
export const DEFAULT_ENCODING: PotreeEncoding = 'BROTLI';

export async function buildLod(
  inputPath: string,
  outputDir: string,
  options: LodBuildOptions,
): Promise<LodBuildResult> {
  const rules = samplingRules(options);
  // A cube is cut into chunks only when it holds more than chunkPoints; the levels above it take
  // at most grid³/7 of them, so more than a leaf's worth remain and no top-level node is a leaf.
  const chunkPoints = Math.max(
    options.chunkPoints ?? DEFAULT_CHUNK_POINTS,
    rules.leafCapacity + Math.ceil(rules.grid ** 3 / 7) + 1,
  );
  const encoding = options.encoding ?? DEFAULT_ENCODING;
  const threads = options.threads ?? os.availableParallelism();
  const quality = options.quality ?? BROTLI_QUALITY;
  // Only what a worker needs crosses to it (functions cannot).
  const octreeOptions = {
    grid: rules.grid,
    leafCapacity: rules.leafCapacity,
    maxNodePoints: rules.maxNodePoints,
  };
  const { workDir } = options;
  await mkdir(path.join(workDir, 'built'), { recursive: true });

  const partition = await partitionCloud(inputPath, workDir, {
    chunkPoints,
    maxChunkLevel: rules.gridBits,
    threads,
    onProgress: (points, total) => options.onProgress?.({ phase: 'reading', points, total }),
  });
  const { plan } = partition;
  const attributes = describeAttributes(plan, options.gpsTime !== false);

  // Chunks a previous run finished are taken as they are.
  const built = new Map<string, BuiltChunk>();
  let reused = 0;
  let pointsDone = 0;
  const tasksOf = async (chunks: readonly ChunkPlan[]): Promise<ChunkTask[]> => {
    const tasks: ChunkTask[] = [];
    for (const chunk of chunks) {
      const record = builtFiles(workDir, chunk.name).json;
      if (existsSync(record)) {
        const done: BuiltChunk = JSON.parse(await readFile(record, 'utf8'));
        built.set(chunk.name, done);
        reused++;
        pointsDone += done.points;
      } else {
        tasks.push({ workDir, plan, chunk, octree: octreeOptions, attributes, encoding, quality });
      }
    }
    return tasks;
  };
  const ready = await tasksOf(partition.ready);
  options.onProgress?.({ phase: 'building', points: pointsDone, total: plan.pointCount });
  // The coarse cells still to split are split while the worker threads build the chunks ready.
  await buildChunks(
    ready,
    threads,
    (chunk) => {
      built.set(chunk.name, chunk);
      pointsDone += chunk.points;
      options.onProgress?.({ phase: 'building', points: pointsDone, total: plan.pointCount });
      options.onChunkBuilt?.(chunk);
    },
    (async function* () {
      for await (const chunks of partition.splits) yield await tasksOf(chunks);
    })(),
  );

  await mkdir(outputDir, { recursive: true });
  const nodes = new Map<string, HierarchyNode>();
  const octreePath = path.join(outputDir, 'octree.bin');
  const octree = await open(octreePath, 'w');
  let byteOffset = 0;
  const append = async (bytes: Uint8Array) => {
    let written = 0;
    while (written < bytes.length) {
      written += (await octree.write(bytes, written, bytes.length - written)).bytesWritten;
    }
    byteOffset += bytes.length;
  };
  try {
    // The levels above the chunks first: the viewer's first nodes sit at the file's start.
    const top = await sampleTopLevels(plan, built, rules, workDir);
    for (const node of breadthFirst(top.root)) {
      const bytes = encodePotreeNode(encoding, attributes, top.points, node.points, { quality });
      nodes.set(node.name, { numPoints: node.points.length, byteOffset, byteSize: bytes.length });
      await append(bytes);
    }
    for (const chunk of plan.chunks) {
      const record = built.get(chunk.name)!;
      let at = byteOffset;
      for (const node of record.nodes) {
        nodes.set(node.name, {
          numPoints: node.numPoints,
          byteOffset: at,
          byteSize: node.byteSize,
        });
        at += node.byteSize;
      }
      for await (const piece of readPieces(builtFiles(workDir, chunk.name).nodes, 8 << 20)) {
        await append(piece);
      }
      if (byteOffset !== at) throw new Error(`The nodes of chunk ${chunk.name} are incomplete`);
    }
  } finally {
    await octree.close();
  }
  // A cube above chunks whose points all went higher still links them to the root.
  for (const name of [...nodes.keys()]) {
    for (let end = name.length - 1; end >= 1; end--) {
      const ancestor = name.slice(0, end);
      if (nodes.has(ancestor)) break;
      nodes.set(ancestor, { numPoints: 0, byteOffset: 0, byteSize: 0 });
    }
  }
  const step = options.hierarchyStep ?? HIERARCHY_STEP;
  const hierarchy = writeHierarchy(nodes, step);
  await writeFile(path.join(outputDir, 'hierarchy.bin'), hierarchy.bytes);

  const cubeMax = plan.cube.min.map((v) => v + plan.cube.size) as [number, number, number];
  const metadata: PotreeMetadata = {
    version: '2.0',
    name: options.name ?? 'pointcloud',
    description: '',
    points: plan.pointCount,
    projection: options.projection ?? '',
    hierarchy: {
      firstChunkSize: hierarchy.firstChunkSize,
      stepSize: step,
      depth: hierarchy.depth,
    },
    offset: plan.offset,
    scale: plan.scale,
    spacing: plan.cube.size / rules.grid,
    boundingBox: { min: plan.cube.min, max: cubeMax },
    encoding,
    attributes,
  };
  const metadataText = JSON.stringify(metadata, null, '\t');
  await writeFile(path.join(outputDir, 'metadata.json'), metadataText);
  return {
    pointCount: plan.pointCount,
    nodeCount: hierarchy.nodeCount,
    depth: hierarchy.depth,
    spacing: metadata.spacing,
    bounds: plan.bounds,
    attributes: attributes.map((a) => a.name),
    bytes: {
      metadata: Buffer.byteLength(metadataText),
      hierarchy: hierarchy.bytes.length,
      octree: byteOffset,
    },
    metadata,
    chunks: { total: plan.chunks.length, built: plan.chunks.length - reused, reused },
  };
}

/** The nodes above the chunks, sampled again (with the node cap) from the chunks' candidates. */
async function sampleTopLevels(
  plan: PartitionPlan,
  built: Map<string, BuiltChunk>,
  rules: ReturnType<typeof samplingRules>,
  workDir: string,
): Promise<{ root: OctreeNode | null; points: ReturnType<typeof allocateWorkPoints> }> {
  const total = plan.chunks.reduce((sum, chunk) => sum + built.get(chunk.name)!.above, 0);
  const points = allocateWorkPoints(total, plan.layout);
  if (total === 0) return { root: null, points };
  const recordSize = workRecordSize(plan.layout);
  let at = 0;
  for (const chunk of plan.chunks) {
    for await (const piece of readPieces(
      builtFiles(workDir, chunk.name).above,
      65_536 * recordSize,
    )) {
      const n = Math.floor(piece.length / recordSize);
      readWorkRecords(piece, n, points, at, plan.layout);
      at += n;
    }
  }
  if (at !== total) throw new Error('The candidates of the top levels are incomplete');
  const chunkCubes = new Set(plan.chunks.map((c) => `${c.level}/${c.x}/${c.y}/${c.z}`));
  const order = rankOrder(points.index, total);
  const quantized = quantizePoints(points, order, plan.cube, plan.scale, plan.offset);
  const sampled = sampleOctree(quantized, order, rules, {
    isChunk: (level, x, y, z) => chunkCubes.has(`${level}/${x}/${y}/${z}`),
  });
  return { root: sampled.root, points };
}

function describeAttributes(plan: PartitionPlan, keepGpsTime: boolean): PotreeAttribute[] {
  const { ranges, bounds } = plan;
  const attributes: PotreeAttribute[] = [
    attribute('position', 'int32', 4, 3, bounds.min, bounds.max),
    attribute('intensity', 'uint16', 2, 1, [ranges.intensity[0]], [ranges.intensity[1]]),
    attribute(
      'classification',
      'uint8',
      1,
      1,
      [ranges.classification[0]],
      [ranges.classification[1]],
    ),
  ];
  if (ranges.gpsTime && keepGpsTime) {
    attributes.push(
      attribute('gps-time', 'double', 8, 1, [ranges.gpsTime[0]], [ranges.gpsTime[1]]),
    );
  }
  if (ranges.rgb) attributes.push(attribute('rgb', 'uint16', 2, 3, ranges.rgb[0], ranges.rgb[1]));
  return attributes;
}

function attribute(
  name: string,
  type: PotreeAttribute['type'],
  elementSize: number,
  numElements: number,
  min: number[],
  max: number[],
): PotreeAttribute {
  return {
    name,
    description: '',
    size: elementSize * numElements,
    numElements,
    elementSize,
    type,
    min,
    max,
  };
}
