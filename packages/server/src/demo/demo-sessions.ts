import { PACKAGE_CLOUD_VERSION } from '@asset-portal/shared';
import type { Insertable } from 'kysely';
import type { ArtifactsTable, ScansTable, SessionsTable } from '../db/schema.ts';
import { scanPathColumns } from '../modules/scan-summary/viewer-path.ts';
import { pathLength, splitFlightLine } from './flight-line.ts';

/** A path vertex with its time in seconds after the session start. */
export interface TimedVertex {
  lon: number;
  lat: number;
  seconds: number;
}

export interface DemoScanSpec {
  tags: string[];
  status: 'final' | 'provisional';
  cameras: boolean;
  orientation: 'forward' | 'backward';
}

export interface DemoSessionSpec {
  deviceId: string;
  organizationId: number;
  projectId: number | null;
  bucket: string;
  start: Date;
  durationSeconds: number;
  /** Session path; cut into one consecutive piece per scan. */
  path: TimedVertex[];
  scans: DemoScanSpec[];
  friendlyLocationName: string;
  friendlyName: string;
  mount: string;
  pointCloud: { size: number | null; source: string; points: number | null };
}

export interface DemoSessionRows {
  session: Insertable<SessionsTable>;
  scans: Insertable<ScansTable>[];
  artifacts: Insertable<ArtifactsTable>[];
}

const CAMERAS = ['left_cam', 'center_cam', 'right_cam'] as const;

function stamp(date: Date): string {
  const iso = date.toISOString(); // 2024-04-16T16:31:16.000Z
  return `${iso.slice(0, 10).replaceAll('-', '')}_${iso.slice(11, 19).replaceAll(':', '')}`;
}

/** Session id as the device writes it: device id without the dash, UTC start date and time. */
export function demoSessionId(deviceId: string, start: Date): string {
  return `${deviceId.replace('-', '')}_${stamp(start)}`;
}

function at(start: Date, seconds: number): Date {
  return new Date(start.getTime() + Math.round(seconds * 1000));
}

/** Builds the session, its scans (consecutive time ranges of the path) and their artifacts. */
export function buildDemoSession(spec: DemoSessionSpec): DemoSessionRows {
  const sessionId = demoSessionId(spec.deviceId, spec.start);
  const end = at(spec.start, spec.durationSeconds);
  const pieces = splitFlightLine(spec.path, spec.scans.length);
  const folder = `${spec.organizationId}/${spec.projectId ?? 'unassigned'}`;
  const scans: Insertable<ScansTable>[] = [];
  const artifacts: Insertable<ArtifactsTable>[] = [];

  pieces.forEach((piece, index) => {
    const scanSpec = spec.scans[index]!;
    const scanId = `${sessionId}_${String(index + 1).padStart(2, '0')}`;
    const first = index === 0 ? 0 : piece[0]!.seconds;
    const last = index === pieces.length - 1 ? spec.durationSeconds : piece.at(-1)!.seconds;
    const coordinates = piece.map((vertex) => [round(vertex.lon), round(vertex.lat)]);
    scans.push({
      id: scanId,
      organizationId: spec.organizationId,
      sessionId,
      projectId: spec.projectId,
      deviceId: spec.deviceId,
      friendlyName: `${spec.friendlyName} ${index + 1}`,
      type: 'Mobile',
      assignmentType: spec.projectId === null ? null : 'Device',
      tags: scanSpec.tags,
      length: Math.round(pathLength(coordinates) * 100) / 100,
      metadata: JSON.stringify({
        trajectory_orientation: scanSpec.orientation,
        device_orientation: 'level',
        device_position: spec.mount,
      }),
      comment: null,
      defaultVersion: PACKAGE_CLOUD_VERSION,
      capturedTimestamp: at(spec.start, first),
      endCapturedTimestamp: at(spec.start, last),
      friendlyLocationName: spec.friendlyLocationName,
      ...scanPathColumns({ type: 'LineString', coordinates }),
    });
    const prefix = `s3://${spec.bucket}/${folder}/${scanId}`;
    artifacts.push({
      scanId,
      artifactType: 'pointcloud',
      name: PACKAGE_CLOUD_VERSION,
      s3Url: `${prefix}/pointcloud.las`,
      status: scanSpec.status,
      size: spec.pointCloud.size,
      parameters: JSON.stringify({
        source: spec.pointCloud.source,
        points: spec.pointCloud.points,
      }),
    });
    if (scanSpec.cameras) {
      for (const camera of CAMERAS) {
        artifacts.push({
          scanId,
          artifactType: camera,
          name: camera,
          s3Url: `${prefix}/${camera}/`,
          status: scanSpec.status,
        });
      }
    }
  });

  return {
    session: {
      id: sessionId,
      organizationId: spec.organizationId,
      deviceId: spec.deviceId,
      projectId: spec.projectId,
      assignmentType: spec.projectId === null ? null : 'Device',
      capturedTimestamp: spec.start,
      endCapturedTimestamp: end,
      manifest: JSON.stringify({
        formatVersion: 1,
        deviceId: spec.deviceId,
        sessionId,
        demo: true,
        source: spec.pointCloud.source,
      }),
    },
    scans,
    artifacts,
  };
}

// Seven decimals of a degree are about a centimetre: plenty for a map path.
function round(value: number): number {
  return Math.round(value * 1e7) / 1e7;
}

/**
 * A straight synthetic path of `count` vertices through a point, `lengthMetres` long along the
 * given bearing, timed evenly over the duration. Used where no point cloud exists for a site.
 */
export function straightPath(
  center: { lon: number; lat: number },
  bearingDegrees: number,
  lengthMetres: number,
  count: number,
  durationSeconds: number,
): TimedVertex[] {
  const metresPerDegreeLat = 111_320;
  const metresPerDegreeLon = 111_320 * Math.cos((center.lat * Math.PI) / 180);
  const bearing = (bearingDegrees * Math.PI) / 180;
  return Array.from({ length: count }, (_, i) => {
    const along = (i / (count - 1) - 0.5) * lengthMetres;
    return {
      lon: center.lon + (along * Math.sin(bearing)) / metresPerDegreeLon,
      lat: center.lat + (along * Math.cos(bearing)) / metresPerDegreeLat,
      seconds: (i / (count - 1)) * durationSeconds,
    };
  });
}
