import type { Db } from '../../db/database.ts';
import { STALE_MULTIPART_AGE_MS } from '../../storage/stale-multipart-sweeper.ts';
import { endAbandonedEntries } from '../activity-logs/activity-log.service.ts';

/**
 * The browser writes an upload's entry Started, then Completed or Error. A page closed or
 * reloaded mid-upload writes neither, and a resumed upload continues its entry. Once the upload's
 * stored parts are aborted (a day after it began) it can no longer finish, so its entry still
 * Started a day after its last write is ended Error: it then shows among the user's upload errors
 * instead of as an upload running for ever.
 */
export async function endAbandonedUploadEntries(
  db: Db,
  now: Date = new Date(),
): Promise<{ ended: number }> {
  const before = new Date(now.getTime() - STALE_MULTIPART_AGE_MS);
  const ended = await endAbandonedEntries(db, 'PackageUpload', before, (entry) =>
    abandonedUploadMessage(filenameOf(entry.payload)),
  );
  return { ended };
}

export function abandonedUploadMessage(filename: string | null): string {
  return `Upload of ${filename ?? 'the file'} failed: the page was closed or reloaded, or lost its connection, and the upload was not resumed within a day. Upload the file again.`;
}

function filenameOf(payload: unknown): string | null {
  const filename = (payload as { filename?: unknown } | null)?.filename;
  return typeof filename === 'string' && filename.length > 0 ? filename : null;
}
