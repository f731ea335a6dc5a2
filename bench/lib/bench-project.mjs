// A project of many scans inserted directly into the demo organization "Northwind Surveying",
// as the Viewer benchmarks use it: drive-line paths of VERTICES vertices over SESSIONS sessions,
// tags and comments on some scans, one point-cloud artifact each.
import { randomBytes } from 'node:crypto';
import { scanPathColumns } from '../../packages/server/src/modules/scan-summary/viewer-path.ts';
import { factories } from '../../packages/server/test/factories.ts';
import { scanFactories } from '../../packages/server/test/factories-scans.ts';

const SESSIONS = 100;
const VERTICES = 50;
const TAGS = ['QA - OK', 'QA - Issue/Poor', 'Reprocess', 'Night drive'];

/** A wandering drive line of VERTICES points, like a real scan's simple path. */
function drivePath(n) {
  let lon = -123.1 + (n % 100) * 0.003;
  let lat = 49.2 + Math.floor(n / 100) * 0.002;
  const coordinates = [];
  for (let i = 0; i < VERTICES; i++) {
    lon += 0.00005 + Math.sin(n + i) * 0.00002;
    lat += 0.00003 + Math.cos(n * 7 + i) * 0.00002;
    coordinates.push([Number(lon.toFixed(8)), Number(lat.toFixed(8))]);
  }
  return { type: 'LineString', coordinates };
}

/** Inserts the project `name` with `count` scans, 500 at a time; returns the project. */
export async function seedBenchProject(db, name, count) {
  const organization = await db
    .selectFrom('organizations')
    .select('id')
    .where('name', '=', 'Northwind Surveying')
    .executeTakeFirstOrThrow();
  const project = await factories.project(db, organization.id, { name });
  const start = Date.UTC(2025, 0, 1);
  const sessions = [];
  for (let s = 0; s < SESSIONS; s++) {
    const session = await scanFactories.session(db, organization.id, {
      projectId: project.id,
      deviceId: null,
      capturedTimestamp: new Date(start + s * 86_400_000),
    });
    sessions.push(session.id);
  }
  const BATCH = 500;
  for (let offset = 0; offset < count; offset += BATCH) {
    const scans = [];
    const artifacts = [];
    for (let n = offset; n < Math.min(count, offset + BATCH); n++) {
      const id = `SC-${String(n).padStart(6, '0')}-${randomBytes(3).toString('hex')}`;
      const sessionIndex = n % SESSIONS;
      const captured = new Date(start + sessionIndex * 86_400_000 + n * 1000);
      scans.push({
        id,
        organizationId: organization.id,
        projectId: project.id,
        sessionId: sessions[sessionIndex],
        deviceId: n % 2 ? 'LG-1001' : 'LG-1002',
        friendlyName: `Drive ${n}`,
        type: 'Mobile',
        assignmentType: 'Device',
        tags: TAGS.slice(0, n % 3),
        comment: n % 4 === 0 ? 'Checked against control points' : null,
        defaultVersion: 'unclassified',
        capturedTimestamp: captured,
        endCapturedTimestamp: new Date(captured.getTime() + 420_000),
        friendlyLocationName: 'Vancouver, BC',
        ...scanPathColumns(drivePath(n)),
      });
      artifacts.push({
        scanId: id,
        artifactType: 'pointcloud',
        name: 'unclassified',
        s3Url: `s3://bench/${id}/pointcloud.las`,
        status: n % 3 === 0 ? 'final' : 'provisional',
      });
    }
    await db.insertInto('scans').values(scans).execute();
    await db.insertInto('artifacts').values(artifacts).execute();
  }
  return project;
}

/**
 * A Kysely of its own over the same connection: to the summary caches (kept per Kysely), a web
 * process of its own.
 */
export function asAnotherProcess(db) {
  return db.withPlugin({
    transformQuery: ({ node }) => node,
    transformResult: async ({ result }) => result,
  });
}
