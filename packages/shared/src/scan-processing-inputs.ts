/**
 * Post-processing and scan maintenance (docs/processing-and-publishing.md): the Version Name
 * rule the Post Processing dialog and the server share, and the inputs of processScans and
 * updateScanHeader.
 */
import { z } from 'zod';
import { entityIdSchema, jsonWithin, requiredTextOf, stringIdSchema } from './api-inputs.ts';
import { TEXT_LIMITS } from './constants.ts';
import { VALUE_REQUIRED } from './messages.ts';

export const VERSION_NAME_MAX = 64;
const VERSION_NAME_PATTERN = /^[A-Za-z0-9._-]+$/;

export const VERSION_NAME_INVALID = `A version name may hold only letters, digits, -, _ and . (at most ${VERSION_NAME_MAX} characters)`;
export const VERSION_EXISTS = (name: string, scanId: string): string =>
  `Version ${name} already exists on scan ${scanId}`;
export const PIPELINE_KEPT_NO_POINTS = (scanId: string): string =>
  `The pipeline kept no points of scan ${scanId}`;

/**
 * 'Value is required' for a blank name, the rule's text for an unsafe one, else null. The name
 * becomes a folder of the scan's objects, so '.' and '..' are refused too.
 */
export function validateVersionName(name: string | null | undefined): string | null {
  const value = (name ?? '').trim();
  if (value === '') return VALUE_REQUIRED;
  if (value.length > VERSION_NAME_MAX || !VERSION_NAME_PATTERN.test(value)) {
    return VERSION_NAME_INVALID;
  }
  if (/^\.+$/.test(value)) return VERSION_NAME_INVALID;
  return null;
}

export const versionNameSchema = z
  .string({ error: VALUE_REQUIRED })
  .trim()
  .superRefine((value, ctx) => {
    const problem = validateVersionName(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** PDAL pipelines are small; this bounds what one submission may carry into each job. */
export const PIPELINE_TEXT_MAX = TEXT_LIMITS.pipeline;

export const processingSubmissionSchema = z.object({
  artifactIds: z.array(entityIdSchema).min(1, VALUE_REQUIRED).max(10_000),
  name: versionNameSchema,
  pipeline: requiredTextOf(PIPELINE_TEXT_MAX),
});
export type ProcessingSubmission = z.infer<typeof processingSubmissionSchema>;

/** Absent fields stay as they are; null clears friendlyName and comment. */
export const updateScanHeaderSchema = z.object({
  id: stringIdSchema,
  friendlyName: z.string().trim().max(200).nullish(),
  comment: z.string().max(10_000).nullish(),
  defaultVersion: z.string().trim().min(1, VALUE_REQUIRED).max(VERSION_NAME_MAX).nullish(),
  tags: z.array(z.string().trim().min(1, VALUE_REQUIRED).max(200)).max(100).nullish(),
  metadata: z
    .record(z.string(), z.unknown())
    .refine(jsonWithin().check, jsonWithin().message)
    .nullish(),
});
export type UpdateScanHeaderInput = z.infer<typeof updateScanHeaderSchema>;
