import {
  HIERARCHY_RECORD_SIZE,
  NODE_TYPE_LEAF,
  NODE_TYPE_NORMAL,
  NODE_TYPE_PROXY,
  writeHierarchyRecord,
} from '../potree-format.ts';

/**
 * hierarchy.bin in Potree 2.0 hierarchy chunks: the first chunk holds the nodes of levels
 * 0 … step−1 and those of level `step`; a node of level `step` with children is a proxy (type 2)
 * pointing at its own chunk, which starts with the node itself and goes `step` levels further,
 * and so on. The viewer's first request is therefore bounded by the top levels alone, whatever
 * the size of the cloud.
 */

export const HIERARCHY_STEP = 4;

export interface HierarchyNode {
  numPoints: number;
  byteOffset: number;
  byteSize: number;
}

export interface WrittenHierarchy {
  bytes: Uint8Array;
  firstChunkSize: number;
  depth: number;
  nodeCount: number;
}

export function writeHierarchy(
  nodes: Map<string, HierarchyNode>,
  step = HIERARCHY_STEP,
): WrittenHierarchy {
  const childMask = (name: string) => {
    let mask = 0;
    for (let c = 0; c < 8; c++) if (nodes.has(name + c)) mask |= 1 << c;
    return mask;
  };
  const chunks: { root: string; names: string[]; proxies: Set<string> }[] = [];
  const roots = nodes.has('r') ? ['r'] : [];
  let depth = 0;
  for (let r = 0; r < roots.length; r++) {
    const root = roots[r]!;
    const names = [root];
    const proxies = new Set<string>();
    for (let i = 0; i < names.length; i++) {
      const name = names[i]!;
      depth = Math.max(depth, name.length - 1);
      const mask = childMask(name);
      if (name !== root && name.length - root.length === step && mask !== 0) {
        proxies.add(name);
        roots.push(name);
        continue;
      }
      for (let c = 0; c < 8; c++) if (mask & (1 << c)) names.push(name + c);
    }
    chunks.push({ root, names, proxies });
  }
  const where = new Map<string, { offset: number; size: number }>();
  let total = 0;
  for (const chunk of chunks) {
    const size = chunk.names.length * HIERARCHY_RECORD_SIZE;
    where.set(chunk.root, { offset: total, size });
    total += size;
  }
  const view = new DataView(new ArrayBuffer(total));
  let at = 0;
  for (const chunk of chunks) {
    for (const name of chunk.names) {
      const node = nodes.get(name)!;
      const mask = childMask(name);
      if (chunk.proxies.has(name)) {
        const target = where.get(name)!;
        writeHierarchyRecord(view, at, {
          type: NODE_TYPE_PROXY,
          childMask: mask,
          numPoints: node.numPoints,
          byteOffset: target.offset,
          byteSize: target.size,
        });
      } else {
        writeHierarchyRecord(view, at, {
          type: mask === 0 ? NODE_TYPE_LEAF : NODE_TYPE_NORMAL,
          childMask: mask,
          numPoints: node.numPoints,
          byteOffset: node.byteOffset,
          byteSize: node.byteSize,
        });
      }
      at += HIERARCHY_RECORD_SIZE;
    }
  }
  return {
    bytes: new Uint8Array(view.buffer),
    firstChunkSize: chunks[0] ? chunks[0].names.length * HIERARCHY_RECORD_SIZE : 0,
    depth,
    nodeCount: nodes.size,
  };
}
