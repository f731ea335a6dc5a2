import { type ActivityType, SAME_RECEIVER } from '@asset-portal/shared';
import type { BasestationFileRecord } from '../../db/schema.ts';
import { coversWindow, isSessionsOwnReceiver } from '../basestations/basestation-matching.ts';

/** The activity log's type for trajectory processing runs. */
export const TRAJECTORY_PROCESSING_ACTIVITY = 'TrajectoryProcessing' satisfies ActivityType;

/** The longest rnx2rtkp may run for one base station before the run fails. */
export const RNX2RTKP_TIMEOUT_MS = 10 * 60 * 1000;

export const SESSION_RUN_OPEN =
  'This session already has a processing run that has not finished; wait for it to end.';

/** A run's activity-log key: scoped by organization, so no other organization can hold it. */
export function runActivityKey(organizationId: number, runId: number): string {
  return `org-${organizationId}/trajectory-run-${runId}`;
}

/** The point-cloud version a passing run writes. */
export function runVersionName(runId: number): string {
  return `ppk-run-${runId}`;
}

/** A GNSS file of a session's package, as its manifest records it. */
export interface GnssRef {
  path?: string;
  kind: string;
  s3Url?: string;
  /** SHA-256 of an observation file, recorded at ingestion (absent for older sessions). */
  sha256?: string;
}

/** The stored GNSS files of a session's package: the rover's observations and navigation. */
export function sessionGnssFiles(manifest: unknown): GnssRef[] {
  const gnss = (manifest as { gnss?: unknown } | null)?.gnss;
  return Array.isArray(gnss) ? (gnss as GnssRef[]).filter((file) => file?.s3Url) : [];
}

/** The rover's observation file among a session's GNSS files, if its package brought one. */
export function roverObservationOf(files: readonly GnssRef[]): GnssRef | undefined {
  return files.find((file) => file.kind === 'observation');
}

/** Whether a session's package (its manifest) brought the rover's observations: no run without. */
export function hasRoverObservation(manifest: unknown): boolean {
  return roverObservationOf(sessionGnssFiles(manifest)) !== undefined;
}

interface SessionWindow {
  id: string;
  capturedTimestamp: Date;
  endCapturedTimestamp: Date;
  manifest: unknown;
}

interface BasestationWindow {
  id: number;
  filename: string;
  status: string;
  startTimestamp: Date | null;
  endTimestamp: Date | null;
  files: readonly BasestationFileRecord[] | null;
}

/** Why a base station cannot process the session, or null when it can. */
export function basestationProblem(
  basestation: BasestationWindow,
  session: SessionWindow,
): string | null {
  if (basestation.status !== 'Ready') {
    return `Basestation ${basestation.id} is not ready for processing (status ${basestation.status})`;
  }
  const covers =
    basestation.startTimestamp !== null &&
    basestation.endTimestamp !== null &&
    coversWindow(
      { start: basestation.startTimestamp, end: basestation.endTimestamp },
      { start: session.capturedTimestamp, end: session.endCapturedTimestamp },
    );
  if (!covers) {
    return `Basestation ${basestation.id} does not cover the session: its observations run ${iso(basestation.startTimestamp)} – ${iso(basestation.endTimestamp)} UTC, the session ${iso(session.capturedTimestamp)} – ${iso(session.endCapturedTimestamp)} UTC`;
  }
  if (isSessionsOwnReceiver(basestation.files ?? [], sessionGnssFiles(session.manifest))) {
    return SAME_RECEIVER(basestation.id, basestation.filename, session.id);
  }
  return null;
}

function iso(date: Date | null): string {
  return date ? date.toISOString().replace('.000Z', 'Z') : '?';
}
