/** The Publish Scans and Post-Processing dialogs (spec §2), checked before any call. */
import { z } from 'zod';
import { VALUE_REQUIRED } from '../messages.ts';
import { normalizePublishFolder, PUBLISH_FOLDER_INVALID } from '../publishing-inputs.ts';
import { validateVersionName } from '../scan-processing-inputs.ts';
import { requiredChoice, textCheckedBy } from './form-fields.ts';

/**
 * The folder under '<project name>/' the scans are written to: required ('Value is required'),
 * then the folder rule the server applies too.
 */
export function validatePublishFolder(folder: string | null | undefined): string | null {
  const value = (folder ?? '').trim();
  if (value === '') return VALUE_REQUIRED;
  return normalizePublishFolder(value) === null ? PUBLISH_FOLDER_INVALID : null;
}

/** 'Publish Scans': a bucket and a folder. */
export const publishFormSchema = z.object({
  bucketId: requiredChoice,
  folder: textCheckedBy(validatePublishFolder),
  includeImages: z.boolean(),
  transform: z.boolean(),
});

/** 'Post-Processing': a pipeline, a version name, and the edited text when 'Advanced' is on. */
export const postProcessingFormSchema = z
  .object({
    pipelineId: requiredChoice,
    versionName: textCheckedBy(validateVersionName),
    advanced: z.boolean(),
    pipelineText: z.string(),
  })
  .superRefine((values, ctx) => {
    if (values.advanced && values.pipelineText.trim() === '') {
      ctx.addIssue({ code: 'custom', message: VALUE_REQUIRED, path: ['pipelineText'] });
    }
  });
