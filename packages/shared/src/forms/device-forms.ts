/** Dialogs about devices and their sessions (spec §2 Organizations, Device Assignment). */
import { z } from 'zod';
import { TEXT_LIMITS } from '../constants.ts';
import {
  DEVICE_ASSIGNMENT_FROM_BEFORE_TO,
  DEVICE_ASSIGNMENT_INVALID_TIME,
  DEVICE_ASSIGNMENT_OVERLAP,
  findOverlap,
  utcFromDateTimeLocal,
} from '../device-assignment-rules.ts';
import { TEXT_TOO_LONG, VALUE_REQUIRED } from '../messages.ts';
import { requiredChoice } from './form-fields.ts';

const requiredTextWithin = (max: number) =>
  z
    .string()
    .refine((value) => value.trim() !== '', VALUE_REQUIRED)
    .refine((value) => value.trim().length <= max, TEXT_TOO_LONG(max));

/** 'Register device': an id, a name and an organization; the server checks the id's form. */
export const registerDeviceFormSchema = z.object({
  id: requiredTextWithin(TEXT_LIMITS.stringId),
  name: requiredTextWithin(TEXT_LIMITS.name),
  organizationId: requiredChoice,
});

/** 'Assign to project': the project the session moves into. */
export const assignSessionFormSchema = z.object({ projectId: requiredChoice });

/** An assignment the organization already has, as the overlap check needs it. */
export interface ExistingAssignment {
  id: string;
  deviceId: string;
  from: string;
  to: string | null;
  project?: { name: string } | null;
}

/** Where the form's overlap message goes: a form-wide error, shown above the buttons. */
export const ASSIGNMENT_PERIOD_ERROR_PATH = ['root', 'period'] as const;

const blank = (text: string) => text.trim() === '';

/**
 * 'New/Edit Assignment' (spec §2 Device Assignment), with the rules the server also applies:
 * device, project and from are required, times are datetime-local text read as UTC, from is
 * before to, and the period overlaps no other period of the same device among `assignments`
 * (the one being edited, `selfId`, aside). The output is what create and update send.
 */
export function deviceAssignmentFormSchema(
  assignments: readonly ExistingAssignment[],
  selfId: string | null,
) {
  const time = (required: boolean) =>
    z.string().superRefine((text, ctx) => {
      if (blank(text)) {
        if (required) ctx.addIssue({ code: 'custom', message: VALUE_REQUIRED });
      } else if (!utcFromDateTimeLocal(text)) {
        ctx.addIssue({ code: 'custom', message: DEVICE_ASSIGNMENT_INVALID_TIME });
      }
    });
  return z
    .object({
      deviceId: requiredChoice,
      projectId: requiredChoice,
      from: time(true),
      to: time(false),
    })
    .superRefine((values, ctx) => {
      const from = utcFromDateTimeLocal(values.from);
      const to = blank(values.to) ? null : utcFromDateTimeLocal(values.to);
      if (from && to && from.getTime() >= to.getTime()) {
        ctx.addIssue({ code: 'custom', message: DEVICE_ASSIGNMENT_FROM_BEFORE_TO, path: ['to'] });
        return;
      }
      // The overlap is judged only for an otherwise complete, valid period.
      const complete = values.deviceId && values.projectId && from && (to || blank(values.to));
      if (!complete) return;
      const others = assignments
        .filter((a) => a.deviceId === values.deviceId && a.id !== selfId)
        .map((a) => ({ ...a, from: new Date(a.from), to: a.to ? new Date(a.to) : null }));
      const overlap = findOverlap({ from, to }, others);
      if (overlap) {
        ctx.addIssue({
          code: 'custom',
          message: DEVICE_ASSIGNMENT_OVERLAP(
            overlap.deviceId,
            overlap.project?.name ?? '',
            overlap,
          ),
          path: [...ASSIGNMENT_PERIOD_ERROR_PATH],
        });
      }
    })
    .transform((values) => ({
      deviceId: values.deviceId,
      projectId: values.projectId,
      // Valid here: the checks above stop the parse otherwise.
      from: utcFromDateTimeLocal(values.from)?.toISOString() ?? '',
      to: utcFromDateTimeLocal(values.to)?.toISOString() ?? null,
    }));
}
