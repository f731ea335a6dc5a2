/** The layer upload and layer-group dialogs (spec §2 Layers). */
import { z } from 'zod';
import { TEXT_LIMITS } from '../constants.ts';
import {
  checkLayerSource,
  validateGroupName,
  validateLayerFile,
  validateLayerName,
  validateLayerStyles,
} from '../layer-rules.ts';
import { TEXT_TOO_LONG } from '../messages.ts';
import type { FileLike } from '../validation.ts';
import { fileCheckedBy, textCheckedBy } from './form-fields.ts';

const comments = z.string().max(TEXT_LIMITS.text, TEXT_TOO_LONG(TEXT_LIMITS.text));

/** 'Upload Layer': a supported file and a layer name; the other choices are free. */
export const layerUploadFormSchema = <F extends FileLike, M extends string>() =>
  z.object({
    file: fileCheckedBy<F>(validateLayerFile),
    name: textCheckedBy(validateLayerName),
    comments,
    showByDefault: z.boolean(),
    ignore: z.boolean(),
    vendorId: z.string(),
    geotiffMode: z.custom<M>((value) => typeof value === 'string'),
  });

/** The source editor's message: too large, not JSON or not a FeatureCollection; null when usable. */
function layerSourceError(text: string): string | null {
  const check = checkLayerSource(text);
  return check.ok ? null : check.message;
}

/**
 * 'Create/Edit Layer': a valid name, a usable GeoJSON source and MapLibre styles. A source too
 * large to edit is kept as stored (the server accepted it), so it is not parsed again on every
 * keystroke: `checkSource` is false then.
 */
export function layerEditFormSchema({ checkSource }: { checkSource: boolean }) {
  return z.object({
    name: textCheckedBy(validateLayerName),
    comments,
    groupId: z.string(),
    showByDefault: z.boolean(),
    hidden: z.boolean(),
    source: checkSource ? textCheckedBy(layerSourceError) : z.string(),
    styles: textCheckedBy(validateLayerStyles),
  });
}

/** 'Create/Edit Group': a name is required. */
export const layerGroupFormSchema = z.object({
  name: textCheckedBy(validateGroupName),
  description: comments,
  scope: z.enum(['project', 'global']),
});
