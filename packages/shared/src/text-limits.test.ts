import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  annotationInput,
  firstIssueMessage,
  layerInput,
  organizationInput,
  pipelineInput,
  processingSubmissionInput,
  projectInput,
  userCreateInput,
  userUpdateInput,
  vendorInput,
} from './api-inputs.ts';
import { TEXT_LIMITS } from './constants.ts';
import { JSON_TOO_LONG, LIST_TOO_LONG, TEXT_TOO_LONG } from './messages.ts';
import { processingSubmissionSchema, updateScanHeaderSchema } from './scan-processing-inputs.ts';

// Every stored text of the API has a maximum length (docs/security.md lists them): one character
// over it is refused with the same message, and the limit itself is accepted.

const pipelineJson = (length: number) => {
  const head = '{"pipeline":[],"note":"';
  return `${head}${'x'.repeat(length - head.length - 2)}"}`;
};

const user = { name: 'Ann', email: 'ann@example.com', username: 'ann', organizationId: 1 };
const project = { name: 'P', utm: '10N' };
const pipeline = { name: 'P', description: 'd', pipeline: '{"pipeline":[]}', projectId: 1 };
const annotation = { scanId: 'S1', title: 'T', point: { type: 'Point', coordinates: [1, 2] } };
const layer = { name: 'Roads', source: '{"type":"FeatureCollection","features":[]}', projectId: 1 };

const cases: Array<{
  name: string;
  schema: z.ZodType;
  base: Record<string, unknown>;
  field: string;
  limit: number;
  text?: (length: number) => string;
}> = [
  {
    name: 'user name',
    schema: userCreateInput,
    base: user,
    field: 'name',
    limit: TEXT_LIMITS.name,
  },
  {
    name: 'username',
    schema: userCreateInput,
    base: user,
    field: 'username',
    limit: TEXT_LIMITS.username,
  },
  {
    name: 'user name on update',
    schema: userUpdateInput,
    base: { ...user, id: 1, enabled: true, userType: 'Standard' },
    field: 'name',
    limit: TEXT_LIMITS.name,
  },
  {
    name: 'organization name',
    schema: organizationInput,
    base: { name: 'O' },
    field: 'name',
    limit: TEXT_LIMITS.name,
  },
  {
    name: 'project name',
    schema: projectInput,
    base: project,
    field: 'name',
    limit: TEXT_LIMITS.name,
  },
  {
    name: 'project comments',
    schema: projectInput,
    base: project,
    field: 'comments',
    limit: TEXT_LIMITS.text,
  },
  {
    name: 'project projection',
    schema: projectInput,
    base: project,
    field: 'projection',
    limit: TEXT_LIMITS.projection,
  },
  {
    name: 'project geoid grid file',
    schema: projectInput,
    base: project,
    field: 'geoidGridFile',
    limit: TEXT_LIMITS.filename,
  },
  {
    name: 'pipeline name',
    schema: pipelineInput,
    base: pipeline,
    field: 'name',
    limit: TEXT_LIMITS.name,
  },
  {
    name: 'pipeline text',
    schema: pipelineInput,
    base: pipeline,
    field: 'pipeline',
    limit: TEXT_LIMITS.pipeline,
    text: pipelineJson,
  },
  {
    name: 'processing pipeline text',
    schema: processingSubmissionInput,
    base: { artifactIds: ['1'], name: 'v2', pipeline: '{}' },
    field: 'pipeline',
    limit: TEXT_LIMITS.pipeline,
    text: pipelineJson,
  },
  {
    name: 'processScans pipeline text',
    schema: processingSubmissionSchema,
    base: { artifactIds: ['1'], name: 'v2', pipeline: '{}' },
    field: 'pipeline',
    limit: TEXT_LIMITS.pipeline,
  },
  {
    name: 'annotation title',
    schema: annotationInput,
    base: annotation,
    field: 'title',
    limit: TEXT_LIMITS.name,
  },
  {
    name: 'annotation type',
    schema: annotationInput,
    base: annotation,
    field: 'type',
    limit: TEXT_LIMITS.label,
  },
  {
    name: 'annotation comment',
    schema: annotationInput,
    base: annotation,
    field: 'comment',
    limit: TEXT_LIMITS.text,
  },
  {
    name: 'annotation scan id',
    schema: annotationInput,
    base: annotation,
    field: 'scanId',
    limit: TEXT_LIMITS.stringId,
  },
  {
    name: 'layer comments',
    schema: layerInput,
    base: layer,
    field: 'comments',
    limit: TEXT_LIMITS.text,
  },
  {
    name: 'layer styles',
    schema: layerInput,
    base: layer,
    field: 'layers',
    limit: TEXT_LIMITS.layerStyles,
    text: (length) => `[{"type":"line","x":"${'x'.repeat(length - 24)}"}]`,
  },
  {
    name: 'layer group name',
    schema: vendorInput,
    base: { name: 'G' },
    field: 'name',
    limit: TEXT_LIMITS.name,
  },
  {
    name: 'layer group description',
    schema: vendorInput,
    base: { name: 'G' },
    field: 'description',
    limit: TEXT_LIMITS.text,
  },
];

