/**
 * Input schemas of the GraphQL mutations (spec §7), transport-agnostic: ids of organizations,
 * users, projects, pipelines, annotations, buckets and base stations are integers that arrive as
 * GraphQL ID strings or numbers; device, scan and session ids are strings.
 */
import { z } from 'zod';
import {
  DEFAULT_CLASSIFIERS,
  DEFAULT_TAG_OPTIONS,
  PIPELINE_DESCRIPTION_MAX,
  TEXT_LIMITS,
} from './constants.ts';
import { helmertJsonSchema } from './helmert.ts';
import { validateLayerName, validateLayerSource, validateLayerStyles } from './layer-rules.ts';
import {
  EMAIL_INVALID,
  FIELD_REQUIRED,
  INVALID_ID,
  JSON_TOO_LONG,
  LIST_TOO_LONG,
  PHONE_INVALID,
  PIPELINE_DESCRIPTION_TOO_LONG,
  PIPELINE_INVALID_JSON,
  POINT_INVALID,
  TEXT_TOO_LONG,
  UTM_HINT,
  VALUE_REQUIRED,
} from './messages.ts';
import { USER_TYPES } from './user-types.ts';
import {
  EMAIL_PATTERN,
  isValidJson,
  isValidUtmZone,
  normalizeUtm,
  PHONE_PATTERN,
} from './validation.ts';

const MAX_INT_ID = 2_147_483_647;

// A missing id reads 'Value is required' (an unchosen select); a malformed one 'Invalid id'.
const idMessage = (issue: { input?: unknown }): string =>
  issue.input === undefined || issue.input === null || issue.input === ''
    ? VALUE_REQUIRED
    : INVALID_ID;

/** An integer id given as a number or a GraphQL ID string. */
export const entityIdSchema = z
  .union([z.number(), z.string().trim().regex(/^\d+$/, { error: idMessage })], {
    error: idMessage,
  })
  .transform(Number)
  .pipe(
    z.number({ error: INVALID_ID }).int(INVALID_ID).min(1, INVALID_ID).max(MAX_INT_ID, INVALID_ID),
  );

// Every length limit reads the same: TEXT_TOO_LONG.
const TEXT_LIMIT_MESSAGE = (max: number) => ({ error: TEXT_TOO_LONG(max) });

/** A required text field, trimmed, of at most `max` characters. */
export const requiredTextOf = (max: number) =>
  z
    .string({ error: VALUE_REQUIRED })
    .trim()
    .min(1, VALUE_REQUIRED)
    .max(max, TEXT_LIMIT_MESSAGE(max));

/** An optional text field of at most `max` characters: blank, null or missing become null. */
export const optionalTextOf = (max: number) =>
  z
    .string()
    .max(max, TEXT_LIMIT_MESSAGE(max))
    .nullish()
    .transform((value) => {
      const trimmed = (value ?? '').trim();
      return trimmed === '' ? null : trimmed;
    });

/** A device, scan or session id. */
export const stringIdSchema = requiredTextOf(TEXT_LIMITS.stringId);

/** A required text field, trimmed; free text without a tighter limit. */
export const requiredText = requiredTextOf(TEXT_LIMITS.text);

/** An optional text field: blank, null or missing become null. */
export const optionalText = optionalTextOf(TEXT_LIMITS.text);

/** A refinement: the value serialized as JSON is at most `max` characters. */
export const jsonWithin = (max: number = TEXT_LIMITS.json) => ({
  check: (value: unknown) => (JSON.stringify(value) ?? '').length <= max,
  message: { error: JSON_TOO_LONG(max) },
});

/** Any JSON value whose serialized form is at most `max` characters. */
export const boundedJson = (max: number = TEXT_LIMITS.json) => {
  const { check, message } = jsonWithin(max);
  return z.unknown().refine(check, message);
};

export const emailSchema = requiredTextOf(TEXT_LIMITS.email).regex(EMAIL_PATTERN, EMAIL_INVALID);

export const phoneSchema = optionalTextOf(TEXT_LIMITS.phone).refine(
  (value) => value === null || PHONE_PATTERN.test(value),
  PHONE_INVALID,
);

