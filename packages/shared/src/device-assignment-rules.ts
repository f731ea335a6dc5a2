/**
 * Device assignment rules (spec §2 Device Assignment): a device is assigned to a project of its
 * own organization for a period [from, to); an open period has no end. The periods of one device
 * never overlap, so a capture time names at most one project.
 */
import { z } from 'zod';
import { entityIdSchema, stringIdSchema } from './api-inputs.ts';
import { VALUE_REQUIRED } from './messages.ts';

export const DEVICE_ASSIGNMENT_FROM_BEFORE_TO = 'From must be before To';
export const DEVICE_ASSIGNMENT_SAME_ORGANIZATION =
  'The device and the project must belong to the same organization.';
export const DEVICE_ASSIGNMENT_INVALID_TIME = 'Not a valid date and time';
export const CONFIRM_DEVICE_ASSIGNMENT_DELETION_TITLE = 'Confirm Assignment Deletion';
export const CONFIRM_DEVICE_ASSIGNMENT_DELETION = (
  deviceId: string,
  projectName: string,
  placedSessions: number,
): string => {
  // No other period of the device can cover the time: a device's periods never overlap.
  const moved =
    placedSessions === 0
      ? 'It placed no session in the project'
      : `The ${placedSessions === 1 ? 'session' : `${placedSessions} sessions`} it placed in the project ${placedSessions === 1 ? 'goes' : 'go'} to Unassigned scans`;
  return `Are you sure you want to delete the assignment of device ${deviceId} to project '${projectName}'? ${moved}; data imported or assigned by hand stays.`;
};
export const DEVICE_ASSIGNMENT_CREATED = 'Device assignment created';
export const DEVICE_ASSIGNMENT_UPDATED = 'Device assignment updated';
export const DEVICE_ASSIGNMENT_DELETED = 'Device assignment deleted';
/** Shown in the To column and the dialog for a period without an end. */
export const OPEN_ENDED = 'open-ended';

/** A period as the rules see it; a null `to` is open-ended. */
export interface AssignmentPeriod {
  from: Date;
  to: Date | null;
}

/** 'YYYY-MM-DD HH:mm UTC', the form periods are shown in (seconds only when present). */
export function formatUtc(date: Date): string {
  const iso = date.toISOString();
  const seconds = iso.slice(17, 19) === '00' ? '' : iso.slice(16, 19);
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)}${seconds} UTC`;
}

export const DEVICE_ASSIGNMENT_OVERLAP = (
  deviceId: string,
  projectName: string,
  period: AssignmentPeriod,
): string =>
  `This period overlaps the assignment of device ${deviceId} to project '${projectName}' from ` +
  `${formatUtc(period.from)} ${period.to ? `to ${formatUtc(period.to)}` : 'with no end'}.`;

/**
 * The overlap with a period of another organization: the device's earlier owner's, kept with
 * the captures it placed when the device moved. Its project is not named; who can end it is.
 */
export const DEVICE_ASSIGNMENT_OVERLAP_OTHER_ORGANIZATION = (
  deviceId: string,
  period: AssignmentPeriod,
): string =>
  `This period overlaps an assignment of device ${deviceId} to a project of another organization ` +
  `(an earlier owner of the device) from ${formatUtc(period.from)} ` +
  `${period.to ? `to ${formatUtc(period.to)}` : 'with no end'}: captures of that time are theirs. ` +
  'Choose a period outside it, or ask an Admin to shorten or delete that assignment.';

/** True when two half-open periods share an instant; touching ends do not overlap. */
export function periodsOverlap(a: AssignmentPeriod, b: AssignmentPeriod): boolean {
  const aEndsAfterBStarts = a.to === null || a.to.getTime() > b.from.getTime();
  const bEndsAfterAStarts = b.to === null || b.to.getTime() > a.from.getTime();
  return aEndsAfterBStarts && bEndsAfterAStarts;
}

/** The first of `others` that overlaps `period`, if any. */
export function findOverlap<T extends AssignmentPeriod>(
  period: AssignmentPeriod,
  others: readonly T[],
): T | undefined {
  return others.find((other) => periodsOverlap(period, other));
}

/** True when the capture time falls in the period (from inclusive, to exclusive). */
export function periodContains(period: AssignmentPeriod, at: Date): boolean {
  const time = at.getTime();
  return period.from.getTime() <= time && (period.to === null || time < period.to.getTime());
}

// Timestamps arrive as ISO strings (GraphQL DateTime) or Date objects.
const timestamp = z
  .union([z.date(), z.string().trim()], { error: VALUE_REQUIRED })
  .transform((value, ctx) => {
    if (value === '') {
      ctx.addIssue({ code: 'custom', message: VALUE_REQUIRED });
      return z.NEVER;
    }
    const date = value instanceof Date ? value : new Date(value);
    if (Number.isNaN(date.getTime())) {
      ctx.addIssue({ code: 'custom', message: DEVICE_ASSIGNMENT_INVALID_TIME });
      return z.NEVER;
    }
    return date;
  });

/** createDeviceAssignment(deviceId, projectId, from, to): to is optional (open-ended). */
export const deviceAssignmentInput = z
  .object({
    deviceId: stringIdSchema,
    projectId: entityIdSchema,
    from: timestamp,
    to: z
      .union([z.literal(''), timestamp])
      .nullish()
      .transform((value) => (value instanceof Date ? value : null)),
  })
  .refine((value) => value.to === null || value.from.getTime() < value.to.getTime(), {
    message: DEVICE_ASSIGNMENT_FROM_BEFORE_TO,
    path: ['to'],
  });
export type DeviceAssignmentInput = z.output<typeof deviceAssignmentInput>;

export const deviceAssignmentUpdateInput = z
  .object({ id: entityIdSchema })
  .and(deviceAssignmentInput);
export type DeviceAssignmentUpdateInput = z.output<typeof deviceAssignmentUpdateInput>;

/**
 * The value of an `<input type="datetime-local">` read as UTC ('2024-05-01T08:30' →
 * 2024-05-01T08:30:00.000Z); null when blank or not a date.
 */
export function utcFromDateTimeLocal(value: string | null | undefined): Date | null {
  const text = (value ?? '').trim();
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(text)) return null;
  const date = new Date(`${text}Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The UTC time as an `<input type="datetime-local">` value ('2024-05-01T08:30'). */
export function dateTimeLocalFromUtc(value: Date | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const iso = date.toISOString();
  return iso.slice(17, 19) === '00' ? iso.slice(0, 16) : iso.slice(0, 19);
}
