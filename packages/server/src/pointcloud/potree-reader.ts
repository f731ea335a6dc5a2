import { open, readFile } from 'node:fs/promises';
import path from 'node:path';
import { inParallel } from '../lib/in-parallel.ts';
import {
  childBox,
  HIERARCHY_RECORD_SIZE,
  NODE_TYPE_PROXY,
  POTREE_ENCODINGS,
  type PotreeFileName,
  type PotreeMetadata,
  readHierarchyRecord,
  recordLayout,
} from './potree-format.ts';
import { decodePotreeNode, type NodePoints } from './potree-node-codec.ts';

/**
 * Reads a Potree 2.0 cloud (DEFAULT or BROTLI encoding) from any byte source: node lookup and
 * decoding.
 */

export interface PotreeSource {
  /** Bytes [start, end) of one of the three files; the whole file without a range. */
  read(file: PotreeFileName, range?: { start: number; end: number }): Promise<Uint8Array>;
}

export type Box3 = { min: [number, number, number]; max: [number, number, number] };

/**
 * One octree node. Reached through `children` before its hierarchy chunk is read, a proxy node
 * has no children and byte range yet; the nodes that `nodes()` and `nodesIntersecting()` return
 * are complete, and `readNode` reads the chunk first when needed.
 */
export interface PotreeNode {
  name: string;
  level: number;
  box: Box3;
  numPoints: number;
  byteOffset: number;
  byteSize: number;
  childMask: number;
  children: (PotreeNode | null)[];
}

export interface DecodedNode {
  count: number;
  /** Raw stored integers; world = raw × scale + offset. */
  rawX: Int32Array;
  rawY: Int32Array;
  rawZ: Int32Array;
  x: Float64Array;
  y: Float64Array;
  z: Float64Array;
  intensity: Uint16Array | null;
  classification: Uint8Array | null;
  gpsTime: Float64Array | null;
  rgb: Uint16Array | null;
}

export interface PotreeCloud {
  metadata: PotreeMetadata;
  root: PotreeNode;
  /** Every node, breadth first; reads every hierarchy chunk not read yet. */
  nodes(): Promise<PotreeNode[]>;
  /**
   * Nodes whose cube intersects `box` (z ignored when the box gives ±Infinity), to `maxDepth`,
   * breadth first. Reads the hierarchy chunks of the nodes found only.
   */
  nodesIntersecting(box: Box3, maxDepth?: number): Promise<PotreeNode[]>;
  readNode(node: PotreeNode): Promise<DecodedNode>;
}

