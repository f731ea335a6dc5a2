import { PROJECTION_INVALID } from '@asset-portal/shared';
import { describe, expect, it } from 'vitest';
import {
  HELMERT_EMPTY_FORM,
  HELMERT_EXAMPLE_FORM,
  helmertFieldError,
  helmertJson,
  projectionError,
} from './project-form.ts';

describe('project form', () => {
  it('accepts blank and valid proj4 definitions and rejects invalid ones', () => {
    expect(projectionError('')).toBeNull();
    expect(projectionError('+proj=utm +zone=10 +datum=WGS84 +units=m +no_defs')).toBeNull();
    expect(projectionError('+proj=nonsense')).toBe(PROJECTION_INVALID('+proj=nonsense'));
    expect(projectionError('+proj=utm')).toBe(PROJECTION_INVALID('+proj=utm'));
  });

  it('sends Helmert parameters as JSON, or null when all blank', () => {
    expect(helmertJson(HELMERT_EMPTY_FORM)).toBeNull();
    const example = JSON.parse(helmertJson(HELMERT_EXAMPLE_FORM) ?? '{}');
    expect(example).toMatchObject({ name: 'ITRF08 to NAD83(CSRS)', reference_year: 2010 });
    expect(helmertFieldError('1.5')).toBeNull();
    expect(helmertFieldError('east')).toBe('Must be a number');
  });
});
