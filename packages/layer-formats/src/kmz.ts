import { LAYER_MESSAGES } from '@asset-portal/shared';
import { fail } from './errors.ts';
import { convertKml } from './kml.ts';
import type { LayerConversion } from './types.ts';
import { createBudget, listZipEntries, readZipEntry, type ZipLimits } from './zip.ts';

/** A KMZ is a ZIP whose main document is doc.kml, or else its first .kml entry. */
export function convertKmz(bytes: Uint8Array, limits: ZipLimits): LayerConversion {
  const entries = listZipEntries(bytes, limits).filter(
    (entry) => entry.name.toLowerCase().endsWith('.kml') && !entry.name.startsWith('__MACOSX/'),
  );
  const main =
    entries.find((entry) => entry.name.toLowerCase() === 'doc.kml') ??
    entries.find((entry) => entry.name.toLowerCase().endsWith('/doc.kml')) ??
    entries[0];
  if (!main) fail(LAYER_MESSAGES.noKmlInKmz);
  const result = convertKml(readZipEntry(bytes, main, createBudget(limits)));
  return { ...result, kind: 'kmz' };
}
