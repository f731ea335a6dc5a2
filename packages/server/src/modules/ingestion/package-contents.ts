import type { FileHandle } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import {
  CAMERAS,
  type Camera,
  IMAGE_COLUMNS,
  imagePath,
  PackageFormatError,
} from '../../device-packages/manifest.ts';
import type { OpenedPackage } from '../../device-packages/package-reader.ts';
import {
  assertPointDataComplete,
  LasFormatError,
  type LasHeader,
  readLasHeader,
} from '../../lib/las/las-header.ts';
import { lazChunkTableStart, readLazChunkLayout } from '../../lib/las/laz-chunk-table.ts';

/** Readers of the entries inside an opened package; each streams, none loads a cloud. */

/** Bytes read from the start of a point cloud to check its header and VLRs. */
const LAS_HEAD_BYTES = 256 * 1024;

async function readHead(pkg: OpenedPackage, name: string, bytes: number): Promise<Buffer> {
  const stream = await pkg.readEntry(name);
  const chunks: Buffer[] = [];
  let length = 0;
  try {
    for await (const chunk of stream) {
      chunks.push(chunk as Buffer);
      length += (chunk as Buffer).length;
      if (length >= bytes) break;
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(chunks).subarray(0, bytes);
}

/** A chunk table larger than this (millions of chunks) is left to the level-of-detail build. */
const MAX_CHUNK_TABLE_BYTES = 16 * 1024 * 1024;

/**
 * A read-only file handle over an entry, for the readers that read by position. The entry's head
 * is read already; a read past it fetches the entry from there to its end (kept for the reads
 * after it) when that is at most `maxTail` bytes. Bytes elsewhere read as absent, which those
 * readers tolerate.
 */
function entryHandle(
  pkg: OpenedPackage,
  name: string,
  size: number,
  head: Buffer,
  maxTail = 0,
): FileHandle {
  let tail: { at: number; bytes: Buffer } = { at: size, bytes: Buffer.alloc(0) };
  return {
    stat: async () => ({ size }),
    read: async (buffer: Buffer, offset: number, length: number, position: number) => {
      if (position >= head.length && position < tail.at && size - position <= maxTail) {
        tail = { at: position, bytes: await pkg.readEntryTail(name, size - position) };
      }
      const piece = position < head.length ? { at: 0, bytes: head } : tail;
      const end = Math.min(piece.at + piece.bytes.length, position + length);
      if (position < piece.at || end <= position) return { bytesRead: 0, buffer };
      piece.bytes.copy(buffer, offset, position - piece.at, end - piece.at);
      return { bytesRead: end - position, buffer };
    },
  } as unknown as FileHandle;
}

/**
 * Reads the LAS/LAZ header of a point-cloud entry from its first bytes and checks it against the
 * entry's size: an uncompressed LAS must hold every record its header promises. A LAZ file's
 * compressed size says nothing about its point count: its chunk table (at its end) must list
 * chunks that hold every point, or its points could not be decoded.
 */
export async function checkPointCloudEntry(pkg: OpenedPackage, name: string): Promise<LasHeader> {
  const entry = pkg.entry(name);
  if (!entry) throw new PackageFormatError(`${name} is not in the package`);
  const head = await readHead(pkg, name, LAS_HEAD_BYTES);
  // Records past the head (LAS 1.4 extended VLRs, at the end) read as absent here.
  const header = await readLasHeader(entryHandle(pkg, name, entry.size, head));
  assertPointDataComplete(header, entry.size);
  if (header.compressed) await checkLazChunkTable(pkg, name, header, head, entry.size);
  return header;
}

async function checkLazChunkTable(
  pkg: OpenedPackage,
  name: string,
  header: LasHeader,
  head: Buffer,
  size: number,
): Promise<void> {
  // VLRs longer than the head leave the table's position unread here; the build will say.
  if (header.offsetToPointData + 8 > head.length) return;
  const handle = entryHandle(pkg, name, size, head, MAX_CHUNK_TABLE_BYTES);
  const tableStart = await lazChunkTableStart(handle, header, size);
  if (tableStart > header.offsetToPointData && size - tableStart > MAX_CHUNK_TABLE_BYTES) return;
  const layout = await readLazChunkLayout(handle, header, size);
  if ('unavailable' in layout) {
    throw new LasFormatError(
      `The LAZ chunk table is missing or damaged (${layout.unavailable}): its points cannot be decoded`,
    );
  }
}

async function* csvRows(pkg: OpenedPackage, name: string) {
  const lines = createInterface({ input: await pkg.readEntry(name), crlfDelay: Infinity });
  let lineNumber = 0;
  for await (const line of lines) {
    lineNumber++;
    if (line.trim() === '') continue;
    yield { lineNumber, cells: line.split(',').map((cell) => cell.trim()) };
  }
}

function columnIndexes<T extends string>(
  name: string,
  header: string[] | undefined,
  wanted: readonly T[],
) {
  if (!header) throw new PackageFormatError(`${name} is empty`);
  const indexes = {} as Record<T, number>;
  for (const column of wanted) {
    const index = header.indexOf(column);
    if (index === -1) throw new PackageFormatError(`${name} has no ${column} column`);
    indexes[column] = index;
  }
  return indexes;
}

function numberCell(name: string, line: number, column: string, text: string | undefined) {
  const value = text === undefined || text === '' ? Number.NaN : Number(text);
  if (!Number.isFinite(value)) {
    throw new PackageFormatError(`${name} line ${line}: ${column} is not a number`);
  }
  return value;
}

/** The [lon, lat] vertices of a trajectory CSV in file order. */
export async function readTrajectory(pkg: OpenedPackage, name: string): Promise<number[][]> {
  const coordinates: number[][] = [];
  let columns: Record<'lat' | 'lon', number> | undefined;
  for await (const { lineNumber, cells } of csvRows(pkg, name)) {
    if (!columns) {
      columns = columnIndexes(name, cells, ['lat', 'lon'] as const);
      continue;
    }
    const lat = numberCell(name, lineNumber, 'lat', cells[columns.lat]);
    const lon = numberCell(name, lineNumber, 'lon', cells[columns.lon]);
    if (Math.abs(lat) > 90 || Math.abs(lon) > 180) {
      throw new PackageFormatError(`${name} line ${lineNumber}: lat/lon out of range`);
    }
    coordinates.push([lon, lat]);
  }
  if (coordinates.length === 0) throw new PackageFormatError(`${name} holds no positions`);
  // A LineString needs two positions; a scan that never moved has the same one twice.
  if (coordinates.length === 1) coordinates.push([...coordinates[0]!]);
  return coordinates;
}

/** One frame of one scan: its position and the cameras that took it. */
export interface ImageFrame {
  scanId: string;
  frame: number;
  frameId: string;
  gpsTime: number;
  x: number;
  y: number;
  z: number;
  lat: number;
  lon: number;
  cameras: Partial<Record<Camera, { jpegRotation: number; entry: string }>>;
}

/**
 * The frames of `images.csv`, grouped by scan and frame; every row must name a scan of the
 * manifest, a known camera and an image present in the package.
 */
export async function readImageFrames(
  pkg: OpenedPackage,
  name: string,
  scanIds: ReadonlySet<string>,
): Promise<ImageFrame[]> {
  if (!pkg.has(name)) throw new PackageFormatError(`${name} is missing`);
  const frames = new Map<string, ImageFrame>();
  let columns: Record<(typeof IMAGE_COLUMNS)[number], number> | undefined;
  for await (const { lineNumber, cells } of csvRows(pkg, name)) {
    if (!columns) {
      columns = columnIndexes(name, cells, IMAGE_COLUMNS);
      continue;
    }
    const cell = (column: (typeof IMAGE_COLUMNS)[number]) => cells[columns![column]] ?? '';
    const num = (column: (typeof IMAGE_COLUMNS)[number]) =>
      numberCell(name, lineNumber, column, cell(column));
    const scanId = cell('scan_id');
    if (!scanIds.has(scanId)) {
      throw new PackageFormatError(
        `${name} line ${lineNumber}: scan ${scanId} is not in the manifest`,
      );
    }
    const frameId = cell('frame_id');
    if (!/^\d{1,9}$/.test(frameId)) {
      throw new PackageFormatError(
        `${name} line ${lineNumber}: frame_id ${frameId} is not a frame number`,
      );
    }
    const camera = cell('camera') as Camera;
    if (!CAMERAS.includes(camera)) {
      throw new PackageFormatError(
        `${name} line ${lineNumber}: camera ${camera} is not one of ${CAMERAS.join(', ')}`,
      );
    }
    const entry = imagePath(scanId, camera, frameId);
    if (!pkg.has(entry)) {
      throw new PackageFormatError(
        `${name} line ${lineNumber}: image ${entry} is not in the package`,
      );
    }
    const key = `${scanId}\0${Number(frameId)}`;
    let frame = frames.get(key);
    if (!frame) {
      frame = {
        scanId,
        frame: Number(frameId),
        frameId,
        gpsTime: num('gps_time'),
        x: num('x'),
        y: num('y'),
        z: num('z'),
        lat: num('lat'),
        lon: num('lon'),
        cameras: {},
      };
      frames.set(key, frame);
    }
    frame.cameras[camera] = { jpegRotation: num('jpeg_rotation'), entry };
  }
  return [...frames.values()];
}
