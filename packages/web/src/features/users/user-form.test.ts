import { describe, expect, it } from 'vitest';
import { blankToNull, userFieldRules, userTypeForOrganization } from './user-form.ts';

describe('user form rules', () => {
  it('reports the spec messages', () => {
    expect(userFieldRules.required.validate(' ')).toBe('Value is required');
    expect(userFieldRules.email.validate('a@b')).toBe('E-mail is not valid');
    expect(userFieldRules.email.validate('jane@example.com')).toBe(true);
    expect(userFieldRules.phone.validate('12')).toBe('Phone number is not valid');
    expect(userFieldRules.phone.validate('')).toBe(true);
    expect(userFieldRules.phone.validate('+1 604.555.0100')).toBe(true);
  });

  it('keeps the user type when the organization offers it, else falls back to Standard', () => {
    expect(userTypeForOrganization('Power User', 'Northwind Surveying')).toBe('Power User');
    expect(userTypeForOrganization('Power User', 'LuxGear Systems')).toBe('Standard');
    expect(userTypeForOrganization('Admin', 'Northwind Surveying')).toBe('Standard');
    expect(userTypeForOrganization('Admin', 'LuxGear Systems')).toBe('Admin');
  });

  it('sends blank optional text as null', () => {
    expect(blankToNull('  ')).toBeNull();
    expect(blankToNull(' 604 555 0100 ')).toBe('604 555 0100');
  });
});