/** A UTM value in any stored form (plain, JSON string, wrapping object), output plain. */
export const utmSchema = z
  .unknown()
  .transform(normalizeUtm)
  .pipe(
    z.string({ error: VALUE_REQUIRED }).min(1, VALUE_REQUIRED).refine(isValidUtmZone, UTM_HINT),
  );

/** Tags and dependency names: each short, and not too many. */
const stringList = z
  .array(requiredTextOf(TEXT_LIMITS.tag))
  .max(TEXT_LIMITS.tags, { error: LIST_TOO_LONG(TEXT_LIMITS.tags) })
  .transform((values) => [...new Set(values)]);

const nameText = requiredTextOf(TEXT_LIMITS.name);

// Users

export const userCreateInput = z.object({
  name: nameText,
  email: emailSchema,
  phone: phoneSchema,
  username: requiredTextOf(TEXT_LIMITS.username),
  organizationId: entityIdSchema,
});
export type UserCreateInput = z.output<typeof userCreateInput>;

export const userUpdateInput = z.object({
  id: entityIdSchema,
  name: nameText,
  enabled: z.boolean(),
  organizationId: entityIdSchema,
  userType: z.enum(USER_TYPES, { error: VALUE_REQUIRED }),
  email: emailSchema,
  phone: phoneSchema,
});
export type UserUpdateInput = z.output<typeof userUpdateInput>;

// Organizations

export const organizationInput = z.object({
  name: nameText,
  deviceIds: z
    .array(stringIdSchema)
    .max(TEXT_LIMITS.idList, { error: LIST_TOO_LONG(TEXT_LIMITS.idList) })
    .nullish()
    .transform((ids) => [...new Set(ids ?? [])]),
});
export type OrganizationInput = z.output<typeof organizationInput>;

export const organizationUpdateInput = organizationInput.extend({ id: entityIdSchema });
export type OrganizationUpdateInput = z.output<typeof organizationUpdateInput>;

// Projects

export const projectInput = z.object({
  name: nameText,
  comments: optionalText,
  active: z.boolean().default(true),
  // Power users create in their own organization, so the server may fill it in.
  organizationId: entityIdSchema.nullish().transform((id) => id ?? null),
  tagOptions: stringList.nullish().transform((tags) => tags ?? [...DEFAULT_TAG_OPTIONS]),
  projection: optionalTextOf(TEXT_LIMITS.projection),
  helmertParameters: helmertJsonSchema,
  geoidGridFile: optionalTextOf(TEXT_LIMITS.filename),
  utm: utmSchema,
  classifiers: z
    .string()
    .nullish()
    .transform(() => DEFAULT_CLASSIFIERS),
});
export type ProjectInput = z.output<typeof projectInput>;

export const projectUpdateInput = projectInput.extend({ id: entityIdSchema });
export type ProjectUpdateInput = z.output<typeof projectUpdateInput>;

// Pipelines

const pipelineFields = {
  projectId: entityIdSchema.nullish().transform((id) => id ?? null),
  name: nameText,
  description: requiredText.max(PIPELINE_DESCRIPTION_MAX, PIPELINE_DESCRIPTION_TOO_LONG),
  pipeline: requiredTextOf(TEXT_LIMITS.pipeline).refine(isValidJson, PIPELINE_INVALID_JSON),
  dependencies: stringList.nullish().transform((values) => values ?? []),
  global: z.boolean().default(false),
};

interface PipelineShape {
  projectId: number | null;
  global: boolean;
}

// A global pipeline is sent with no project id; any other pipeline belongs to a project.
function applyPipelineScope<T extends PipelineShape>(value: T, ctx: z.RefinementCtx): T {
  if (value.global) return { ...value, projectId: null };
  if (value.projectId === null) {
    ctx.addIssue({ code: 'custom', message: VALUE_REQUIRED, path: ['projectId'] });
  }
  return value;
}

export const pipelineInput = z.object(pipelineFields).transform(applyPipelineScope);
export type PipelineInput = z.output<typeof pipelineInput>;

export const pipelineUpdateInput = z
  .object({ ...pipelineFields, id: entityIdSchema })
  .transform(applyPipelineScope);
export type PipelineUpdateInput = z.output<typeof pipelineUpdateInput>;

// Annotations

