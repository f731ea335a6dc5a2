import { objectKey, organizationPrefix } from '../../storage/object-key.ts';
import type { ObjectStorage } from '../../storage/storage.ts';
import { artifactObjectKey, lodPrefixFor } from '../pointclouds/point-cloud-rules.ts';

/** What to remove from storage for a deleted scan: whole folders, and single objects outside them. */
export interface ScanObjects {
  prefixes: string[];
  keys: string[];
}

/**
 * The stored objects of a scan: its folder under the current project and under every project
 * its objects were written in (a scan keeps its keys when it moves), plus any object its rows
 * name elsewhere with that cloud's level of detail. Only keys of the scan's organization.
 */
export function scanObjects(
  scan: { id: string; organizationId: number; projectId: number | null },
  stored: { urls: readonly string[]; lodPrefixes: readonly string[] },
  bucket: string,
): ScanObjects {
  const folder = `/scans/${scan.id}/`;
  const prefixes = new Set([
    `${objectKey({ organizationId: scan.organizationId, projectId: scan.projectId, kind: 'scans', name: scan.id })}/`,
  ]);
  const keys = new Set<string>();
  for (const url of stored.urls) {
    const key = artifactObjectKey(url, bucket, scan.organizationId);
    if (!key) continue;
    const at = key.indexOf(folder);
    if (at >= 0) {
      prefixes.add(key.slice(0, at + folder.length));
    } else {
      keys.add(key);
      prefixes.add(lodPrefixFor(key));
    }
  }
  const own = organizationPrefix(scan.organizationId);
  for (const prefix of stored.lodPrefixes) {
    if (prefix.startsWith(own) && prefix.endsWith('/lod/') && !prefix.includes('..')) {
      prefixes.add(prefix);
    }
  }
  // A folder inside another is listed with it.
  const sorted = [...prefixes].sort();
  const outer = sorted.filter((p) => !sorted.some((q) => q !== p && p.startsWith(q)));
  const kept = [...keys].filter((key) => !outer.some((prefix) => key.startsWith(prefix)));
  return { prefixes: outer, keys: kept };
}

/** Deletes every object under the prefixes and the single keys; returns how many went. */
export async function removeScanObjects(
  storage: ObjectStorage,
  objects: ScanObjects,
): Promise<number> {
  const keys = [...objects.keys];
  for (const prefix of objects.prefixes) {
    for await (const object of storage.list(prefix)) keys.push(object.key);
  }
  for (const key of keys) await storage.delete(key);
  return keys.length;
}
