/**
 * A KMZ's icons: the IconStyle images its placemarks name (togeojson puts the href in the
 * feature's `icon` property), read from the archive and carried as data URLs in the layer's
 * style (`LAYER_IMAGES_KEY`). An href that is not in the archive, not an image or too large is
 * left out, and its points lose the property, so they are drawn as circles: nothing is ever
 * fetched from the address a KML names.
 */
import { LAYER_ICON_LIMITS } from '@asset-portal/shared';
import type { Feature } from 'geojson';
import { type InflateBudget, readZipEntry, type ZipEntry } from './zip.ts';

export interface KmzIcons {
  /** Image name → data URL, for the names the features' `icon` property now holds. */
  images: Record<string, string>;
  /** How many distinct hrefs could not be used. */
  leftOut: number;
}

const SIGNATURES: [string, number[]][] = [
  ['image/png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ['image/jpeg', [0xff, 0xd8, 0xff]],
  ['image/gif', [0x47, 0x49, 0x46, 0x38]],
];

function imageType(bytes: Uint8Array): string | null {
  const found = SIGNATURES.find(([, magic]) => magic.every((byte, i) => bytes[i] === byte));
  return found ? found[0] : null;
}

/** The archive path an href names, relative to the KML's folder; null for an address. */
function archivePath(href: string, kmlPath: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//')) return null;
  const folder = kmlPath.includes('/') ? kmlPath.slice(0, kmlPath.lastIndexOf('/') + 1) : '';
  const parts: string[] = [];
  for (const part of `${folder}${href.replace(/\\/g, '/')}`.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') parts.pop();
    else parts.push(part);
  }
  try {
    return decodeURIComponent(parts.join('/'));
  } catch {
    return parts.join('/');
  }
}

/** FNV-1a over the bytes: icons of the same content get the same name in every layer. */
function contentName(bytes: Uint8Array): string {
  let hash = 0x811c9dc5;
  for (const byte of bytes) hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
  return `kmz-icon-${bytes.length.toString(36)}-${hash.toString(16).padStart(8, '0')}`;
}

function base64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Resolves the features' icon hrefs in the archive; rewrites or removes their `icon`. */
export function readKmzIcons(
  archive: Uint8Array,
  entries: readonly ZipEntry[],
  kmlPath: string,
  features: Feature[],
  budget: InflateBudget,
): KmzIcons {
  const byPath = new Map(entries.map((entry) => [entry.name, entry]));
  const named = new Map<string, string | null>();
  const images: Record<string, string> = {};
  let totalBytes = 0;
  const resolve = (href: string): string | null => {
    const path = archivePath(href, kmlPath);
    const entry = path === null ? undefined : byPath.get(path);
    if (!entry || entry.size > LAYER_ICON_LIMITS.maxIconBytes) return null;
    const bytes = readZipEntry(archive, entry, budget);
    const type = imageType(bytes);
    if (!type) return null;
    const name = contentName(bytes);
    if (!(name in images)) {
      if (totalBytes + bytes.length > LAYER_ICON_LIMITS.maxTotalBytes) return null;
      totalBytes += bytes.length;
      images[name] = `data:${type};base64,${base64(bytes)}`;
    }
    return name;
  };
  for (const feature of features) {
    const href = feature.properties?.icon;
    if (typeof href !== 'string') continue;
    if (!named.has(href)) named.set(href, resolve(href));
    const name = named.get(href);
    if (name) feature.properties!.icon = name;
    else delete feature.properties!.icon;
  }
  const leftOut = [...named.values()].filter((name) => name === null).length;
  return { images, leftOut };
}
