import { closeSync, openSync, writeSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import {
  type OctreeNode,
  type OctreeOptions,
  quantizePoints,
  sampleOctree,
  samplingRules,
} from '../octree-builder.ts';
import {
  encodePotreeNode,
  type NodeAttributes,
  type PotreeEncoding,
} from '../potree-node-codec.ts';
import { type ChunkPlan, chunkFile, type PartitionPlan, readChunk } from './partition.ts';
import { rankOrder } from './point-order.ts';
import { writeFileAtomically } from './work-files.ts';
import { encodeWorkRecords } from './work-records.ts';

/** One chunk's octree, built in memory (in a worker thread) from its work file. */

export interface ChunkTask {
  workDir: string;
  plan: PartitionPlan;
  chunk: ChunkPlan;
  octree: OctreeOptions;
  attributes: NodeAttributes;
  encoding: PotreeEncoding;
  /** Brotli quality of BROTLI nodes (the codec's default when absent). */
  quality?: number;
}

export interface BuiltNode {
  name: string;
  numPoints: number;
  byteSize: number;
}

/** What `built/<chunk>.json` records: the chunk's nodes, in the order of their bytes. */
export interface BuiltChunk {
  name: string;
  points: number;
  nodes: BuiltNode[];
  /** Points the nodes above the chunk keep (in `built/<chunk>.above`). */
  above: number;
}

export const builtFiles = (workDir: string, name: string) => ({
  json: path.join(workDir, 'built', `${name}.json`),
  nodes: path.join(workDir, 'built', `${name}.bin`),
  above: path.join(workDir, 'built', `${name}.above`),
});

export async function buildChunk(task: ChunkTask): Promise<BuiltChunk> {
  const { workDir, plan, chunk } = task;
  const points = await readChunk(workDir, plan, chunk);
  const order = rankOrder(points.index, points.count);
  const quantized = quantizePoints(points, order, plan.cube, plan.scale, plan.offset);
  const sampled = sampleOctree(quantized, order, samplingRules(task.octree), {
    chunkLevel: chunk.level,
  });
  const files = builtFiles(workDir, chunk.name);
  const nodes: BuiltNode[] = [];
  const fd = openSync(`${files.nodes}.tmp`, 'w');
  try {
    for (const node of breadthFirst(sampled.root)) {
      const bytes = encodePotreeNode(task.encoding, task.attributes, points, node.points, {
        ...(task.quality === undefined ? {} : { quality: task.quality }),
      });
      let written = 0;
      while (written < bytes.length) {
        written += writeSync(fd, bytes, written, bytes.length - written);
      }
      nodes.push({ name: node.name, numPoints: node.points.length, byteSize: bytes.length });
    }
  } finally {
    closeSync(fd);
  }
  await writeFileAtomically(files.above, encodeWorkRecords(points, sampled.above, plan.layout));
  await rename(`${files.nodes}.tmp`, files.nodes);
  const built: BuiltChunk = {
    name: chunk.name,
    points: points.count,
    nodes,
    above: sampled.above.length,
  };
  // The record last: its presence means the chunk is done, and its points file can go.
  await writeFileAtomically(files.json, JSON.stringify(built));
  await rm(chunkFile(workDir, chunk.name), { force: true });
  return built;
}

/** Breadth first, children in index order: the order potree-core reads hierarchy records in. */
export function breadthFirst(root: OctreeNode | null): OctreeNode[] {
  if (!root) return [];
  const order = [root];
  for (let i = 0; i < order.length; i++) {
    for (const child of order[i]!.children) if (child) order.push(child);
  }
  return order;
}
