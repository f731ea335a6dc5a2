import { mkdir, open, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { openPointCloudFile, type PointColumns } from '../lib/las/las-reader.ts';
import { buildOctree, type Octree, type OctreeNode, type OctreeOptions } from './octree-builder.ts';
import {
  HIERARCHY_RECORD_SIZE,
  NODE_TYPE_LEAF,
  NODE_TYPE_NORMAL,
  type PotreeAttribute,
  type PotreeMetadata,
  recordLayout,
  writeHierarchyRecord,
} from './potree-format.ts';

/**
 * Converts a LAS or LAZ file into the Potree 2.0 format (metadata.json, hierarchy.bin,
 * octree.bin; encoding DEFAULT). Positions are stored as the file's own int32 values with its
 * scale and offset, so coordinates keep their full precision. The whole hierarchy is one chunk.
 */

/** Points held in memory at once while building; larger clouds are refused before reading. */
export const MAX_IN_CORE_POINTS = 30_000_000;

export class PointCloudTooLargeError extends Error {
  override name = 'PointCloudTooLargeError';
}

export interface PotreeBuildOptions extends OctreeOptions {
  /** proj4 definition written as the metadata's projection ('' when unknown). */
  projection?: string;
  name?: string;
  /** Keep GPS time as an attribute when the file has it (default true). */
  gpsTime?: boolean;
  /** Overrides MAX_IN_CORE_POINTS (tests). */
  maxPoints?: number;
}

export interface PotreeBuildResult {
  pointCount: number;
  nodeCount: number;
  depth: number;
  spacing: number;
  /** Tight bounds of the points in the file's coordinates. */
  bounds: { min: [number, number, number]; max: [number, number, number] };
  attributes: string[];
  /** Bytes of metadata.json, hierarchy.bin and octree.bin. */
  bytes: { metadata: number; hierarchy: number; octree: number };
  metadata: PotreeMetadata;
}

interface PointTable extends PointColumns {
  scale: [number, number, number];
  offset: [number, number, number];
}

/** Builds the three Potree files of `inputPath` (LAS or LAZ) into `outputDir`. */
export async function buildPotreeFromLas(
  inputPath: string,
  outputDir: string,
  options: PotreeBuildOptions = {},
): Promise<PotreeBuildResult> {
  const table = await readPointTable(inputPath, options.maxPoints ?? MAX_IN_CORE_POINTS);
  if (options.gpsTime === false) table.gpsTime = null;
  return writePotree(table, outputDir, options);
}

async function readPointTable(inputPath: string, maxPoints: number): Promise<PointTable> {
  const file = await openPointCloudFile(inputPath);
  const { header } = file;
  const count = header.pointCount;
  if (count > maxPoints) {
    throw new PointCloudTooLargeError(
      `The point cloud holds ${count.toLocaleString('en-US')} points; level-of-detail building handles at most ${maxPoints.toLocaleString('en-US')}`,
    );
  }
  if (count === 0) throw new Error('The point cloud holds no points');
  const table: PointTable = {
    count,
    x: new Int32Array(count),
    y: new Int32Array(count),
    z: new Int32Array(count),
    intensity: new Uint16Array(count),
    classification: new Uint8Array(count),
    gpsTime: file.hasGpsTime ? new Float64Array(count) : null,
    rgb: file.hasRgb ? new Uint16Array(count * 3) : null,
    scale: [header.scale.x, header.scale.y, header.scale.z],
    offset: [header.offset.x, header.offset.y, header.offset.z],
  };
  let at = 0;
  for await (const chunk of file.chunks()) {
    if (at + chunk.count > count) {
      throw new Error(`The point cloud holds more points than its header's ${count}`);
    }
    table.x.set(chunk.x, at);
    table.y.set(chunk.y, at);
    table.z.set(chunk.z, at);
    table.intensity.set(chunk.intensity, at);
    table.classification.set(chunk.classification, at);
    if (table.gpsTime && chunk.gpsTime) table.gpsTime.set(chunk.gpsTime, at);
    if (table.rgb && chunk.rgb) table.rgb.set(chunk.rgb, at * 3);
    at += chunk.count;
  }
  if (at !== count) {
    throw new Error(`The point cloud holds ${at} points but its header says ${count}`);
  }
  return table;
}

async function writePotree(
  table: PointTable,
  outputDir: string,
  options: PotreeBuildOptions,
): Promise<PotreeBuildResult> {
  const octree = buildOctree(table, options);
  const attributes = describeAttributes(table, octree);
  const layout = recordLayout(attributes);
  await mkdir(outputDir, { recursive: true });

  const nodes = breadthFirst(octree.root);
  const hierarchy = new DataView(new ArrayBuffer(nodes.length * HIERARCHY_RECORD_SIZE));
  const octreeFile = await open(path.join(outputDir, 'octree.bin'), 'w');
  let byteOffset = 0;
  try {
    const batch = new Batch(octreeFile);
    for (const [i, node] of nodes.entries()) {
      const byteSize = node.points.length * layout.size;
      encodeNode(table, node.points, layout, batch.reserve(byteSize));
      let childMask = 0;
      for (let c = 0; c < 8; c++) if (node.children[c]) childMask |= 1 << c;
      writeHierarchyRecord(hierarchy, i * HIERARCHY_RECORD_SIZE, {
        type: childMask === 0 ? NODE_TYPE_LEAF : NODE_TYPE_NORMAL,
        childMask,
        numPoints: node.points.length,
        byteOffset,
        byteSize,
      });
      byteOffset += byteSize;
      await batch.drain();
    }
    await batch.flush();
  } finally {
    await octreeFile.close();
  }
  const hierarchyBytes = new Uint8Array(hierarchy.buffer);
  await writeFile(path.join(outputDir, 'hierarchy.bin'), hierarchyBytes);

  const metadata: PotreeMetadata = {
    version: '2.0',
    name: options.name ?? 'pointcloud',
    description: '',
    points: table.count,
    projection: options.projection ?? '',
    hierarchy: {
      firstChunkSize: hierarchyBytes.length,
      // One chunk holds the whole hierarchy; the step covers every level.
      stepSize: octree.depth + 1,
      depth: octree.depth,
    },
    offset: table.offset,
    scale: table.scale,
    spacing: octree.spacing,
    boundingBox: octree.cube,
    encoding: 'DEFAULT',
    attributes,
  };
  const metadataText = JSON.stringify(metadata, null, '\t');
  await writeFile(path.join(outputDir, 'metadata.json'), metadataText);
  return {
    pointCount: table.count,
    nodeCount: nodes.length,
    depth: octree.depth,
    spacing: octree.spacing,
    bounds: octree.bounds,
    attributes: attributes.map((a) => a.name),
    bytes: {
      metadata: Buffer.byteLength(metadataText),
      hierarchy: hierarchyBytes.length,
      octree: byteOffset,
    },
    metadata,
  };
}

/** Breadth first, children in index order: the order potree-core reads hierarchy records in. */
function breadthFirst(root: OctreeNode): OctreeNode[] {
  const order = [root];
  for (let i = 0; i < order.length; i++) {
    for (const child of order[i]!.children) if (child) order.push(child);
  }
  return order;
}

function describeAttributes(table: PointTable, octree: Octree): PotreeAttribute[] {
  const attributes: PotreeAttribute[] = [
    attribute('position', 'int32', 4, 3, octree.bounds.min, octree.bounds.max),
    attribute('intensity', 'uint16', 2, 1, ...range(table.intensity, 1)),
    attribute('classification', 'uint8', 1, 1, ...range(table.classification, 1)),
  ];
  if (table.gpsTime)
    attributes.push(attribute('gps-time', 'double', 8, 1, ...range(table.gpsTime, 1)));
  if (table.rgb) attributes.push(attribute('rgb', 'uint16', 2, 3, ...range(table.rgb, 3)));
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

function range(values: ArrayLike<number>, elements: number): [number[], number[]] {
  const min = new Array<number>(elements).fill(Number.POSITIVE_INFINITY);
  const max = new Array<number>(elements).fill(Number.NEGATIVE_INFINITY);
  for (let i = 0; i < values.length; i++) {
    const e = i % elements;
    const v = values[i]!;
    if (v < min[e]!) min[e] = v;
    if (v > max[e]!) max[e] = v;
  }
  return [min, max];
}

function encodeNode(
  table: PointTable,
  points: Uint32Array,
  layout: ReturnType<typeof recordLayout>,
  target: DataView,
) {
  const { x, y, z, intensity, classification, gpsTime, rgb } = table;
  const size = layout.size;
  for (let k = 0, at = 0; k < points.length; k++, at += size) {
    const i = points[k]!;
    target.setInt32(at + layout.position, x[i]!, true);
    target.setInt32(at + layout.position + 4, y[i]!, true);
    target.setInt32(at + layout.position + 8, z[i]!, true);
    target.setUint16(at + layout.intensity, intensity[i]!, true);
    target.setUint8(at + layout.classification, classification[i]!);
    if (gpsTime) target.setFloat64(at + layout.gpsTime, gpsTime[i]!, true);
    if (rgb) {
      target.setUint16(at + layout.rgb, rgb[i * 3]!, true);
      target.setUint16(at + layout.rgb + 2, rgb[i * 3 + 1]!, true);
      target.setUint16(at + layout.rgb + 4, rgb[i * 3 + 2]!, true);
    }
  }
}

/** Collects node records into large writes. */
class Batch {
  private buffer = new Uint8Array(8 * 1024 * 1024);
  private used = 0;
  constructor(private readonly file: Awaited<ReturnType<typeof open>>) {}

  reserve(size: number): DataView {
    if (size > this.buffer.length - this.used) {
      this.pending.push(this.buffer.subarray(0, this.used));
      this.buffer = new Uint8Array(Math.max(size, 8 * 1024 * 1024));
      this.used = 0;
    }
    const view = new DataView(this.buffer.buffer, this.used, size);
    this.used += size;
    return view;
  }

  private pending: Uint8Array[] = [];

  /** Writes the filled buffers, keeping the one being filled. */
  async drain(): Promise<void> {
    for (const part of this.pending) if (part.length > 0) await this.file.write(part);
    this.pending = [];
  }

  async flush(): Promise<void> {
    this.pending.push(this.buffer.subarray(0, this.used));
    for (const part of this.pending) if (part.length > 0) await this.file.write(part);
    this.pending = [];
    this.used = 0;
  }
}
