import { DEVICE_ASSIGNMENT_FROM_BEFORE_TO, VALUE_REQUIRED } from '@asset-portal/shared';
import { describe, expect, it } from 'vitest';
import { validateAssignment } from './assignment-form.ts';

const existing = [
  {
    id: '1',
    deviceId: 'LG-1',
    projectId: '7',
    from: '2024-01-01T00:00:00.000Z',
    to: '2024-02-01T00:00:00.000Z',
    project: { id: '7', name: 'Alpha' },
  },
];
const values = { deviceId: 'LG-1', projectId: '8', from: '2024-02-01T00:00', to: '' };

describe('device assignment form', () => {
  it('sends UTC times and allows an open end', () => {
    expect(validateAssignment(values, existing, null).variables).toEqual({
      deviceId: 'LG-1',
      projectId: '8',
      from: '2024-02-01T00:00:00.000Z',
      to: null,
    });
  });

  it('requires fields and from before to', () => {
    const empty = validateAssignment({ deviceId: '', projectId: '', from: '', to: '' }, [], null);
    expect(empty.errors).toEqual({
      deviceId: VALUE_REQUIRED,
      projectId: VALUE_REQUIRED,
      from: VALUE_REQUIRED,
    });
    const reversed = validateAssignment({ ...values, to: '2024-01-01T00:00' }, [], null);
    expect(reversed.errors.to).toBe(DEVICE_ASSIGNMENT_FROM_BEFORE_TO);
  });

  it('refuses an overlap with another period of the device, not with itself', () => {
    const overlapping = { ...values, from: '2024-01-15T00:00' };
    expect(validateAssignment(overlapping, existing, null).errors.period).toBe(
      "This period overlaps the assignment of device LG-1 to project 'Alpha' from 2024-01-01 00:00 UTC to 2024-02-01 00:00 UTC.",
    );
    expect(validateAssignment(overlapping, existing, '1').variables).not.toBeNull();
    expect(
      validateAssignment({ ...overlapping, deviceId: 'LG-2' }, existing, null).variables,
    ).not.toBeNull();
  });
});
