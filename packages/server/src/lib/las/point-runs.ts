import { open } from 'node:fs/promises';
import { readExactlyInto } from './file-reads.ts';
import type { LasHeader } from './las-header.ts';
import { type LazChunk, readLazChunkLayout } from './laz-chunk-table.ts';
import { decodeLazChunks, type LazRecordFormat, recordFormat } from './laz-records.ts';

/**
 * A file's points cut into runs that threads read on their own, each opening the file itself:
 * ranges of records in a LAS file, whole compressed chunks in a LAZ file (LASzip chunks are
 * independent). A run is a plain object, so it crosses to a worker thread as it is.
 */
export type PointRun = {
  path: string;
  /** Index of the run's first point in the file. */
  start: number;
  count: number;
  format: LazRecordFormat;
} & ({ kind: 'las'; dataOffset: number } | { kind: 'laz'; chunks: LazChunk[] });

/**
 * Runs of at least `minPoints` points (the last one may hold fewer) covering every point once,
 * in file order; null for a LAZ file without a usable chunk table, which only one reader in file
 * order can decode.
 */
export async function planPointRuns(
  path: string,
  header: LasHeader,
  minPoints: number,
): Promise<PointRun[] | null> {
  const format = recordFormat(header);
  if (!header.compressed) {
    const runs: PointRun[] = [];
    for (let start = 0; start < header.pointCount; start += minPoints) {
      const count = Math.min(minPoints, header.pointCount - start);
      runs.push({ kind: 'las', path, start, count, format, dataOffset: header.offsetToPointData });
    }
    return runs;
  }
  const handle = await open(path, 'r');
  let layout: Awaited<ReturnType<typeof readLazChunkLayout>>;
  try {
    layout = await readLazChunkLayout(handle, header, (await handle.stat()).size);
  } finally {
    await handle.close();
  }
  if ('unavailable' in layout) return null;
  let start = 0;
  return chunkRuns(layout.chunks, minPoints).map((chunks) => {
    const count = chunks.reduce((sum, chunk) => sum + chunk.pointCount, 0);
    const run: PointRun = { kind: 'laz', path, start, count, format, chunks };
    start += count;
    return run;
  });
}

/** Consecutive LAZ chunks grouped into runs of at least `minPoints` points. */
export function chunkRuns(chunks: readonly LazChunk[], minPoints: number): LazChunk[][] {
  const runs: LazChunk[][] = [];
  let run: LazChunk[] = [];
  let points = 0;
  for (const chunk of chunks) {
    run.push(chunk);
    points += chunk.pointCount;
    if (points >= minPoints) {
      runs.push(run);
      run = [];
      points = 0;
    }
  }
  if (run.length > 0) runs.push(run);
  return runs;
}

/**
 * Reads (LAS) or decodes (LAZ) one run's records (`run.format`), into `reuse` when it is large
 * enough; `decodeRecords` gives their columns.
 */
export async function readPointRunRecords(run: PointRun, reuse?: Uint8Array): Promise<Uint8Array> {
  const length = run.count * run.format.recordLength;
  const handle = await open(run.path, 'r');
  try {
    if (run.kind === 'laz') return await decodeLazChunks(handle, run.format, run.chunks);
    const bytes =
      reuse && reuse.length >= length
        ? Buffer.from(reuse.buffer, reuse.byteOffset, length)
        : Buffer.alloc(length);
    await readExactlyInto(
      handle,
      bytes,
      length,
      run.dataOffset + run.start * run.format.recordLength,
    );
    return bytes;
  } finally {
    await handle.close();
  }
}
