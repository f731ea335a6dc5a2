import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import { type LasHeader, readLasHeader } from '../../lib/las/las-header.ts';
import { encodeChunkTable, readLazChunkLayout } from '../../lib/las/laz-chunk-table.ts';

/**
 * Writes a large LAZ file from a small one without a LAZ encoder (laz-perf has none): copies of
 * the source's compressed chunks laid side by side on a grid. LASzip codes each chunk on its own
 * and, for point formats 0–5, stores the chunk's first point raw and every later coordinate as a
 * difference from the one before, so adding a shift to that first point's X and Y shifts the
 * whole chunk. For tests and benchmarks of real-size LAZ input.
 */
export async function writeTiledLaz(
  sourcePath: string,
  outPath: string,
  minimumPoints: number,
): Promise<{ pointCount: number; tiles: number; bytes: number }> {
  const source = await readFile(sourcePath);
  const handle = await open(sourcePath, 'r');
  let header: LasHeader;
  let layout: Awaited<ReturnType<typeof readLazChunkLayout>>;
  try {
    header = await readLasHeader(handle);
    layout = await readLazChunkLayout(handle, header, source.length);
  } finally {
    await handle.close();
  }
  if ('unavailable' in layout) throw new Error(`Cannot tile ${sourcePath}: ${layout.unavailable}`);
  if (header.pointFormat > 5) {
    throw new Error(
      'Only point formats 0–5 keep a chunk’s first point raw; tile a format 0–5 file',
    );
  }
  // Only full chunks are repeated: in a file of fixed-size chunks only the last may be short.
  const chunks = layout.chunks.filter((chunk) => chunk.pointCount === layout.chunkSize);
  if (chunks.length === 0) throw new Error(`Cannot tile ${sourcePath}: no full chunk`);
  const tilePoints = chunks.length * layout.chunkSize;
  const tiles = Math.max(1, Math.ceil(minimumPoints / tilePoints));
  const pointCount = tiles * tilePoints;
  if (pointCount > 0xffffffff) throw new Error('A LAS 1.2 header counts at most 2^32 - 1 points');
  const columns = Math.ceil(Math.sqrt(tiles));
  // Tiles 1 % apart, in the file's raw integer units.
  const stepX = Math.ceil(((header.max.x - header.min.x) * 1.01) / header.scale.x);
  const stepY = Math.ceil(((header.max.y - header.min.y) * 1.01) / header.scale.y);
  const rows = Math.ceil(tiles / columns);

  const head = Buffer.from(source.subarray(0, header.offsetToPointData));
  head.writeUInt32LE(pointCount, 107);
  // The counts by return of the points kept are not known: zero, as writers that skip them do.
  head.fill(0, 111, 131);
  head.writeDoubleLE(header.max.x + (columns - 1) * stepX * header.scale.x, 179);
  head.writeDoubleLE(header.max.y + (rows - 1) * stepY * header.scale.y, 195);

  const chunkBytes = chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0);
  const tableStart = header.offsetToPointData + 8 + tiles * chunkBytes;
  const pointer = Buffer.alloc(8);
  pointer.writeBigInt64LE(BigInt(tableStart));
  const out = createWriteStream(outPath);
  const write = async (bytes: Buffer) => {
    if (!out.write(bytes)) await once(out, 'drain');
  };
  await write(head);
  await write(pointer);
  for (let tile = 0; tile < tiles; tile++) {
    const shiftX = (tile % columns) * stepX;
    const shiftY = Math.floor(tile / columns) * stepY;
    const copy = Buffer.alloc(chunkBytes);
    let at = 0;
    for (const chunk of chunks) {
      source.copy(copy, at, chunk.offset, chunk.offset + chunk.byteLength);
      copy.writeInt32LE(copy.readInt32LE(at) + shiftX, at);
      copy.writeInt32LE(copy.readInt32LE(at + 4) + shiftY, at + 4);
      at += chunk.byteLength;
    }
    await write(copy);
  }
  const entries = Array.from({ length: tiles }, () => chunks).flat();
  await write(encodeChunkTable(entries, false));
  out.end();
  await once(out, 'finish');
  return { pointCount, tiles, bytes: out.bytesWritten };
}
