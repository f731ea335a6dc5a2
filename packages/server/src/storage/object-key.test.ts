import { describe, expect, it } from 'vitest';
import { InvalidObjectKeyError, isScopedKey, objectKey, organizationPrefix } from './object-key.ts';

describe('objectKey', () => {
  it('scopes keys by organization and project', () => {
    expect(
      objectKey({ organizationId: 7, projectId: 12, kind: 'packages', name: 'a/b.luxlz' }),
    ).toBe('org-7/project-12/packages/a/b.luxlz');
    expect(objectKey({ organizationId: 'o1', kind: 'artifacts', name: 'x_1-2.las' })).toBe(
      'org-o1/project-none/artifacts/x_1-2.las',
    );
    expect(organizationPrefix(7)).toBe('org-7/');
  });

  it.each([
    '../org-8/project-1/packages/x',
    'a/../../org-8/x',
    'a/./b',
    '/etc/passwd',
    'a\\..\\b',
    'a//b',
    'a/',
    '',
    'scan 1.luxlz',
    'a%2F..%2Fb',
    'naïve.las',
    'a\0b',
    '..',
  ])('refuses the name %j', (name) => {
    expect(() => objectKey({ organizationId: 1, kind: 'packages', name })).toThrow(
      InvalidObjectKeyError,
    );
  });

  it('refuses ids and kinds that would add segments', () => {
    expect(() => objectKey({ organizationId: '1/..', kind: 'packages', name: 'x' })).toThrow();
    expect(() =>
      objectKey({ organizationId: 1, projectId: '../2', kind: 'x', name: 'x' }),
    ).toThrow();
    expect(() => objectKey({ organizationId: 1, kind: 'a/b', name: 'x' })).toThrow();
  });

  it('tells whether a key belongs to an organization', () => {
    expect(isScopedKey('org-1/project-2/packages/x.luxlz', 1)).toBe(true);
    expect(isScopedKey('org-1/project-2/packages/x.luxlz', 2)).toBe(false);
    expect(isScopedKey('org-10/project-2/packages/x.luxlz', 1)).toBe(false);
    expect(isScopedKey('org-1/project-2/packages/../x', 1)).toBe(false);
  });
});
