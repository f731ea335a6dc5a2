import { dateTimeLocalFromUtc } from '@asset-portal/shared';
import type { DeviceAssignmentItem } from './use-device-assignments.ts';

/** The dialog's fields; times are datetime-local text read as UTC. */
export interface AssignmentFormValues {
  deviceId: string;
  projectId: string;
  from: string;
  to: string;
}

/** The form's starting values: blank for a new assignment, the stored period as UTC text. */
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
