import { open, readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  childBox,
  HIERARCHY_RECORD_SIZE,
  NODE_TYPE_PROXY,
  type PotreeFileName,
  type PotreeMetadata,
  readHierarchyRecord,
  recordLayout,
} from './potree-format.ts';

/** Reads a Potree 2.0 cloud (DEFAULT encoding) from any byte source: node lookup and decoding. */

export interface PotreeSource {
  /** Bytes [start, end) of one of the three files; the whole file without a range. */
  read(file: PotreeFileName, range?: { start: number; end: number }): Promise<Uint8Array>;
}

export type Box3 = { min: [number, number, number]; max: [number, number, number] };

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
  /** Every node, breadth first. */
  nodes(): PotreeNode[];
  /** Nodes whose cube intersects `box` (z ignored when the box gives ±Infinity), to `maxDepth`. */
  nodesIntersecting(box: Box3, maxDepth?: number): PotreeNode[];
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

export async function openPotree(source: PotreeSource): Promise<PotreeCloud> {
  const metadata = JSON.parse(
    Buffer.from(await source.read('metadata.json')).toString('utf8'),
  ) as PotreeMetadata;
  if (metadata.version !== '2.0' || metadata.encoding !== 'DEFAULT') {
    throw new Error(
      `Unsupported Potree cloud: version ${metadata.version}, encoding ${metadata.encoding}`,
    );
  }
  const layout = recordLayout(metadata.attributes);
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
  await loadHierarchyChunk(source, root, 0, metadata.hierarchy.firstChunkSize);

  const nodes = () => {
    const order = [root];
    for (let i = 0; i < order.length; i++) {
      for (const child of order[i]!.children) if (child) order.push(child);
    }
    return order;
  };

  return {
    metadata,
    root,
    nodes,
    nodesIntersecting(box, maxDepth = Number.POSITIVE_INFINITY) {
      const found: PotreeNode[] = [];
      const stack = [root];
      while (stack.length > 0) {
        const node = stack.pop()!;
        if (!intersects(node.box, box)) continue;
        found.push(node);
        if (node.level >= maxDepth) continue;
        for (const child of node.children) if (child) stack.push(child);
      }
      return found;
    },
    async readNode(node) {
      const bytes =
        node.byteSize === 0
          ? new Uint8Array(0)
          : await source.read('octree.bin', {
              start: node.byteOffset,
              end: node.byteOffset + node.byteSize,
            });
      if (bytes.length !== node.numPoints * layout.size) {
        throw new Error(
          `Node ${node.name} holds ${bytes.length} bytes, expected ${node.numPoints * layout.size}`,
        );
      }
      return decodeNode(bytes, node.numPoints, layout, metadata);
    },
  };
}

async function loadHierarchyChunk(
  source: PotreeSource,
  first: PotreeNode,
  start: number,
  size: number,
): Promise<void> {
  const bytes = await source.read('hierarchy.bin', { start, end: start + size });
  if (bytes.length !== size || size % HIERARCHY_RECORD_SIZE !== 0) {
    throw new Error(`The hierarchy chunk at byte ${start} is incomplete`);
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  const order = [first];
  const proxies: { node: PotreeNode; start: number; size: number }[] = [];
  for (let i = 0; i < size / HIERARCHY_RECORD_SIZE; i++) {
    const node = order[i];
    if (!node) throw new Error('The hierarchy has more records than nodes');
    const record = readHierarchyRecord(view, i * HIERARCHY_RECORD_SIZE);
    node.numPoints = record.numPoints;
    node.childMask = record.childMask;
    node.children = [null, null, null, null, null, null, null, null];
    if (record.type === NODE_TYPE_PROXY) {
      proxies.push({ node, start: record.byteOffset, size: record.byteSize });
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
  for (const proxy of proxies)
    await loadHierarchyChunk(source, proxy.node, proxy.start, proxy.size);
}

function intersects(a: Box3, b: Box3): boolean {
  for (let axis = 0; axis < 3; axis++) {
    if (a.max[axis]! < b.min[axis]! || a.min[axis]! > b.max[axis]!) return false;
  }
  return true;
}

function decodeNode(
  bytes: Uint8Array,
  count: number,
  layout: ReturnType<typeof recordLayout>,
  metadata: PotreeMetadata,
): DecodedNode {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  const [sx, sy, sz] = metadata.scale;
  const [ox, oy, oz] = metadata.offset;
  const node: DecodedNode = {
    count,
    rawX: new Int32Array(count),
    rawY: new Int32Array(count),
    rawZ: new Int32Array(count),
    x: new Float64Array(count),
    y: new Float64Array(count),
    z: new Float64Array(count),
    intensity: layout.intensity >= 0 ? new Uint16Array(count) : null,
    classification: layout.classification >= 0 ? new Uint8Array(count) : null,
    gpsTime: layout.gpsTime >= 0 ? new Float64Array(count) : null,
    rgb: layout.rgb >= 0 ? new Uint16Array(count * 3) : null,
  };
  for (let i = 0, at = 0; i < count; i++, at += layout.size) {
    const p = at + layout.position;
    const rx = view.getInt32(p, true);
    const ry = view.getInt32(p + 4, true);
    const rz = view.getInt32(p + 8, true);
    node.rawX[i] = rx;
    node.rawY[i] = ry;
    node.rawZ[i] = rz;
    node.x[i] = rx * sx + ox;
    node.y[i] = ry * sy + oy;
    node.z[i] = rz * sz + oz;
    if (node.intensity) node.intensity[i] = view.getUint16(at + layout.intensity, true);
    if (node.classification) node.classification[i] = view.getUint8(at + layout.classification);
    if (node.gpsTime) node.gpsTime[i] = view.getFloat64(at + layout.gpsTime, true);
    if (node.rgb) {
      node.rgb[i * 3] = view.getUint16(at + layout.rgb, true);
      node.rgb[i * 3 + 1] = view.getUint16(at + layout.rgb + 2, true);
      node.rgb[i * 3 + 2] = view.getUint16(at + layout.rgb + 4, true);
    }
  }
  return node;
}
