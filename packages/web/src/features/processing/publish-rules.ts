/** What the Publish Scans dialog shows and sends; its field rules are the shared publishFormSchema. */
import { PUBLISH_BULK } from '@asset-portal/shared';
import type { PublishTarget } from './types.ts';

/**
 * The line under the title: 'Publish N scans' from Bulk Processing (one selected scan too), the
 * scan id for the viewer's focused scan.
 */
export function publishSubtitle(scans: readonly PublishTarget[], bulk: boolean): string {
  const [only] = scans;
  return !bulk && scans.length === 1 && only ? only.id : PUBLISH_BULK(scans.length);
}

/**
 * Which cloud a publication delivers, under the subtitle: each scan's default version, the one
 * the viewer shows (and its Version select sets), named when one focused scan is published.
 */
export function publishedVersionNote(bulk: boolean, version: string | null | undefined): string {
  return !bulk && version
    ? `Publishes version ${version}, the one shown in the viewer.`
    : "Publishes each scan's default version, the one the viewer shows for it.";
}

/** The scan and session pairs publishScans takes. */
export function publishScanInputs(
  scans: readonly PublishTarget[],
): { scanId: string; sessionId: string | null }[] {
  return scans.map((scan) => ({ scanId: scan.id, sessionId: scan.sessionId }));
}
