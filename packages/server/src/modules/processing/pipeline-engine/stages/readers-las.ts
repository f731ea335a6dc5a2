import type { OptionReader } from '../stage-definition.ts';
import { checkFilename } from './filename.ts';

/**
 * readers.las: the scan's own LAS or LAZ file (LAS 1.2–1.4, point formats 0–10). The pipeline's
 * `filename` is replaced by the scan's file; `count` limits the points read.
 */
export interface ReaderOptions {
  count: number | null;
}

export function parseReaderOptions(options: OptionReader): ReaderOptions {
  const filename = options.string('filename');
  if (filename !== undefined) checkFilename(options, filename, ['.las', '.laz']);
  const count = options.number('count', { integer: true, min: 0 });
  return { count: count ?? null };
}

export function readerSummary(o: ReaderOptions): string {
  return `reads the scan's point cloud${o.count !== null ? ` (first ${o.count.toLocaleString('en')} points)` : ''}`;
}
