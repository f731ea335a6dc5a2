/** What the Publish Scans dialog shows and sends; its field rules are the shared publishFormSchema. */
import { countOf, hasImages, normalizePublishFolder, PUBLISH_BULK } from '@asset-portal/shared';
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
 * the viewer shows (and its Default version select sets), named when one focused scan is
 * published.
 */
export function publishedVersionNote(bulk: boolean, version: string | null | undefined): string {
  return !bulk && version
    ? `Publishes version ${version}, the scan's default version.`
    : "Publishes each scan's default version, the one the viewer shows for it.";
}

/** The scan and session pairs publishScans takes. */
export function publishScanInputs(
  scans: readonly PublishTarget[],
): { scanId: string; sessionId: string | null }[] {
  return scans.map((scan) => ({ scanId: scan.id, sessionId: scan.sessionId }));
}

/**
 * Under the Folder field: where each scan goes, the project's name put before the folder (the
 * field shows it as a prefix, easily read as a placeholder), and a note when the folder typed
 * starts with that name again.
 */
export function publishFolderHint(
  projectName: string,
  folder: string,
  bucket: { name: string; prefix: string } | null = null,
): string {
  const typed = normalizePublishFolder(folder);
  const path = `${projectName}/${typed ?? '…'}/<scan id>/`;
  // Once a bucket is chosen, the whole place: its name and the prefix its objects go under.
  const where = bucket
    ? `Each scan is published to bucket ${bucket.name}: ${withSlash(bucket.prefix)}${path}`
    : `Each scan is published to ${path}`;
  const repeated = typed !== null && (typed === projectName || typed.startsWith(`${projectName}/`));
  return repeated ? `${where}: the project's name is put before the folder already.` : `${where}.`;
}

/** A bucket prefix as it is put before the project's name ('' or ending in '/'). */
function withSlash(prefix: string): string {
  return prefix && !prefix.endsWith('/') ? `${prefix}/` : prefix;
}

/** How many scan ids the notice below names before it counts the rest. */
const NAMED_PUBLISHED = 3;

/** The Publish dialog's warning: these scans are in the folder already and would be replaced. */
export function alreadyPublishedNotice(scanIds: readonly string[], total: number): string {
  const named = [...scanIds].sort().slice(0, NAMED_PUBLISHED).join(', ');
  const rest =
    scanIds.length > NAMED_PUBLISHED ? ` and ${scanIds.length - NAMED_PUBLISHED} more` : '';
  const which = total === 1 ? 'This scan is' : `${scanIds.length} of these scans are`;
  return `${which} already published to this folder (${named}${rest}): publishing again replaces what is there. Choose another folder to keep the earlier delivery.`;
}

/**
 * Under 'Publish images' while it is ticked: which of the scans have no images to publish (by
 * their artifacts, as the viewer tells a scan with images). Null when all have some.
 */
export function noImagesNote(scans: readonly PublishTarget[]): string | null {
  const without = scans.filter((scan) => scan.artifacts && !hasImages(scan));
  if (without.length === 0) return null;
  if (without.length === scans.length) {
    return scans.length === 1
      ? 'This scan has no images: its point cloud and trajectory are published.'
      : 'None of these scans has images: their point clouds and trajectories are published.';
  }
  return `${countOf(without.length, 'scan')} of ${scans.length} ${without.length === 1 ? 'has' : 'have'} no images; the others' images are published.`;
}
