/**
 * Scans whose capture time no device assignment covered land in no project; they are listed on
 * the Device Assignment screen until an assignment covers them or they are assigned by hand.
 */
import { formatUtc } from './device-assignment-rules.ts';

/** Set on sessions and scans placed by a device assignment; they follow later changes to it. */
export const ASSIGNMENT_TYPE_DEVICE = 'Device';
/** Set on sessions and scans assigned by hand; assignment changes leave them where they are. */
export const ASSIGNMENT_TYPE_MANUAL = 'Manual';

export const NO_ASSIGNMENT_COVERS = (deviceId: string, capturedAt: Date): string =>
  `no assignment of device ${deviceId} covers ${formatUtc(capturedAt)}`;
export const ASSIGNMENT_OF_OTHER_ORGANIZATION = (deviceId: string, capturedAt: Date): string =>
  `the assignment of device ${deviceId} at ${formatUtc(capturedAt)} is to a project of another organization`;
export const SESSION_PROJECT_SAME_ORGANIZATION =
  "The project must belong to the session's organization.";

export const UNASSIGNED_SCANS_TITLE = 'Unassigned scans';
export const NO_UNASSIGNED_SCANS = 'Every scan is in a project.';
export const ASSIGN_TO_PROJECT = 'Assign to project';
export const SESSION_ASSIGNED = (sessionId: string, projectName: string): string =>
  `Session ${sessionId} assigned to project '${projectName}'`;

export const REGISTER_DEVICE = 'Register device';
export const DEVICE_ALREADY_REGISTERED = (id: string): string =>
  `Device ${id} is already registered`;
export const DEVICE_REGISTERED = (id: string): string => `Device ${id} registered`;