function messageOf(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : firstIssueMessage(result.error);
}

describe('stored text limits', () => {
  it.each(cases)('$name: $limit characters', ({ schema, base, field, limit, text }) => {
    const make = text ?? ((length: number) => 'a'.repeat(length));
    expect(make(limit)).toHaveLength(limit);
    expect(messageOf(schema, { ...base, [field]: make(limit) })).toBeNull();
    expect(messageOf(schema, { ...base, [field]: make(limit + 1) })).toBe(TEXT_TOO_LONG(limit));
  });

  it('reads the limit as a plain sentence', () => {
    expect(TEXT_TOO_LONG(200)).toBe('At most 200 characters');
    expect(TEXT_TOO_LONG(5000)).toBe('At most 5,000 characters');
  });

  it('bounds the phone number before its pattern is tried', () => {
    expect(messageOf(userCreateInput, { ...user, phone: '5'.repeat(TEXT_LIMITS.phone + 1) })).toBe(
      TEXT_TOO_LONG(TEXT_LIMITS.phone),
    );
  });

  it('bounds tags: each one and how many', () => {
    const tags = (count: number, length = 5) =>
      Array.from({ length: count }, (_, i) => `${i}`.padEnd(length, 't'));
    expect(messageOf(projectInput, { ...project, tagOptions: tags(TEXT_LIMITS.tags) })).toBeNull();
    expect(messageOf(projectInput, { ...project, tagOptions: tags(TEXT_LIMITS.tags + 1) })).toBe(
      LIST_TOO_LONG(TEXT_LIMITS.tags),
    );
    expect(messageOf(projectInput, { ...project, tagOptions: tags(1, TEXT_LIMITS.tag + 1) })).toBe(
      TEXT_TOO_LONG(TEXT_LIMITS.tag),
    );
    expect(
      messageOf(pipelineInput, { ...pipeline, dependencies: tags(1, TEXT_LIMITS.tag + 1) }),
    ).toBe(TEXT_TOO_LONG(TEXT_LIMITS.tag));
  });

  it('bounds the devices of an organization', () => {
    const deviceIds = Array.from({ length: TEXT_LIMITS.idList + 1 }, (_, i) => `LG-${i}`);
    expect(messageOf(organizationInput, { name: 'O', deviceIds })).toBe(
      LIST_TOO_LONG(TEXT_LIMITS.idList),
    );
  });

  it('bounds scan metadata as serialized JSON', () => {
    const metadata = (length: number) => ({ note: 'x'.repeat(length - 11) });
    expect(JSON.stringify(metadata(TEXT_LIMITS.json))).toHaveLength(TEXT_LIMITS.json);
    expect(
      messageOf(updateScanHeaderSchema, { id: 'S1', metadata: metadata(TEXT_LIMITS.json) }),
    ).toBeNull();
    expect(
      messageOf(updateScanHeaderSchema, { id: 'S1', metadata: metadata(TEXT_LIMITS.json + 1) }),
    ).toBe(JSON_TOO_LONG(TEXT_LIMITS.json));
  });
});
