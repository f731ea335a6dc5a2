import { describe, expect, it } from 'vitest';
import {
  HELMERT_EMPTY_FORM,
  HELMERT_EXAMPLE_FORM,
  helmertJson,
  projectionPlaceholder,
} from './project-form.ts';

describe('project form', () => {
  it('sends Helmert parameters as JSON, or null when all blank', () => {
    expect(helmertJson(HELMERT_EMPTY_FORM)).toBeNull();
    const example = JSON.parse(helmertJson(HELMERT_EXAMPLE_FORM) ?? '{}');
    expect(example).toMatchObject({ name: 'ITRF08 to NAD83(CSRS)', reference_year: 2010 });
  });

  it("suggests a projection in the project's own UTM zone", () => {
    expect(projectionPlaceholder('31N')).toBe('+proj=utm +zone=31 +datum=WGS84 +units=m +no_defs');
    expect(projectionPlaceholder('{"utm":"33s"}')).toBe(
      '+proj=utm +zone=33 +south +datum=WGS84 +units=m +no_defs',
    );
    expect(projectionPlaceholder('')).toBe('+proj=utm +zone=10 +datum=WGS84 +units=m +no_defs');
  });
});
