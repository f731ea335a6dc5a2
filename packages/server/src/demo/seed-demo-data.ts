import { randomInt, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DEFAULT_TAG_OPTIONS,
  HELMERT_EXAMPLE,
  PORTAL_STORE_ENDPOINT,
  type UserType,
} from '@asset-portal/shared';
import { hash } from '@node-rs/argon2';
import type { Db } from '../db/database.ts';
import { localAccountRepository } from '../identity/accounts/local-account.repository.ts';
import { activityLogRepository } from '../modules/activity-logs/activity-log.repository.ts';
import { annotationRepository } from '../modules/annotations/annotation.repository.ts';
import { bucketRepository } from '../modules/buckets/bucket.repository.ts';
import { deviceAssignmentRepository } from '../modules/device-assignments/device-assignment.repository.ts';
import { organizationRepository } from '../modules/organizations/organization.repository.ts';
import {
  type PipelineValues,
  pipelineRepository,
} from '../modules/pipelines/pipeline.repository.ts';
import { projectRepository } from '../modules/projects/project.repository.ts';
import { userRepository } from '../modules/users/user.repository.ts';
import {
  CROP_TO_BOUNDING_BOX_PIPELINE,
  CUSTOMER_ORGANIZATION,
  DEMO_ASSIGNMENTS,
  DEMO_BUCKETS,
  DEMO_DEVICES,
  DEMO_PROJECTS,
  DEMO_USERS,
  type DemoProjectKey,
  GROUND_CLASSIFICATION_PIPELINE,
  REMOVE_NOISE_PIPELINE,
  VENDOR_ORGANIZATION,
} from './demo-catalog.ts';
import { convertDemoLayers, insertDemoLayers } from './demo-layers.ts';
import { demoSeedRepository } from './demo-seed.repository.ts';
import { buildDemoSession, type DemoSessionRows } from './demo-sessions.ts';
import { type FixtureSessions, fixtureSessions, rinexSiteSession } from './fixture-sessions.ts';

export interface SeedDemoOptions {
  /** The embedded data folder (reserved for the demo objects of the embedded store). */
  dataDir?: string;
  /** Folder of the shared fixtures; default FIXTURES_DIR or ../shared/fixtures beside the repo. */
  fixturesDir?: string;
  /** One password for every demo account; default a random 16-character one per account. */
  password?: string;
  /** Where warnings go (default console.warn). */
  warn?: (message: string) => void;
}

export interface DemoAccount {
  userType: UserType;
  username: string;
  password: string;
  enabled: boolean;
}

export interface SeedDemoResult {
  accounts: DemoAccount[];
}

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** The fixtures folder used when the caller names none. */
export function defaultFixturesDir(): string {
  return process.env.FIXTURES_DIR ?? path.resolve(REPO_ROOT, '../shared/fixtures');
}

const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

function randomPassword(): string {
  return Array.from(
    { length: 16 },
    () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)],
  ).join('');
}

/** The demo's pipelines: a global one of the vendor and the customer's own. */
function demoPipelines(
  orgId: (name: string) => number,
  projectId: (key: DemoProjectKey) => number,
): PipelineValues[] {
  const crop = {
    organizationId: orgId(CUSTOMER_ORGANIZATION),
    name: 'Crop to bounding box',
    description: 'Keeps only the points inside the drawn 3D bounding box.',
    pipeline: CROP_TO_BOUNDING_BOX_PIPELINE,
    dependencies: ['3D Bounding Box'],
    global: false,
  };
  return [
    {
      projectId: null,
      organizationId: orgId(VENDOR_ORGANIZATION),
      name: 'Ground classification',
      description: 'Removes statistical outliers and classifies ground points (SMRF).',
      pipeline: GROUND_CLASSIFICATION_PIPELINE,
      dependencies: [],
      global: true,
    },
    { ...crop, projectId: projectId('eugene') },
    // Paris Test Drive holds the demo's stored clouds: pipelines to run on them.
    { ...crop, projectId: projectId('paris') },
    {
      projectId: projectId('paris'),
      organizationId: orgId(CUSTOMER_ORGANIZATION),
      name: 'Remove noise',
      description: 'Classifies statistical outliers as noise (class 7) and drops them.',
      pipeline: REMOVE_NOISE_PIPELINE,
      dependencies: [],
      global: false,
    },
  ];
}

/**
 * Seeds demo organizations, devices, buckets, projects, pipelines, users with local sign-in
 * accounts, sessions and scans into an empty database, in one transaction. Returns the accounts
 * and their passwords, or null when any organization already exists (nothing is changed).
 */
