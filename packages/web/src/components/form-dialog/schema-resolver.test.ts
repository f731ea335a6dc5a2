import {
  deviceAssignmentFormSchema,
  newUserFormSchema,
  VALUE_REQUIRED,
} from '@asset-portal/shared';
import { describe, expect, it } from 'vitest';
import { schemaResolver } from './schema-resolver.ts';

const options = { fields: {}, shouldUseNativeValidation: false } as const;

describe('schemaResolver', () => {
  it('gives each field the first message of the shared schema', async () => {
    const resolver = schemaResolver<{
      name: string;
      username: string;
      email: string;
      phone: string;
      organizationId: string;
    }>()(newUserFormSchema);
    const result = await resolver(
      { name: '', username: 'jdoe', email: '', phone: '', organizationId: '2' },
      undefined,
      options,
    );
    expect(result.errors.name?.message).toBe(VALUE_REQUIRED);
    expect(result.errors.email?.message).toBe(VALUE_REQUIRED);
    expect(result.errors.username).toBeUndefined();
  });

  it('hands the schema output to the submit handler', async () => {
    const resolver = schemaResolver<{
      deviceId: string;
      projectId: string;
      from: string;
      to: string;
    }>()(deviceAssignmentFormSchema([], null));
    const result = await resolver(
      { deviceId: 'LG-1', projectId: '8', from: '2024-02-01T00:00', to: '' },
      undefined,
      options,
    );
    expect(result.values).toEqual({
      deviceId: 'LG-1',
      projectId: '8',
      from: '2024-02-01T00:00:00.000Z',
      to: null,
    });
  });

  it('keeps a form-wide message under root', async () => {
    const existing = [{ id: '1', deviceId: 'LG-1', from: '2024-01-01T00:00:00.000Z', to: null }];
    const resolver = schemaResolver<{
      deviceId: string;
      projectId: string;
      from: string;
      to: string;
    }>()(deviceAssignmentFormSchema(existing, null));
    const result = await resolver(
      { deviceId: 'LG-1', projectId: '8', from: '2024-02-01T00:00', to: '' },
      undefined,
      options,
    );
    expect(result.errors.root?.period?.message).toMatch(/^This period overlaps/);
  });
});
