import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  annotationInput,
  annotationUpdateInput,
  entityIdSchema,
  firstIssueMessage,
  layerInput,
  organizationInput,
  pipelineInput,
  pipelineUpdateInput,
  projectInput,
  projectUpdateInput,
  trajectoryRunInput,
  userCreateInput,
  userUpdateInput,
  utmSchema,
  vendorInput,
} from './api-inputs.ts';
import { HELMERT_EXAMPLE } from './helmert.ts';

function messageOf(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : firstIssueMessage(result.error);
}

describe('ids', () => {
  it('accepts GraphQL ID strings and numbers', () => {
    expect(entityIdSchema.parse('42')).toBe(42);
    expect(entityIdSchema.parse(7)).toBe(7);
    for (const bad of ['', 'abc', '1.5', 0, -1, '99999999999', null]) {
      expect(entityIdSchema.safeParse(bad).success).toBe(false);
    }
    expect(messageOf(entityIdSchema, 'abc')).toBe('Invalid id');
    expect(messageOf(entityIdSchema, 0)).toBe('Invalid id');
    expect(messageOf(entityIdSchema, undefined)).toBe('Value is required');
    expect(messageOf(entityIdSchema, ' ')).toBe('Value is required');
  });
});

describe('users', () => {
  const user = {
    name: ' Jane Doe ',
    email: 'jane@example.com',
    phone: '',
    username: 'jdoe',
    organizationId: '3',
  };

  it('parses a new user', () => {
    expect(userCreateInput.parse(user)).toEqual({
      name: 'Jane Doe',
      email: 'jane@example.com',
      phone: null,
      username: 'jdoe',
      organizationId: 3,
    });
  });

  it('uses the spec messages', () => {
    expect(messageOf(userCreateInput, { ...user, email: 'nope' })).toBe('E-mail is not valid');
    expect(messageOf(userCreateInput, { ...user, phone: '12' })).toBe('Phone number is not valid');
    expect(messageOf(userCreateInput, { ...user, name: '  ' })).toBe('Value is required');
    expect(messageOf(userCreateInput, { ...user, username: undefined })).toBe('Value is required');
  });

  it('parses an edit with a user type', () => {
    const parsed = userUpdateInput.parse({
      id: '5',
      name: 'Jane',
      enabled: false,
      organizationId: 2,
      userType: 'Power User',
      email: 'jane@example.com',
      phone: '604-555-0123',
    });
    expect(parsed).toMatchObject({ id: 5, enabled: false, userType: 'Power User' });
    expect(userUpdateInput.safeParse({ ...parsed, id: '5', userType: 'Superuser' }).success).toBe(
      false,
    );
  });
});

describe('projects', () => {
  const project = { name: 'Highway 1', utm: '10N', organizationId: '1' };

  it('fills defaults', () => {
    expect(projectInput.parse(project)).toEqual({
      name: 'Highway 1',
      comments: null,
      active: true,
      organizationId: 1,
      tagOptions: ['QA - OK', 'QA - Issue/Poor'],
      projection: null,
      helmertParameters: null,
      geoidGridFile: null,
      utm: '10N',
      classifiers: 'none',
    });
  });

  it('accepts the wrapped UTM of updates', () => {
    expect(projectUpdateInput.parse({ ...project, id: '4', utm: '{"utm":"11s"}' })).toMatchObject({
      id: 4,
      utm: '11S',
    });
    expect(utmSchema.parse({ utm: '9N' })).toBe('9N');
  });

  it('rejects a missing or malformed UTM', () => {
    expect(messageOf(projectInput, { ...project, utm: '' })).toBe('Value is required');
    expect(messageOf(projectInput, { ...project, utm: '10X' })).toBe(
      'required as XX followed by N or S',
    );
  });

  it('normalizes Helmert parameters and tags', () => {
    const parsed = projectInput.parse({
      ...project,
      helmertParameters: JSON.stringify(HELMERT_EXAMPLE),
      tagOptions: ['a', 'a', 'b'],
    });
    expect(JSON.parse(parsed.helmertParameters ?? '')).toEqual(HELMERT_EXAMPLE);
    expect(parsed.tagOptions).toEqual(['a', 'b']);
    expect(projectInput.safeParse({ ...project, helmertParameters: '{' }).success).toBe(false);
  });
});

