import { describe, expect, it } from 'vitest';
import { userTypeForOrganization } from './user-form.ts';

describe('user form', () => {
  it('keeps the user type when the organization offers it, else falls back to Standard', () => {
    expect(userTypeForOrganization('Power User', 'Northwind Surveying')).toBe('Power User');
    expect(userTypeForOrganization('Power User', 'LuxGear Systems')).toBe('Standard');
    expect(userTypeForOrganization('Admin', 'Northwind Surveying')).toBe('Standard');
    expect(userTypeForOrganization('Admin', 'LuxGear Systems')).toBe('Admin');
  });
});