const longitude = z
  .number({ error: POINT_INVALID })
  .min(-180, POINT_INVALID)
  .max(180, POINT_INVALID);
const latitude = z.number({ error: POINT_INVALID }).min(-90, POINT_INVALID).max(90, POINT_INVALID);
const height = z.number({ error: POINT_INVALID });

/** A GeoJSON Point with [lon, lat] or [lon, lat, z]. */
export const pointSchema = z.object(
  {
    type: z.literal('Point', { error: POINT_INVALID }),
    coordinates: z.union([z.tuple([longitude, latitude]), z.tuple([longitude, latitude, height])], {
      error: POINT_INVALID,
    }),
  },
  { error: POINT_INVALID },
);
export type GeoJsonPoint = z.output<typeof pointSchema>;

export const annotationInput = z.object({
  scanId: stringIdSchema,
  title: nameText,
  type: optionalTextOf(TEXT_LIMITS.label),
  comment: optionalText,
  point: pointSchema,
});
export type AnnotationInput = z.output<typeof annotationInput>;

export const annotationUpdateInput = annotationInput
  .omit({ scanId: true })
  .extend({ id: entityIdSchema });
export type AnnotationUpdateInput = z.output<typeof annotationUpdateInput>;

// Trajectory processing (publishing: publishing-inputs.ts)

export const trajectoryRunInput = z.object({
  sessionId: stringIdSchema,
  basestationIds: z
    .array(entityIdSchema)
    .min(1, VALUE_REQUIRED)
    .max(TEXT_LIMITS.idList, { error: LIST_TOO_LONG(TEXT_LIMITS.idList) }),
});
export type TrajectoryRunInput = z.output<typeof trajectoryRunInput>;

export const processingSubmissionInput = z.object({
  artifactIds: z
    .array(z.union([stringIdSchema, z.number().int()]).transform(String))
    .min(1, VALUE_REQUIRED),
  name: nameText,
  pipeline: requiredTextOf(TEXT_LIMITS.pipeline).refine(isValidJson, PIPELINE_INVALID_JSON),
});
export type ProcessingSubmissionInput = z.output<typeof processingSubmissionInput>;

// Layers and layer groups

export const layerInput = z.object({
  name: z
    .string({ error: FIELD_REQUIRED })
    .trim()
    .superRefine((value, ctx) => {
      const message = validateLayerName(value);
      if (message) ctx.addIssue({ code: 'custom', message });
    }),
  comments: optionalText,
  // Bounded in UTF-8 bytes by validateLayerSource, far above the free-text limit.
  source: z
    .string({ error: VALUE_REQUIRED })
    .trim()
    .min(1, VALUE_REQUIRED)
    .superRefine((text, ctx) => {
      const message = validateLayerSource(text);
      if (message) ctx.addIssue({ code: 'custom', message });
    }),
  layers: z
    .string()
    .max(TEXT_LIMITS.layerStyles, TEXT_LIMIT_MESSAGE(TEXT_LIMITS.layerStyles))
    .nullish()
    .transform((value) => value ?? '[]')
    .superRefine((text, ctx) => {
      const message = validateLayerStyles(text);
      if (message) ctx.addIssue({ code: 'custom', message });
    }),
  ignore: z.boolean().default(false),
  showByDefault: z.boolean().default(true),
  projectId: entityIdSchema,
});
export type LayerInput = z.output<typeof layerInput>;

export const layerUpdateInput = layerInput.extend({ id: entityIdSchema });
export type LayerUpdateInput = z.output<typeof layerUpdateInput>;

export const vendorInput = z.object({
  name: z
    .string({ error: FIELD_REQUIRED })
    .trim()
    .min(1, FIELD_REQUIRED)
    .max(TEXT_LIMITS.name, TEXT_LIMIT_MESSAGE(TEXT_LIMITS.name)),
  description: optionalText,
  projectId: entityIdSchema.nullish().transform((id) => id ?? null),
});
export type VendorInput = z.output<typeof vendorInput>;

export const vendorUpdateInput = vendorInput.extend({ id: entityIdSchema });
export type VendorUpdateInput = z.output<typeof vendorUpdateInput>;

/** The first issue's message of a failed parse, for snackbars and GraphQL errors. */
export function firstIssueMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? VALUE_REQUIRED;
}
