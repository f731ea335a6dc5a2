/**
 * The Potree 2.0 format (as written by PotreeConverter 2 and read by potree-core's Potree 2
 * loader): `metadata.json`, `hierarchy.bin` (22-byte node records, breadth first per chunk) and
 * `octree.bin` (every node's points, in either encoding — see potree-node-codec.ts).
 */

export const POTREE_FORMAT = 'potree-2.0';
export const POTREE_FILES = ['metadata.json', 'hierarchy.bin', 'octree.bin'] as const;
export type PotreeFileName = (typeof POTREE_FILES)[number];

export const HIERARCHY_RECORD_SIZE = 22;
export const NODE_TYPE_NORMAL = 0;
export const NODE_TYPE_LEAF = 1;
export const NODE_TYPE_PROXY = 2;

/** How `octree.bin` stores a node's points: DEFAULT (plain records) or BROTLI (compressed). */
export type PotreeEncoding = 'DEFAULT' | 'BROTLI';
export const POTREE_ENCODINGS: readonly PotreeEncoding[] = ['DEFAULT', 'BROTLI'];

export type PotreeAttributeType = 'int32' | 'uint16' | 'uint8' | 'double';

export interface PotreeAttribute {
  name: string;
  description: string;
  size: number;
  numElements: number;
  elementSize: number;
  type: PotreeAttributeType;
  min: number[];
  max: number[];
}

export interface PotreeMetadata {
  version: '2.0';
  name: string;
  description: string;
  points: number;
  /** proj4 definition of the coordinates, or '' when unknown. */
  projection: string;
  hierarchy: { firstChunkSize: number; stepSize: number; depth: number };
  offset: [number, number, number];
  scale: [number, number, number];
  spacing: number;
  /** The octree's cube (not the tight bounds); child cubes are its halves. */
  boundingBox: { min: [number, number, number]; max: [number, number, number] };
  encoding: PotreeEncoding;
  attributes: PotreeAttribute[];
}

export interface HierarchyRecord {
  type: number;
  childMask: number;
  numPoints: number;
  byteOffset: number;
  byteSize: number;
}

export function writeHierarchyRecord(view: DataView, at: number, record: HierarchyRecord): void {
  view.setUint8(at, record.type);
  view.setUint8(at + 1, record.childMask);
  view.setUint32(at + 2, record.numPoints, true);
  view.setBigInt64(at + 6, BigInt(record.byteOffset), true);
  view.setBigInt64(at + 14, BigInt(record.byteSize), true);
}

export function readHierarchyRecord(view: DataView, at: number): HierarchyRecord {
  return {
    type: view.getUint8(at),
    childMask: view.getUint8(at + 1),
    numPoints: view.getUint32(at + 2, true),
    byteOffset: Number(view.getBigInt64(at + 6, true)),
    byteSize: Number(view.getBigInt64(at + 14, true)),
  };
}

/**
 * The cube of child `index` (0–7) of a node: bit 2 selects the upper half in x, bit 1 in y,
 * bit 0 in z — the order potree-core and Potree use.
 */
export function childBox(
  min: readonly [number, number, number],
  max: readonly [number, number, number],
  index: number,
): { min: [number, number, number]; max: [number, number, number] } {
  const cmin: [number, number, number] = [min[0], min[1], min[2]];
  const cmax: [number, number, number] = [max[0], max[1], max[2]];
  const axes: [number, number][] = [
    [0, 4],
    [1, 2],
    [2, 1],
  ];
  for (const [axis, bit] of axes) {
    const middle = (min[axis]! + max[axis]!) / 2;
    if (index & bit) cmin[axis] = middle;
    else cmax[axis] = middle;
  }
  return { min: cmin, max: cmax };
}

/** Byte layout of one point record for the attributes present. */
export interface RecordLayout {
  size: number;
  position: number;
  intensity: number;
  classification: number;
  /** -1 when absent. */
  gpsTime: number;
  rgb: number;
}

export function recordLayout(attributes: readonly { name: string; size: number }[]): RecordLayout {
  const layout: RecordLayout = {
    size: 0,
    position: -1,
    intensity: -1,
    classification: -1,
    gpsTime: -1,
    rgb: -1,
  };
  for (const attribute of attributes) {
    if (attribute.name === 'position') layout.position = layout.size;
    else if (attribute.name === 'intensity') layout.intensity = layout.size;
    else if (attribute.name === 'classification') layout.classification = layout.size;
    else if (attribute.name === 'gps-time') layout.gpsTime = layout.size;
    else if (attribute.name === 'rgb') layout.rgb = layout.size;
    layout.size += attribute.size;
  }
  if (layout.position === -1) throw new Error('The Potree attributes have no position');
  return layout;
}
