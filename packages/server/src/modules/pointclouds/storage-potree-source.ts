import type { PotreeFileName } from '../../pointcloud/potree-format.ts';
import type { PotreeSource } from '../../pointcloud/potree-reader.ts';
import type { ObjectStorage } from '../../storage/storage.ts';

/** Reads a stored Potree cloud (`<prefix>metadata.json` …) with ranged GETs. */
export function storagePotreeSource(storage: ObjectStorage, prefix: string): PotreeSource {
  return {
    async read(file: PotreeFileName, range?: { start: number; end: number }) {
      if (range && range.end <= range.start) return new Uint8Array(0);
      const stream = await storage.getStream(
        `${prefix}${file}`,
        range ? { start: range.start, end: range.end - 1 } : undefined,
      );
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
  };
}