describe('pipelines', () => {
  const pipeline = {
    projectId: '2',
    name: 'Crop',
    description: 'Crops to the box',
    pipeline: '[{"type":"filters.crop"}]',
    dependencies: ['3D Bounding Box'],
  };

  it('parses a project pipeline', () => {
    expect(pipelineInput.parse(pipeline)).toEqual({ ...pipeline, projectId: 2, global: false });
  });

  it('sends a global pipeline with no project id', () => {
    expect(pipelineInput.parse({ ...pipeline, global: true }).projectId).toBeNull();
    expect(pipelineUpdateInput.parse({ ...pipeline, id: '9', global: true })).toMatchObject({
      id: 9,
      projectId: null,
    });
  });

  it('requires a project for non-global pipelines', () => {
    expect(messageOf(pipelineInput, { ...pipeline, projectId: null })).toBe('Value is required');
  });

  it('checks description length and JSON', () => {
    expect(messageOf(pipelineInput, { ...pipeline, description: 'x'.repeat(201) })).toMatch(/200/);
    expect(messageOf(pipelineInput, { ...pipeline, pipeline: '{oops' })).toBe(
      'Pipeline must be valid JSON',
    );
    expect(messageOf(pipelineInput, { ...pipeline, description: '' })).toBe('Value is required');
  });
});

describe('annotations', () => {
  const annotation = {
    scanId: 'SCAN-1',
    title: 'Crack',
    type: 'defect',
    comment: '',
    point: { type: 'Point', coordinates: [-123.1, 49.2] },
  };

  it('accepts 2D and 3D points', () => {
    expect(annotationInput.parse(annotation)).toMatchObject({ comment: null });
    expect(
      annotationInput.safeParse({
        ...annotation,
        point: { type: 'Point', coordinates: [-123.1, 49.2, 10] },
      }).success,
    ).toBe(true);
    expect(annotationUpdateInput.parse({ ...annotation, id: '3' })).not.toHaveProperty('scanId');
  });

  it.each([[[-181, 0]], [[0, 91]], [[0]], [[0, 0, 0, 0]], [['a', 0]]])(
    'rejects coordinates %j',
    (coordinates) => {
      expect(
        annotationInput.safeParse({ ...annotation, point: { type: 'Point', coordinates } }).success,
      ).toBe(false);
    },
  );

  it('rejects other geometry types', () => {
    expect(
      annotationInput.safeParse({
        ...annotation,
        point: { type: 'LineString', coordinates: [0, 0] },
      }).success,
    ).toBe(false);
  });
});

describe('other inputs', () => {
  it('deduplicates organization devices', () => {
    expect(organizationInput.parse({ name: 'Acme', deviceIds: ['D1', 'D1', 'D2'] })).toEqual({
      name: 'Acme',
      deviceIds: ['D1', 'D2'],
    });
    expect(organizationInput.parse({ name: 'Acme' }).deviceIds).toEqual([]);
  });

  it('parses trajectory submissions', () => {
    expect(trajectoryRunInput.parse({ sessionId: 'S', basestationIds: ['3', 4] })).toEqual({
      sessionId: 'S',
      basestationIds: [3, 4],
    });
  });

  it('validates layers and groups', () => {
    const layer = {
      name: 'Right of way',
      source: '{"type":"FeatureCollection","features":[]}',
      layers: '[{"type":"line","paint":{}}]',
      projectId: '1',
    };
    expect(layerInput.parse(layer)).toMatchObject({ ignore: false, showByDefault: true });
    expect(messageOf(layerInput, { ...layer, name: '' })).toBe('This field is required');
    expect(messageOf(layerInput, { ...layer, name: 'ab' })).toMatch(/3 to 50/);
    expect(messageOf(layerInput, { ...layer, source: '{"type":"Feature"}' })).toBe(
      'Invalid GeoJSON: Must be a FeatureCollection',
    );
    expect(messageOf(layerInput, { ...layer, layers: '[{"id":"x"}]' })).toMatch(/id or source/);
    expect(messageOf(vendorInput, { name: ' ' })).toBe('This field is required');
  });
});
