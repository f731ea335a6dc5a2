/** How the Layers screen names, groups and shows layers. */
import { LAYER_NAME_MAX } from '@asset-portal/shared';
import type { LayerRow } from './layer-types.ts';

export const UNGROUPED = 'Ungrouped';

/**
 * A layer name proposed from a file name: the extension dropped, accents folded, every run of
 * characters the name rule refuses turned into one underscore, cut to the maximum length.
 * A name that stays too short is left for the form's rule to report.
 */
export function layerNameFromFile(fileName: string): string {
  const base = fileName.replace(/^.*[\\/]/, '');
  const dot = base.lastIndexOf('.');
  const stem = dot > 0 ? base.slice(0, dot) : base;
  return stem
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 _-]+/g, '_')
    .replace(/\s+/g, ' ')
    .replace(/^[\s_]+|[\s_]+$/g, '')
    .slice(0, LAYER_NAME_MAX)
    .trim();
}

/** The group a layer is listed under: its group's name, or 'Ungrouped'. */
export function groupLabel(layer: Pick<LayerRow, 'vendor'>): string {
  return layer.vendor?.name ?? UNGROUPED;
}

/** Orders groups by name with the ungrouped layers last. */
export function compareGroups(a: Pick<LayerRow, 'vendor'>, b: Pick<LayerRow, 'vendor'>): number {
  if (!a.vendor || !b.vendor) return Number(!a.vendor) - Number(!b.vendor);
  return a.vendor.name.localeCompare(b.vendor.name, undefined, { sensitivity: 'base' });
}

/** 'Yes' or 'No' for the table's flag columns. */
export function yesNo(value: boolean): string {
  return value ? 'Yes' : 'No';
}
