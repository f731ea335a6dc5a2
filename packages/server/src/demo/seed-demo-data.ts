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
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
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

/**
 * Seeds demo organizations, devices, buckets, projects, pipelines, users with local sign-in
 * accounts, sessions and scans into an empty database, in one transaction. Returns the accounts
 * and their passwords, or null when any organization already exists (nothing is changed).
 */
export async function seedDemoData(
  db: Db,
  options: SeedDemoOptions = {},
): Promise<SeedDemoResult | null> {
  if (await hasOrganizations(db)) return null;
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
    if (await hasOrganizations(trx)) return false;
    const organizations = await trx
      .insertInto('organizations')
      .values([{ name: VENDOR_ORGANIZATION }, { name: CUSTOMER_ORGANIZATION }])
      .returning(['id', 'name'])
      .execute();
    const orgId = (name: string) => organizations.find((row) => row.name === name)!.id;

    await trx
      .insertInto('devices')
      .values(
        DEMO_DEVICES.map((d) => ({
          id: d.id,
          name: d.name,
          organizationId: orgId(d.organization),
        })),
      )
      .execute();
    await trx
      .insertInto('buckets')
      .values(
        DEMO_BUCKETS.map((b) => ({
          organizationId: orgId(b.organization),
          name: b.name,
          bucket: b.bucket,
          region: 'us-east-1',
          // In the portal's own store: publishing the demo scans needs no S3 server.
          endpoint: PORTAL_STORE_ENDPOINT,
        })),
      )
      .execute();
    const bucketOf = (organization: string) =>
      DEMO_BUCKETS.find((b) => b.organization === organization)!.bucket;

    const projects = await trx
      .insertInto('projects')
      .values(
        DEMO_PROJECTS.map((p) => ({
          name: p.name,
          comments: p.comments,
          active: p.active,
          organizationId: orgId(p.organization),
          utm: JSON.stringify({ utm: p.utm }),
          projection: p.projection,
          helmertParameters: p.withHelmert ? JSON.stringify(HELMERT_EXAMPLE) : null,
          tagOptions: [...DEFAULT_TAG_OPTIONS],
        })),
      )
      .returning(['id', 'name', 'organizationId'])
      .execute();
    const projectRow = (key: DemoProjectKey) => {
      const name = DEMO_PROJECTS.find((p) => p.key === key)!.name;
      return projects.find((row) => row.name === name)!;
    };
    const projectId = (key: DemoProjectKey) => projectRow(key).id;

    await trx
      .insertInto('deviceAssignments')
      .values(
        DEMO_ASSIGNMENTS.map((a) => ({
          deviceId: a.deviceId,
          projectId: projectId(a.project),
          fromTimestamp: a.from,
          toTimestamp: a.to,
        })),
      )
      .execute();

    await trx
      .insertInto('pipelines')
      .values([
        {
          projectId: null,
          organizationId: orgId(VENDOR_ORGANIZATION),
          name: 'Ground classification',
          description: 'Removes statistical outliers and classifies ground points (SMRF).',
          pipeline: GROUND_CLASSIFICATION_PIPELINE,
          dependencies: [],
          global: true,
        },
        {
          projectId: projectId('eugene'),
          organizationId: orgId(CUSTOMER_ORGANIZATION),
          name: 'Crop to bounding box',
          description: 'Keeps only the points inside the drawn 3D bounding box.',
          pipeline: CROP_TO_BOUNDING_BOX_PIPELINE,
          dependencies: ['3D Bounding Box'],
          global: false,
        },
        // Paris Test Drive holds the demo's stored clouds: pipelines to run on them.
        {
          projectId: projectId('paris'),
          organizationId: orgId(CUSTOMER_ORGANIZATION),
          name: 'Crop to bounding box',
          description: 'Keeps only the points inside the drawn 3D bounding box.',
          pipeline: CROP_TO_BOUNDING_BOX_PIPELINE,
          dependencies: ['3D Bounding Box'],
          global: false,
        },
        {
          projectId: projectId('paris'),
          organizationId: orgId(CUSTOMER_ORGANIZATION),
          name: 'Remove noise',
          description: 'Classifies statistical outliers as noise (class 7) and drops them.',
          pipeline: REMOVE_NOISE_PIPELINE,
          dependencies: [],
          global: false,
        },
      ])
      .execute();

    await insertDemoLayers(trx, layers, projectRow);

    const users = await trx
      .insertInto('users')
      .values(
        accounts.map(({ user, subject }) => ({
          name: user.name,
          userType: user.userType,
          email: user.email,
          phone: user.phone,
          enabled: user.enabled,
          awsUserId: subject,
          username: user.username,
          organizationId: orgId(user.organization),
        })),
      )
      .returning(['id', 'username'])
      .execute();
    const userId = (username: string) => users.find((row) => row.username === username)!.id;
    const now = new Date();
    await trx
      .insertInto('localAccounts')
      .values(
        accounts.map(({ user, subject }, index) => ({
          subject,
          username: user.username,
          email: user.email,
          passwordHash: hashes[index]!,
          passwordSetAt: now,
        })),
      )
      .execute();

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
    await trx
      .insertInto('sessions')
      .values(sessions.map((s) => s.session))
      .execute();
    await trx
      .insertInto('scans')
      .values(sessions.flatMap((s) => s.scans))
      .execute();
    await trx
      .insertInto('artifacts')
      .values(sessions.flatMap((s) => s.artifacts))
      .execute();

    const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);
    await trx
      .insertInto('activityLogs')
      .values(
        [
          { username: 'aadmin', organization: VENDOR_ORGANIZATION, hours: 26 },
          { username: 'ppower', organization: CUSTOMER_ORGANIZATION, hours: 5 },
          { username: 'sstandard', organization: CUSTOMER_ORGANIZATION, hours: 1 },
        ].map((login) => ({
          activityType: 'UserLogin',
          userId: userId(login.username),
          organizationId: orgId(login.organization),
          status: 'Event' as const,
          message: `${login.username} signed in`,
          created: hoursAgo(login.hours),
          lastModified: hoursAgo(login.hours),
        })),
      )
      .execute();

    const annotated = sessions.find((s) => s.session.projectId === projectId('eugene'))?.scans[0];
    if (annotated) {
      const path = JSON.parse(String(annotated.simplePath)) as { coordinates: number[][] };
      await trx
        .insertInto('annotations')
        .values({
          scanId: annotated.id,
          userId: userId('ppower'),
          title: 'Culvert outlet',
          type: 'Point',
          comment: 'Outlet partly blocked; check again on the next pass.',
          point: JSON.stringify({ type: 'Point', coordinates: path.coordinates[3] }),
        })
        .execute();
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

async function hasOrganizations(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('organizations')
    .select(sql<number>`1`.as('one'))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
