import { randomUUID } from 'node:crypto';
import { USER_TYPES, type UserType } from '@asset-portal/shared';
import type { Db } from '../src/db/database.ts';
import type { UserRow } from '../src/db/schema.ts';
import { factories } from './factories.ts';

/** Rows of one organization that the authorization cases aim at. */
export interface OrgFixture {
  organizationId: number;
  organizationName: string;
  deviceId: string;
  projectId: number;
  pipelineId: number;
  sessionId: string;
  scanId: string;
  annotationId: number;
  activityLogId: number;
  activityReferenceKey: string;
  /** One user per type, plus a spare Standard user to update or delete. */
  users: Record<UserType, UserRow>;
  spareUser: UserRow;
}

/** Builds a fresh organization with one of everything, so mutations never share rows. */
export async function buildOrgFixture(db: Db, namePrefix: string): Promise<OrgFixture> {
  const tag = randomUUID().slice(0, 8);
  const organization = await factories.organization(db, { name: `${namePrefix} ${tag}` });
  const device = await factories.device(db, organization.id);
  const project = await factories.project(db, organization.id);
  const users = {} as Record<UserType, UserRow>;
  for (const type of USER_TYPES) users[type] = await factories.user(db, organization.id, type);
  const spareUser = await factories.user(db, organization.id, 'Standard');
  const pipeline = await db
    .insertInto('pipelines')
    .values({
      projectId: project.id,
      name: `Pipeline ${tag}`,
      description: 'd',
      pipeline: '{"pipeline":[]}',
      dependencies: [],
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const sessionId = `S${tag}`;
  await db
    .insertInto('sessions')
    .values({
      id: sessionId,
      organizationId: organization.id,
      deviceId: device.id,
      projectId: project.id,
      capturedTimestamp: new Date('2024-04-01T08:00:00Z'),
      endCapturedTimestamp: new Date('2024-04-01T09:00:00Z'),
      // The rover's observations, as a package records them: a trajectory run needs them.
      manifest: JSON.stringify({
        gnss: [
          {
            path: 'gnss/rover.24o',
            kind: 'observation',
            s3Url: `s3://portal/org-${organization.id}/project-${project.id}/sessions/${sessionId}/gnss/rover.24o`,
          },
        ],
      }),
    })
    .execute();
  const scanId = `SC${tag}`;
  await db
    .insertInto('scans')
    .values({
      id: scanId,
      organizationId: organization.id,
      sessionId,
      projectId: project.id,
      deviceId: device.id,
      capturedTimestamp: new Date('2024-04-01T08:00:00Z'),
      simplePath: JSON.stringify({
        type: 'LineString',
        coordinates: [
          [-123, 44],
          [-123.001, 44.001],
        ],
      }),
    })
    .execute();
  await db
    .insertInto('artifacts')
    .values({
      scanId,
      artifactType: 'pointcloud',
      name: 'unclassified',
      // Where the portal stores a scan's cloud (no object there): processing and publishing
      // accept only such clouds.
      s3Url: `s3://portal/org-${organization.id}/project-${project.id}/scans/${scanId}/pointcloud.las`,
    })
    .execute();
  const annotation = await db
    .insertInto('annotations')
    .values({
      scanId,
      userId: users.Standard.id,
      title: 'Crack',
      point: JSON.stringify({ type: 'Point', coordinates: [-123, 44] }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const log = await db
    .insertInto('activityLogs')
    .values({
      activityType: 'PackageUpload',
      status: 'Error',
      userId: users.Standard.id,
      organizationId: organization.id,
      referenceKey: `ref-${tag}`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    organizationId: organization.id,
    organizationName: organization.name,
    deviceId: device.id,
    projectId: project.id,
    pipelineId: pipeline.id,
    sessionId,
    scanId,
    annotationId: annotation.id,
    activityLogId: log.id,
    activityReferenceKey: `ref-${tag}`,
    users,
    spareUser,
  };
}