export async function seedDemoData(
  db: Db,
  options: SeedDemoOptions = {},
): Promise<SeedDemoResult | null> {
  if (await demoSeedRepository.hasOrganizations(db)) return null;
  const warn = options.warn ?? ((message: string) => console.warn(message));
  const fixturesDir = options.fixturesDir ?? defaultFixturesDir();

  // Slow work (hashing, reading clouds) happens before the transaction so it stays short.
  const accounts = DEMO_USERS.map((user) => ({
    user,
    subject: randomUUID(),
    password: options.password ?? randomPassword(),
  }));
  const fixturesFound = existsSync(path.join(fixturesDir, 'pointcloud'));
  const layersDir = path.join(fixturesDir, 'layers');
  if (!fixturesFound) {
    warn(
      `Demo data: fixtures folder ${fixturesDir} not found; seeding without the scans built from its point clouds and without map layers.`,
    );
  } else if (!existsSync(layersDir)) {
    warn(`Demo data: ${layersDir} not found; seeding without map layers.`);
  }
  const [hashes, clouds, layers] = await Promise.all([
    Promise.all(accounts.map((account) => hash(account.password))),
    fixturesFound ? fixtureSessions(fixturesDir, warn) : ({} as FixtureSessions),
    fixturesFound ? convertDemoLayers(layersDir, warn) : [],
  ]);

  const seeded = await db.transaction().execute(async (trx) => {
    // A second process may have seeded meanwhile; the check inside the transaction wins.
    if (await demoSeedRepository.hasOrganizations(trx)) return false;
    const organizations = new Map<string, number>();
    for (const name of [VENDOR_ORGANIZATION, CUSTOMER_ORGANIZATION]) {
      organizations.set(name, (await organizationRepository.create(trx, name, [])).id);
    }
    const orgId = (name: string) => organizations.get(name)!;

    for (const device of DEMO_DEVICES) {
      await organizationRepository.registerDevice(trx, {
        id: device.id,
        name: device.name,
        organizationId: orgId(device.organization),
      });
    }
    for (const bucket of DEMO_BUCKETS) {
      await bucketRepository.create(
        trx,
        orgId(bucket.organization),
        {
          name: bucket.name,
          bucket: bucket.bucket,
          region: 'us-east-1',
          // In the portal's own store: publishing the demo scans needs no S3 server.
          endpoint: PORTAL_STORE_ENDPOINT,
          prefix: '',
          forcePathStyle: false,
        },
        null,
      );
    }
    const bucketOf = (organization: string) =>
      DEMO_BUCKETS.find((b) => b.organization === organization)!.bucket;

    const projects = new Map<DemoProjectKey, { id: number; organizationId: number }>();
    for (const project of DEMO_PROJECTS) {
      const row = await projectRepository.create(trx, {
        name: project.name,
        comments: project.comments,
        active: project.active,
        organizationId: orgId(project.organization),
        utm: project.utm,
        projection: project.projection,
        geoidGridFile: null,
        helmertParameters: project.withHelmert ? JSON.stringify(HELMERT_EXAMPLE) : null,
        tagOptions: [...DEFAULT_TAG_OPTIONS],
        classifiers: 'none',
      });
      projects.set(project.key, { id: row.id, organizationId: row.organizationId });
    }
    const projectRow = (key: DemoProjectKey) => projects.get(key)!;
    const projectId = (key: DemoProjectKey) => projectRow(key).id;

    for (const assignment of DEMO_ASSIGNMENTS) {
      // The demo's sessions are written below, already placed: nothing to place again.
      await deviceAssignmentRepository.save(
        trx,
        null,
        {
          deviceId: assignment.deviceId,
          projectId: projectId(assignment.project),
          fromTimestamp: new Date(assignment.from),
          toTimestamp: assignment.to === null ? null : new Date(assignment.to),
        },
        async () => {},
      );
    }

    for (const pipeline of demoPipelines(orgId, projectId)) {
      await pipelineRepository.create(trx, pipeline);
    }

    await insertDemoLayers(trx, layers, projectRow);

    const userIds = new Map<string, number>();
    for (const { user, subject } of accounts) {
      const row = await userRepository.create(trx, {
        name: user.name,
        userType: user.userType,
        email: user.email,
        phone: user.phone,
        enabled: user.enabled,
        awsUserId: subject,
        username: user.username,
        organizationId: orgId(user.organization),
      });
      userIds.set(user.username, row.id);
    }
    const userId = (username: string) => userIds.get(username)!;
    for (const [index, { user, subject }] of accounts.entries()) {
      await localAccountRepository.insert(trx, {
        subject,
        username: user.username,
        email: user.email,
        passwordHash: hashes[index]!,
      });
    }

    const sessions: DemoSessionRows[] = [
      buildDemoSession(
        rinexSiteSession({
          organizationId: orgId(VENDOR_ORGANIZATION),
          projectId: projectId('tokyo'),
          bucket: bucketOf(VENDOR_ORGANIZATION),
        }),
      ),
    ];
    const customer = {
      organizationId: orgId(CUSTOMER_ORGANIZATION),
      bucket: bucketOf(CUSTOMER_ORGANIZATION),
    };
    const fromClouds = [
      clouds.eugene?.({ ...customer, projectId: projectId('eugene') }),
      clouds.kandahar?.({ ...customer, projectId: projectId('kandahar') }),
      clouds.unassigned?.({ ...customer, projectId: null }),
    ];
    for (const spec of fromClouds) if (spec) sessions.push(buildDemoSession(spec));
    await demoSeedRepository.insertSessions(trx, sessions);

    const now = new Date();
    const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);
    for (const login of [
      { username: 'aadmin', organization: VENDOR_ORGANIZATION, hours: 26 },
      { username: 'ppower', organization: CUSTOMER_ORGANIZATION, hours: 5 },
      { username: 'sstandard', organization: CUSTOMER_ORGANIZATION, hours: 1 },
    ]) {
      await activityLogRepository.insert(trx, {
        activityType: 'UserLogin',
        userId: userId(login.username),
        organizationId: orgId(login.organization),
        status: 'Event',
        message: `${login.username} signed in`,
        created: hoursAgo(login.hours),
        lastModified: hoursAgo(login.hours),
      });
    }

    const annotated = sessions.find((s) => s.session.projectId === projectId('eugene'))?.scans[0];
    if (annotated) {
      const path = JSON.parse(String(annotated.simplePath)) as { coordinates: number[][] };
      await annotationRepository.create(trx, annotated.id, userId('ppower'), {
        title: 'Culvert outlet',
        type: 'Point',
        comment: 'Outlet partly blocked; check again on the next pass.',
        point: { type: 'Point', coordinates: path.coordinates[3]! },
      });
    }
    return true;
  });
  if (!seeded) return null;

  return {
    accounts: accounts.map(({ user, password }) => ({
      userType: user.userType,
      username: user.username,
      password,
      enabled: user.enabled,
    })),
  };
}
