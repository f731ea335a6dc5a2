import { existsSync } from 'node:fs';
import path from 'node:path';
import { NAD83_UTM_10N, WGS84_UTM_42N } from './demo-catalog.ts';
import { type DemoSessionSpec, straightPath, type TimedVertex } from './demo-sessions.ts';
import { type FlightLine, flightLineFromLas } from './flight-line.ts';

/** Where a session lands: its organization, project (null: unassigned) and bucket. */
export interface SessionTarget {
  organizationId: number;
  projectId: number | null;
  bucket: string;
}

export type SessionBuilder = (target: SessionTarget) => DemoSessionSpec;

export interface FixtureSessions {
  eugene?: SessionBuilder;
  kandahar?: SessionBuilder;
  unassigned?: SessionBuilder;
}

const EUGENE_CLOUD = 'autzen-utm.las';
const KANDAHAR_CLOUD = 'hexbin-crop.las';
/** hexbin-crop.las stores GPS time 0 for every point; its session gets this duration instead. */
const STAND_IN_DURATION_SECONDS = 21 * 60;

function timed(line: FlightLine, durationSeconds: number): TimedVertex[] {
  const last = line.vertices.length - 1;
  return line.vertices.map((vertex, index) => ({
    lon: vertex.lon,
    lat: vertex.lat,
    seconds: line.gpsSpanSeconds === null ? (index / last) * durationSeconds : vertex.seconds,
  }));
}

/**
 * Session builders from the fixture point clouds at their real places: the Autzen sample in
 * NAD83 / UTM 10N (Eugene, Oregon) and the hexbin sample in WGS 84 / UTM 42N (Afghanistan). A
 * cloud that is missing or unreadable is reported through `warn` and left out.
 */
export async function fixtureSessions(
  fixturesDir: string,
  warn: (message: string) => void,
): Promise<FixtureSessions> {
  const read = async (name: string, projection: string) => {
    const file = path.join(fixturesDir, 'pointcloud', name);
    if (!existsSync(file)) {
      warn(`Demo data: ${file} not found; its demo scans are left out.`);
      return null;
    }
    try {
      return await flightLineFromLas(file, projection);
    } catch (error) {
      warn(`Demo data: ${file} could not be read (${(error as Error).message}); left out.`);
      return null;
    }
  };
  const [eugene, kandahar] = await Promise.all([
    read(EUGENE_CLOUD, NAD83_UTM_10N),
    read(KANDAHAR_CLOUD, WGS84_UTM_42N),
  ]);
  const sessions: FixtureSessions = {};

  if (eugene) {
    const duration = eugene.gpsSpanSeconds ?? STAND_IN_DURATION_SECONDS;
    const path = timed(eugene, duration);
    const pointCloud = { size: eugene.fileSize, source: EUGENE_CLOUD, points: eugene.pointCount };
    sessions.eugene = (target) => ({
      ...target,
      deviceId: 'LG-1001',
      start: new Date('2024-04-16T16:31:16Z'),
      durationSeconds: duration,
      path,
      scans: [
        { tags: ['QA - OK'], status: 'final', cameras: true, orientation: 'forward' },
        { tags: ['QA - OK'], status: 'final', cameras: true, orientation: 'backward' },
        { tags: [], status: 'provisional', cameras: false, orientation: 'forward' },
        {
          tags: ['QA - Issue/Poor'],
          status: 'provisional',
          cameras: false,
          orientation: 'backward',
        },
      ],
      friendlyLocationName: 'Eugene, Oregon',
      friendlyName: 'Autzen corridor',
      mount: 'vehicle roof',
      pointCloud,
    });
    // A later re-survey of the northern lines, made while the device belonged to no project.
    const tail = path.slice(-12);
    const offset = tail[0]!.seconds;
    const retimed = tail.map((vertex) => ({ ...vertex, seconds: vertex.seconds - offset }));
    sessions.unassigned = (target) => ({
      ...target,
      deviceId: 'LG-1002',
      start: new Date('2024-02-10T19:15:02Z'),
      durationSeconds: retimed.at(-1)!.seconds,
      path: retimed,
      scans: [{ tags: [], status: 'provisional', cameras: false, orientation: 'forward' }],
      friendlyLocationName: 'Eugene, Oregon',
      friendlyName: 'Autzen re-survey',
      mount: 'backpack',
      pointCloud,
    });
  }

  if (kandahar) {
    const duration = kandahar.gpsSpanSeconds ?? STAND_IN_DURATION_SECONDS;
    const path = timed(kandahar, duration);
    sessions.kandahar = (target) => ({
      ...target,
      deviceId: 'LG-1002',
      start: new Date('2024-05-14T05:12:40Z'),
      durationSeconds: duration,
      path,
      scans: [
        { tags: ['QA - OK'], status: 'provisional', cameras: true, orientation: 'forward' },
        { tags: [], status: 'final', cameras: false, orientation: 'forward' },
        { tags: [], status: 'provisional', cameras: false, orientation: 'backward' },
      ],
      // The cloud's UTM 42N coordinates fall at about 33.34 N, 67.86 E.
      friendlyLocationName: 'Ghazni Province',
      friendlyName: 'Ridge line',
      mount: 'backpack',
      pointCloud: { size: kandahar.fileSize, source: KANDAHAR_CLOUD, points: kandahar.pointCount },
    });
  }
  return sessions;
}

/** GEONET station 0759, the rover of the RINEX fixtures (gnss/07590920.05o). */
export const RINEX_ROVER_SITE = { lon: 139.6138, lat: 35.1609 };

/**
 * A session on the test range while the RINEX rover file was recording (2005-04-02, 00:00–00:59
 * GPST), so trajectory processing finds a session matching the base-station files. The path is
 * synthetic: a straight 400 m line through the station, as there is no point cloud of this site.
 */
export function rinexSiteSession(target: SessionTarget): DemoSessionSpec {
  const durationSeconds = 50 * 60;
  return {
    ...target,
    deviceId: 'LG-9001',
    // Starts 5 minutes into the observation file and ends 4.5 minutes before its last epoch.
    start: new Date('2005-04-02T00:05:00Z'),
    durationSeconds,
    path: straightPath(RINEX_ROVER_SITE, 45, 400, 23, durationSeconds),
    scans: [
      { tags: [], status: 'provisional', cameras: false, orientation: 'forward' },
      { tags: [], status: 'provisional', cameras: false, orientation: 'backward' },
    ],
    friendlyLocationName: 'Miura, Kanagawa',
    friendlyName: 'Test range line',
    mount: 'vehicle roof',
    pointCloud: { size: null, source: 'synthetic path (no point cloud)', points: null },
  };
}
