import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { formatSize } from '@asset-portal/shared';
import { openPackage } from '../../device-packages/package-reader.ts';
import { makeWorkFolder } from '../../jobs/work-folders.ts';
import { ingestLuxiz } from './ingest-luxiz.ts';
import { ingestLuxlz } from './ingest-luxlz.ts';
import {
  type IngestionDeps,
  IngestionError,
  type IngestionInput,
  type IngestionOutcome,
} from './ingestion-context.ts';

export function packageKind(key: string): 'luxlz' | 'luxiz' | null {
  const extension = path.posix.extname(key).toLowerCase();
  if (extension === '.luxlz') return 'luxlz';
  if (extension === '.luxiz') return 'luxiz';
  return null;
}

/**
 * Ingests one uploaded package: streams the object to a temporary file (a ZIP is read from its
 * end, so it needs random access), opens it with the guarded reader and hands it to the reader
 * of its kind. The work folder is removed whatever happens.
 */
export async function ingestPackage(
  deps: IngestionDeps,
  input: IngestionInput,
): Promise<IngestionOutcome> {
  const kind = packageKind(input.key);
  if (!kind) {
    throw new IngestionError(
      `${path.posix.basename(input.key)} is not a LuxGear package (.luxlz or .luxiz)`,
    );
  }
  const info = await deps.storage.head(input.key);
  if (!info) throw new IngestionError(`The package ${input.key} is not in storage`);
  // On disk beside the data, never in memory or /tmp (often memory-backed).
  const work = await makeWorkFolder(deps.config.dataDir, 'ingestion');
  const file = path.join(work, `package.${kind}`);
  try {
    await pipeline(await deps.storage.getStream(input.key), createWriteStream(file));
    await deps.progress?.(`Fetched ${path.posix.basename(input.key)} (${formatSize(info.size)})`);
    const pkg = await openPackage(file);
    try {
      return kind === 'luxlz'
        ? await ingestLuxlz(deps, pkg, input, info.size)
        : await ingestLuxiz(deps, pkg, input, info.size);
    } finally {
      pkg.close();
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
