/** Dialogs about one scan or upload: imported scans, base-station files and annotations. */
import { z } from 'zod';
import { annotationInput, utmSchema } from '../api-inputs.ts';
import { TEXT_LIMITS } from '../constants.ts';
import { TEXT_TOO_LONG, VALUE_REQUIRED } from '../messages.ts';
import { type FileLike, validateBasestationFile, validateImportedScanFile } from '../validation.ts';
import { fileCheckedBy } from './form-fields.ts';

const requiredName = z
  .string()
  .refine((value) => value.trim() !== '', VALUE_REQUIRED)
  .refine((value) => value.trim().length <= TEXT_LIMITS.name, TEXT_TOO_LONG(TEXT_LIMITS.name));

/**
 * 'Edit Imported Scan': a name and a UTM zone; a UTM not ending in N or S turns the hint
 * 'required as XX followed by N or S' into the field's error (spec §5).
 */
export const importedScanEditFormSchema = z.object({
  friendlyName: requiredName,
  comment: z.string().max(TEXT_LIMITS.text, TEXT_TOO_LONG(TEXT_LIMITS.text)),
  utm: utmSchema,
});

/** 'Create Imported Scan': the edit fields plus the capture time and a non-empty .las file. */
export const importedScanCreateFormSchema = <F extends FileLike>() =>
  importedScanEditFormSchema.extend({
    captured: z.string(),
    file: fileCheckedBy<F>(validateImportedScanFile),
    determineTrajectory: z.boolean(),
  });

/** 'Upload Basestation File': one non-empty .zip whose name has no spaces. */
export const basestationUploadFormSchema = <F extends FileLike>() =>
  z.object({ file: fileCheckedBy<F>(validateBasestationFile) });

/** 'New/Edit Annotation': title, type and comment as the server takes them. */
export const annotationFormSchema = annotationInput.pick({
  title: true,
  type: true,
  comment: true,
});
