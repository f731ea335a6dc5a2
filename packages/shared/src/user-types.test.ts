import { describe, expect, it } from 'vitest';
import {
  canMarkPipelineGlobal,
  canModifyAnnotation,
  canProcess,
  isUserType,
  isVendorOrganization,
  USER_TYPES,
  userTypeOptionsForOrganization,
} from './user-types.ts';

describe('user types', () => {
  it('lists the three user types', () => {
    expect(USER_TYPES).toEqual(['Admin', 'Power User', 'Standard']);
    expect(isUserType('Power User')).toBe(true);
    expect(isUserType('power user')).toBe(false);
    expect(isUserType(undefined)).toBe(false);
  });

  it('lets Admin and Power User process', () => {
    expect(canProcess('Admin')).toBe(true);
    expect(canProcess('Power User')).toBe(true);
    expect(canProcess('Standard')).toBe(false);
    expect(canProcess(null)).toBe(false);
  });

  it('offers Admin/Standard to vendor organizations and Standard/Power User otherwise', () => {
    expect(userTypeOptionsForOrganization('LuxGear Inc')).toEqual(['Admin', 'Standard']);
    expect(userTypeOptionsForOrganization('Acme Surveys')).toEqual(['Standard', 'Power User']);
    expect(userTypeOptionsForOrganization('lux lower')).toEqual(['Standard', 'Power User']);
    expect(userTypeOptionsForOrganization(undefined)).toEqual(['Standard', 'Power User']);
  });

  it('recognises the vendor organization by prefix', () => {
    expect(isVendorOrganization('Lux')).toBe(true);
    expect(isVendorOrganization('Deluxe')).toBe(false);
    expect(canMarkPipelineGlobal('LuxGear')).toBe(true);
    expect(canMarkPipelineGlobal('Other')).toBe(false);
  });

  it('lets a Standard user modify only the annotations they wrote, others any', () => {
    expect(canModifyAnnotation({ id: 7, userType: 'Standard' }, 7)).toBe(true);
    expect(canModifyAnnotation({ id: '7', userType: 'Standard' }, 7)).toBe(true);
    expect(canModifyAnnotation({ id: 7, userType: 'Standard' }, 8)).toBe(false);
    expect(canModifyAnnotation({ id: 7, userType: 'Standard' }, null)).toBe(false);
    expect(canModifyAnnotation({ id: 7, userType: 'Power User' }, 8)).toBe(true);
    expect(canModifyAnnotation({ id: 7, userType: 'Admin' }, null)).toBe(true);
  });
});
