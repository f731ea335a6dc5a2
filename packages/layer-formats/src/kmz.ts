import { LAYER_MESSAGES, LAYER_WARNINGS } from '@asset-portal/shared';
import { fail } from './errors.ts';
import { kmlConversion, readKmlFeatures } from './kml.ts';
import { readKmzIcons } from './kmz-icons.ts';
import type { LayerConversion } from './types.ts';
import { createBudget, listZipEntries, readZipEntry, type ZipLimits } from './zip.ts';

/**
 * A KMZ is a ZIP whose main document is doc.kml, or else its first .kml entry; the icons its
 * placemarks name come from the same archive.
 */
export function convertKmz(bytes: Uint8Array, limits: ZipLimits): LayerConversion {
  const all = listZipEntries(bytes, limits);
  const entries = all.filter(
    (entry) => entry.name.toLowerCase().endsWith('.kml') && !entry.name.startsWith('__MACOSX/'),
  );
  const main =
    entries.find((entry) => entry.name.toLowerCase() === 'doc.kml') ??
    entries.find((entry) => entry.name.toLowerCase().endsWith('/doc.kml')) ??
    entries[0];
  if (!main) fail(LAYER_MESSAGES.noKmlInKmz);
  const budget = createBudget(limits);
  const featureCollection = readKmlFeatures(readZipEntry(bytes, main, budget));
  const icons = readKmzIcons(bytes, all, main.name, featureCollection.features, budget);
  const result = kmlConversion(featureCollection, icons.images);
  const warnings = icons.leftOut > 0 ? [LAYER_WARNINGS.iconsLeftOut(icons.leftOut)] : [];
  return { ...result, kind: 'kmz', warnings };
}
