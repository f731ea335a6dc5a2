import { describe, expect, it } from 'vitest';
import { PROJECTION_INVALID, projectionError } from './project-rules.ts';

// The one projection rule: the project form shows its message, the server refuses with it.
describe('projection rule', () => {
  it('accepts blank and valid proj4 definitions and rejects invalid ones', () => {
    expect(projectionError('')).toBeNull();
    expect(projectionError('+proj=utm +zone=10 +datum=WGS84 +units=m +no_defs')).toBeNull();
    expect(projectionError('+proj=nonsense')).toBe(PROJECTION_INVALID('+proj=nonsense'));
    expect(projectionError('+proj=utm')).toBe(PROJECTION_INVALID('+proj=utm'));
  });
});
