import { describe, expect, it } from 'vitest';
import { HELMERT_EMPTY_FORM, HELMERT_EXAMPLE_FORM, helmertJson } from './project-form.ts';

describe('project form', () => {
  it('sends Helmert parameters as JSON, or null when all blank', () => {
    expect(helmertJson(HELMERT_EMPTY_FORM)).toBeNull();
    const example = JSON.parse(helmertJson(HELMERT_EXAMPLE_FORM) ?? '{}');
    expect(example).toMatchObject({ name: 'ITRF08 to NAD83(CSRS)', reference_year: 2010 });
  });
});
