import type { Db } from '../src/db/database.ts';
import type { DeviceRow, OrganizationRow, ProjectRow, ScanRow, UserRow } from '../src/db/schema.ts';
import { factories } from './factories.ts';
import { adminFactories } from './factories-admin.ts';
import { scanFactories } from './factories-scans.ts';

/** What a test adds to the common story. */
export interface WorldOptions {
  /**
   * The organization the Admin belongs to. Admins see every organization, so a test that must
   * prove an Admin reaches across organizations puts them in `other` or in the `vendor`
   * organization (the only one the user form allows Admins in, spec §6).
   */
  adminIn?: 'ours' | 'other' | 'vendor';
  /** A device in each organization. */
  devices?: boolean;
  /** This many scans in our project, and one in the other organization's project. */
  scans?: number;
}

/** The story every integration test starts from: our organization and another one. */
export interface World {
  db: Db;
  ours: OrganizationRow;
  other: OrganizationRow;
  /** A vendor organization (name starts with 'Lux'), holding the Admin when asked to. */
  vendor: OrganizationRow;
  admin: UserRow;
  power: UserRow;
  standard: UserRow;
  /** A Power User of the other organization. */
  outsider: UserRow;
  /** Our project, named 'Alpha'. */
  project: ProjectRow;
  /** The other organization's project, named 'Foreign'. */
  foreignProject: ProjectRow;
}

interface WorldDevices {
  device: DeviceRow;
  foreignDevice: DeviceRow;
}

interface WorldScans {
  scans: ScanRow[];
  foreignScan: ScanRow;
}

/** The world with the handles its options asked for. */
export type WorldWith<O extends WorldOptions> = World &
  (O extends { devices: true } ? WorldDevices : unknown) &
  (O extends { scans: number } ? WorldScans : unknown);

/** Builds the common story on fresh rows, so tests never share (or see) each other's data. */
export async function buildWorld<const O extends WorldOptions = Record<never, never>>(
  db: Db,
  options?: O,
): Promise<WorldWith<O>> {
  const ours = await factories.organization(db);
  const other = await factories.organization(db);
  const vendor = await adminFactories.vendorOrganization(db);
  const adminOrganization = { ours, other, vendor }[options?.adminIn ?? 'ours'];
  const world: World & Partial<WorldDevices & WorldScans> = {
    db,
    ours,
    other,
    vendor,
    admin: await factories.user(db, adminOrganization.id, 'Admin'),
    power: await factories.user(db, ours.id, 'Power User'),
    standard: await factories.user(db, ours.id, 'Standard'),
    outsider: await factories.user(db, other.id, 'Power User'),
    project: await factories.project(db, ours.id, { name: 'Alpha' }),
    foreignProject: await factories.project(db, other.id, { name: 'Foreign' }),
  };
  if (options?.devices) {
    world.device = await factories.device(db, ours.id);
    world.foreignDevice = await factories.device(db, other.id);
  }
  if (options?.scans !== undefined) {
    world.scans = [];
    for (let i = 0; i < options.scans; i += 1)
      world.scans.push(await scanFactories.scan(db, ours.id, { projectId: world.project.id }));
    world.foreignScan = await scanFactories.scan(db, other.id, {
      projectId: world.foreignProject.id,
    });
  }
  return world as WorldWith<O>;
}
