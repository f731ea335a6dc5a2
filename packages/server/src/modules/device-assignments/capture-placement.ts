import {
  ASSIGNMENT_OF_OTHER_ORGANIZATION,
  ASSIGNMENT_TYPE_DEVICE,
  NO_ASSIGNMENT_COVERS,
} from '@asset-portal/shared';
import type { Db } from '../../db/database.ts';
import { deviceAssignmentRepository as repo } from './device-assignment.repository.ts';

/** A period of one device with the organization of its project. */
export interface DevicePeriod {
  projectId: number;
  organizationId: number;
  fromTimestamp: Date;
  toTimestamp: Date | null;
}

/** Where a capture belongs: a project, or none and why. */
export type Placement =
  | { projectId: number; reason?: undefined }
  | { projectId: null; reason: string };

/** True when the half-open period [from, to) contains the instant. */
export function periodCovers(
  period: Pick<DevicePeriod, 'fromTimestamp' | 'toTimestamp'>,
  at: Date,
) {
  return (
    period.fromTimestamp.getTime() <= at.getTime() &&
    (period.toTimestamp === null || period.toTimestamp.getTime() > at.getTime())
  );
}

/**
 * The one rule placing captured data: a session or scan belongs to the project whose period of
 * its device contains the capture time, provided that project is of the organization the data
 * was uploaded to (a device may have changed organization since). Ingestion and every change to
 * an assignment apply it, so both always agree.
 */
export function placeCapture(
  periods: readonly DevicePeriod[],
  deviceId: string,
  capturedAt: Date,
  organizationId: number,
): Placement {
  const period = periods.find((p) => periodCovers(p, capturedAt));
  if (!period) return { projectId: null, reason: NO_ASSIGNMENT_COVERS(deviceId, capturedAt) };
  if (period.organizationId !== organizationId) {
    return { projectId: null, reason: ASSIGNMENT_OF_OTHER_ORGANIZATION(deviceId, capturedAt) };
  }
  return { projectId: period.projectId };
}

/** The assignment type stored beside a project placed by the rule. */
export function deviceAssignmentType(projectId: number | null): string | null {
  return projectId === null ? null : ASSIGNMENT_TYPE_DEVICE;
}

/** A stretch of capture time whose placement an assignment change may have altered. */
export interface CaptureWindow {
  deviceId: string;
  from: Date;
  to: Date | null;
}

/**
 * Applies the rule again to the sessions and scans captured within the windows (the old and the
 * new period of a changed assignment), after the change is written and in the same transaction:
 * newly covered data moves into the project, data no longer covered goes back to no project.
 */
export async function replaceCaptures(db: Db, windows: readonly CaptureWindow[]) {
  const periodsByDevice = new Map<string, DevicePeriod[]>();
  for (const window of windows) {
    let periods = periodsByDevice.get(window.deviceId);
    if (!periods) {
      periods = await repo.devicePeriods(db, window.deviceId);
      periodsByDevice.set(window.deviceId, periods);
    }
    for (const table of ['sessions', 'scans'] as const) {
      const rows = await repo.placedCaptures(db, table, window.deviceId, window);
      const moves = new Map<number | null, string[]>();
      for (const row of rows) {
        if (row.capturedTimestamp === null) continue;
        const { projectId } = placeCapture(
          periods,
          window.deviceId,
          row.capturedTimestamp,
          row.organizationId,
        );
        if (projectId === row.projectId) continue;
        moves.set(projectId, [...(moves.get(projectId) ?? []), row.id]);
      }
      for (const [projectId, ids] of moves) {
        await repo.setPlacement(db, table, ids, projectId, deviceAssignmentType(projectId));
      }
    }
  }
}
