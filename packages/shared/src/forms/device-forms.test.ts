import { describe, expect, it } from 'vitest';
import {
  DEVICE_ASSIGNMENT_FROM_BEFORE_TO,
  DEVICE_ASSIGNMENT_INVALID_TIME,
} from '../device-assignment-rules.ts';
import { VALUE_REQUIRED } from '../messages.ts';
import {
  assignSessionFormSchema,
  deviceAssignmentFormSchema,
  registerDeviceFormSchema,
} from './device-forms.ts';
import { fieldMessages } from './form-messages.test-support.ts';

describe('register device form', () => {
  it('requires an id, a name and an organization', () => {
    expect(
      fieldMessages(registerDeviceFormSchema, { id: ' ', name: '', organizationId: '' }),
    ).toEqual({ id: VALUE_REQUIRED, name: VALUE_REQUIRED, organizationId: VALUE_REQUIRED });
    expect(
      fieldMessages(registerDeviceFormSchema, { id: 'LG-1', name: 'Lux 1', organizationId: '2' }),
    ).toEqual({});
  });
});

describe('assign session form', () => {
  it('requires a project', () => {
    expect(fieldMessages(assignSessionFormSchema, { projectId: '' })).toEqual({
      projectId: VALUE_REQUIRED,
    });
  });
});

describe('device assignment form', () => {
  const existing = [
    {
      id: '1',
      deviceId: 'LG-1',
      from: '2024-01-01T00:00:00.000Z',
      to: '2024-02-01T00:00:00.000Z',
      project: { name: 'Alpha' },
    },
  ];
  const values = { deviceId: 'LG-1', projectId: '8', from: '2024-02-01T00:00', to: '' };

  it('sends UTC times and allows an open end', () => {
    expect(deviceAssignmentFormSchema(existing, null).parse(values)).toEqual({
      deviceId: 'LG-1',
      projectId: '8',
      from: '2024-02-01T00:00:00.000Z',
      to: null,
    });
  });

  it('requires device, project and from, and from before to', () => {
    const schema = deviceAssignmentFormSchema([], null);
    expect(fieldMessages(schema, { deviceId: '', projectId: '', from: '', to: '' })).toEqual({
      deviceId: VALUE_REQUIRED,
      projectId: VALUE_REQUIRED,
      from: VALUE_REQUIRED,
    });
    expect(fieldMessages(schema, { ...values, to: '2024-01-01T00:00' })).toEqual({
      to: DEVICE_ASSIGNMENT_FROM_BEFORE_TO,
    });
    expect(fieldMessages(schema, { ...values, deviceId: '', to: '2024-01-01T00:00' })).toEqual({
      deviceId: VALUE_REQUIRED,
      to: DEVICE_ASSIGNMENT_FROM_BEFORE_TO,
    });
    expect(fieldMessages(schema, { ...values, from: '2024-13-01T00:00' })).toEqual({
      from: DEVICE_ASSIGNMENT_INVALID_TIME,
    });
  });

  it('refuses an overlap with another period of the device, not with itself', () => {
    const overlapping = { ...values, from: '2024-01-15T00:00' };
    expect(fieldMessages(deviceAssignmentFormSchema(existing, null), overlapping)).toEqual({
      'root.period':
        "This period overlaps the assignment of device LG-1 to project 'Alpha' from 2024-01-01 00:00 UTC to 2024-02-01 00:00 UTC.",
    });
    expect(deviceAssignmentFormSchema(existing, '1').safeParse(overlapping).success).toBe(true);
    expect(
      deviceAssignmentFormSchema(existing, null).safeParse({ ...overlapping, deviceId: 'LG-2' })
        .success,
    ).toBe(true);
  });

  it('judges no overlap while another field is missing', () => {
    const overlapping = { ...values, projectId: '', from: '2024-01-15T00:00' };
    expect(fieldMessages(deviceAssignmentFormSchema(existing, null), overlapping)).toEqual({
      projectId: VALUE_REQUIRED,
    });
  });
});