export function directorySource(directory: string): PotreeSource {
  return {
    async read(file, range) {
      const filePath = path.join(directory, file);
      if (!range) return readFile(filePath);
      const handle = await open(filePath, 'r');
      try {
        const buffer = Buffer.alloc(range.end - range.start);
        const { bytesRead } = await handle.read(buffer, 0, buffer.length, range.start);
        return buffer.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    },
  };
}

/** Hierarchy chunks read at once while a traversal goes down through proxy nodes. */
const HIERARCHY_READS_AT_ONCE = 8;

/** Where the hierarchy chunk of a proxy node lies in hierarchy.bin. */
type ChunkLocation = { start: number; size: number };

/**
 * Opens a cloud reading its metadata and the first hierarchy chunk only: the chunk of a proxy
 * node (deeper levels) is read when a traversal reaches that node, so a query over a small part
 * of a large cloud costs a few range reads, not one per chunk of the whole hierarchy.
 */
export async function openPotree(source: PotreeSource): Promise<PotreeCloud> {
  const metadata = JSON.parse(
    Buffer.from(await source.read('metadata.json')).toString('utf8'),
  ) as PotreeMetadata;
  if (metadata.version !== '2.0' || !POTREE_ENCODINGS.includes(metadata.encoding)) {
    throw new Error(
      `Unsupported Potree cloud: version ${metadata.version}, encoding ${metadata.encoding}`,
    );
  }
  // Checks the attributes name a position before any node is read.
  recordLayout(metadata.attributes);
  const root: PotreeNode = {
    name: 'r',
    level: 0,
    box: metadata.boundingBox,
    numPoints: 0,
    byteOffset: 0,
    byteSize: 0,
    childMask: 0,
    children: [],
  };
  // A proxy node's own byte range and children are known once its chunk is read.
  const unread = new Map<PotreeNode, ChunkLocation>();
  const reading = new Map<PotreeNode, Promise<void>>();
  await loadHierarchyChunk(
    source,
    root,
    { start: 0, size: metadata.hierarchy.firstChunkSize },
    unread,
  );

  const loadChunkOf = (node: PotreeNode): Promise<void> => {
    const chunk = unread.get(node);
    if (!chunk) return Promise.resolve();
    let read = reading.get(node);
    if (!read) {
      // Shared by concurrent traversals; forgotten once settled so a failed read can be retried.
      read = loadHierarchyChunk(source, node, chunk, unread).finally(() => reading.delete(node));
      reading.set(node, read);
    }
    return read;
  };

  /** Breadth first from the root through the nodes `keep` accepts, reading their chunks. */
  const collect = async (keep: (node: PotreeNode) => boolean, maxDepth: number) => {
    const found: PotreeNode[] = [];
    let level = [root];
    while (level.length > 0) {
      const kept = level.filter(keep);
      await inParallel(
        kept.filter((node) => unread.has(node)),
        HIERARCHY_READS_AT_ONCE,
        loadChunkOf,
      );
      found.push(...kept);
      level = [];
      for (const node of kept) {
        if (node.level >= maxDepth) continue;
        for (const child of node.children) if (child) level.push(child);
      }
    }
    return found;
  };

  return {
    metadata,
    root,
    nodes: () => collect(() => true, Number.POSITIVE_INFINITY),
    nodesIntersecting: (box, maxDepth = Number.POSITIVE_INFINITY) =>
      collect((node) => intersects(node.box, box), maxDepth),
    async readNode(node) {
      await loadChunkOf(node);
      const bytes =
        node.byteSize === 0
          ? new Uint8Array(0)
          : await source.read('octree.bin', {
              start: node.byteOffset,
              end: node.byteOffset + node.byteSize,
            });
      if (bytes.length !== node.byteSize) {
        throw new Error(`Node ${node.name} holds ${bytes.length} bytes, expected ${node.byteSize}`);
      }
      let points: NodePoints;
      try {
        points = decodePotreeNode(metadata.encoding, metadata.attributes, bytes, node.numPoints);
      } catch (error) {
        throw new Error(`Node ${node.name} cannot be read: ${(error as Error).message}`);
      }
      return toDecodedNode(points, metadata);
    },
  };
}

/**
 * Reads the chunk starting with `first` and fills in its nodes; the proxy nodes it names are
 * added to `unread`.
 */
async function loadHierarchyChunk(
  source: PotreeSource,
  first: PotreeNode,
  { start, size }: ChunkLocation,
  unread: Map<PotreeNode, ChunkLocation>,
): Promise<void> {
  const bytes = await source.read('hierarchy.bin', { start, end: start + size });
  if (bytes.length !== size || size % HIERARCHY_RECORD_SIZE !== 0) {
    throw new Error(`The hierarchy chunk at byte ${start} is incomplete`);
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  if (size > 0 && view.getUint8(0) === NODE_TYPE_PROXY) {
    // It would name another chunk for the same node, and a traversal could loop on it.
    throw new Error(`The hierarchy chunk at byte ${start} starts with a proxy node`);
  }
  unread.delete(first);
  const order = [first];
  for (let i = 0; i < size / HIERARCHY_RECORD_SIZE; i++) {
    const node = order[i];
    if (!node) throw new Error('The hierarchy has more records than nodes');
    const record = readHierarchyRecord(view, i * HIERARCHY_RECORD_SIZE);
    node.numPoints = record.numPoints;
    node.childMask = record.childMask;
    node.children = [null, null, null, null, null, null, null, null];
    if (record.type === NODE_TYPE_PROXY) {
      unread.set(node, { start: record.byteOffset, size: record.byteSize });
      continue;
    }
    node.byteOffset = record.byteOffset;
    node.byteSize = record.byteSize;
    for (let c = 0; c < 8; c++) {
      if (!(record.childMask & (1 << c))) continue;
      const child: PotreeNode = {
        name: node.name + c,
        level: node.level + 1,
        box: childBox(node.box.min, node.box.max, c),
        numPoints: 0,
        byteOffset: 0,
        byteSize: 0,
        childMask: 0,
        children: [],
      };
      node.children[c] = child;
      order.push(child);
    }
  }
}

function intersects(a: Box3, b: Box3): boolean {
  for (let axis = 0; axis < 3; axis++) {
    if (a.max[axis]! < b.min[axis]! || a.min[axis]! > b.max[axis]!) return false;
  }
  return true;
}

/** Adds world coordinates to the stored integers; drops the attributes the cloud lacks. */
function toDecodedNode(points: NodePoints, metadata: PotreeMetadata): DecodedNode {
  const { count } = points;
  const [sx, sy, sz] = metadata.scale;
  const [ox, oy, oz] = metadata.offset;
  const names = new Set(metadata.attributes.map((a) => a.name));
  const node: DecodedNode = {
    count,
    rawX: points.x,
    rawY: points.y,
    rawZ: points.z,
    x: new Float64Array(count),
    y: new Float64Array(count),
    z: new Float64Array(count),
    intensity: names.has('intensity') ? points.intensity : null,
    classification: names.has('classification') ? points.classification : null,
    gpsTime: points.gpsTime,
    rgb: points.rgb,
  };
  for (let i = 0; i < count; i++) {
    node.x[i] = points.x[i]! * sx + ox;
    node.y[i] = points.y[i]! * sy + oy;
    node.z[i] = points.z[i]! * sz + oz;
  }
  return node;
}
