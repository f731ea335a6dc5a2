import type { Db } from '../src/db/database.ts';
import { factories } from './factories.ts';
import { scanFactories } from './factories-scans.ts';

/**
 * A project of `count` scans in one session for the summary tests: each scan with a point cloud
 * (final on odd indices, provisional on even) and a camera artifact, captured one second apart
 * with the first created the latest, so `scans` comes back in the summary's list order; a
 * Standard user and an Admin of the organization.
 */
export async function summaryProject(
  db: Db,
  count: number,
  tagsFor: (index: number) => string[] = () => [],
) {
  const org = await factories.organization(db);
  const project = await factories.project(db, org.id);
  const session = await scanFactories.session(db, org.id, { projectId: project.id });
  const scans = [];
  for (let i = 0; i < count; i++) {
    const scan = await scanFactories.scan(db, org.id, {
      projectId: project.id,
      sessionId: session.id,
      tags: tagsFor(i),
      capturedTimestamp: new Date(Date.UTC(2024, 4, 1, 10, 0, count - i)),
    });
    await scanFactories.artifact(db, scan.id, { status: i % 2 ? 'final' : 'provisional' });
    await scanFactories.artifact(db, scan.id, { artifactType: 'center_cam', name: 'center' });
    scans.push(scan);
  }
  const user = await factories.user(db, org.id, 'Standard');
  const admin = await factories.user(db, org.id, 'Admin');
  return { org, project, session, scans: scans.reverse(), user, admin };
}
