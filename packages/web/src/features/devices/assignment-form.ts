import {
  DEVICE_ASSIGNMENT_FROM_BEFORE_TO,
  DEVICE_ASSIGNMENT_INVALID_TIME,
  DEVICE_ASSIGNMENT_OVERLAP,
  dateTimeLocalFromUtc,
  findOverlap,
  utcFromDateTimeLocal,
  VALUE_REQUIRED,
} from '@asset-portal/shared';
import type { DeviceAssignmentItem, DeviceAssignmentVariables } from './use-device-assignments.ts';

/** The dialog's fields; times are datetime-local text read as UTC. */
export interface AssignmentFormValues {
  deviceId: string;
  projectId: string;
  from: string;
  to: string;
}

export type AssignmentFormErrors = Partial<Record<keyof AssignmentFormValues | 'period', string>>;

export function initialAssignmentValues(
  assignment: DeviceAssignmentItem | null,
): AssignmentFormValues {
  return {
    deviceId: assignment?.deviceId ?? '',
    projectId: assignment?.projectId ?? '',
    from: dateTimeLocalFromUtc(assignment?.from),
    to: dateTimeLocalFromUtc(assignment?.to),
  };
}

/**
 * The rules the server also applies (spec §2 Device Assignment): device, project and from are
 * required, from is before to, and the period overlaps no other period of the same device among
 * the organization's assignments (the server also checks the rest).
 */
export function validateAssignment(
  values: AssignmentFormValues,
  assignments: readonly DeviceAssignmentItem[],
  selfId: string | null,
): { errors: AssignmentFormErrors; variables: DeviceAssignmentVariables | null } {
  const errors: AssignmentFormErrors = {};
  if (!values.deviceId) errors.deviceId = VALUE_REQUIRED;
  if (!values.projectId) errors.projectId = VALUE_REQUIRED;
  const from = utcFromDateTimeLocal(values.from);
  if (values.from.trim() === '') errors.from = VALUE_REQUIRED;
  else if (!from) errors.from = DEVICE_ASSIGNMENT_INVALID_TIME;
  const to = values.to.trim() === '' ? null : utcFromDateTimeLocal(values.to);
  if (values.to.trim() !== '' && !to) errors.to = DEVICE_ASSIGNMENT_INVALID_TIME;
  if (from && to && from.getTime() >= to.getTime()) errors.to = DEVICE_ASSIGNMENT_FROM_BEFORE_TO;
  if (Object.keys(errors).length > 0 || !from) return { errors, variables: null };

  const others = assignments
    .filter((a) => a.deviceId === values.deviceId && a.id !== selfId)
    .map((a) => ({ ...a, from: new Date(a.from), to: a.to ? new Date(a.to) : null }));
  const overlap = findOverlap({ from, to }, others);
  if (overlap) {
    errors.period = DEVICE_ASSIGNMENT_OVERLAP(
      overlap.deviceId,
      overlap.project?.name ?? '',
      overlap,
    );
    return { errors, variables: null };
  }
  return {
    errors,
    variables: {
      deviceId: values.deviceId,
      projectId: values.projectId,
      from: from.toISOString(),
      to: to ? to.toISOString() : null,
    },
  };
}
