import DataLoader from 'dataloader';
import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type { GroupScope } from '../../policies/vendor.policy.ts';

/** The stored fields of a group as the service writes them. */
export interface VendorValues {
  name: string;
  description: string | null;
  projectId: number | null;
  organizationId: number | null;
}

/** A group with its project's current organization (null for a global group). */
export interface VendorRecord {
  id: number;
  name: string;
  description: string | null;
  projectId: number | null;
  organizationId: number | null;
  created: Date;
  lastModified: Date;
  projectOrganizationId: number | null;
}

/**
 * A layer-in-group link with the layer's project and the group's scope, so answers can be
 * limited to what the caller may see.
 */
export interface VendorLayerRecord {
  layerId: number;
  vendorId: number;
  layerProjectId: number;
  layerOrganizationId: number;
  group: GroupScope;
}

const MAX_BATCH = 1000;

type Scope = ExpressionBuilder<
  Database & { v: Database['vendors'] } & { p: Database['projects'] },
  'v' | 'p'
>;

function selectVendors(db: Db) {
  return db
    .selectFrom('vendors as v')
    .leftJoin('projects as p', 'p.id', 'v.projectId')
    .select([
      'v.id',
      'v.name',
      'v.description',
      'v.projectId',
      'v.organizationId',
      'v.created',
      'v.lastModified',
      'p.organizationId as projectOrganizationId',
    ]);
}

/**
 * The groups an organization sees: its projects' groups and the global ones that are its own or
 * every organization's. Null scope: every group (Admin).
 */
function visibleTo(organizationId: number | null) {
  return (eb: Scope) => {
    if (organizationId === null) return eb.lit(true);
    return eb.or([
      eb('p.organizationId', '=', organizationId),
      eb.and([
        eb('v.projectId', 'is', null),
        eb.or([eb('v.organizationId', 'is', null), eb('v.organizationId', '=', organizationId)]),
      ]),
    ]);
  };
}

/** The groups usable in one project: its own and those global to its organization. */
function usableIn(projectId: number, projectOrganizationId: number) {
  return (eb: Scope) =>
    eb.or([
      eb('v.projectId', '=', projectId),
      eb.and([
        eb('v.projectId', 'is', null),
        eb.or([
          eb('v.organizationId', 'is', null),
          eb('v.organizationId', '=', projectOrganizationId),
        ]),
      ]),
    ]);
}

/** `contains` for ILIKE, with the pattern characters taken literally. */
const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function selectLinks(db: Db) {
  return db
    .selectFrom('vendorLayers as vl')
    .innerJoin('projectLayers as l', 'l.id', 'vl.layerId')
    .innerJoin('projects as lp', 'lp.id', 'l.projectId')
    .innerJoin('vendors as v', 'v.id', 'vl.vendorId')
    .leftJoin('projects as vp', 'vp.id', 'v.projectId')
    .select([
      'vl.layerId',
      'vl.vendorId',
      'l.projectId as layerProjectId',
      'lp.organizationId as layerOrganizationId',
      'v.projectId as groupProjectId',
      'v.organizationId as groupOrganizationId',
      'vp.organizationId as groupProjectOrganizationId',
    ]);
}

type LinkRow = Awaited<ReturnType<ReturnType<typeof selectLinks>['execute']>>[number];

const toLink = (row: LinkRow): VendorLayerRecord => ({
  layerId: row.layerId,
  vendorId: row.vendorId,
  layerProjectId: row.layerProjectId,
  layerOrganizationId: row.layerOrganizationId,
  group: {
    projectId: row.groupProjectId,
    organizationId: row.groupOrganizationId,
    projectOrganizationId: row.groupProjectOrganizationId,
  },
});

/** All SQL about layer groups (vendors) and which layers they hold. */
export const vendorRepository = {
  listVisible(db: Db, organizationId: number | null): Promise<VendorRecord[]> {
    return selectVendors(db)
      .where(visibleTo(organizationId))
      .orderBy('v.name')
      .orderBy('v.id')
      .execute();
  },

  listForProject(
    db: Db,
    projectId: number,
    projectOrganizationId: number,
  ): Promise<VendorRecord[]> {
    return selectVendors(db)
      .where(usableIn(projectId, projectOrganizationId))
      .orderBy('v.name')
      .orderBy('v.id')
      .execute();
  },

  /** Name contains the term, case-insensitive; within one project's usable groups when given. */
  search(
    db: Db,
    term: string,
    scope: { organizationId: number | null } | { projectId: number; projectOrganizationId: number },
  ): Promise<VendorRecord[]> {
    const where =
      'projectId' in scope
        ? usableIn(scope.projectId, scope.projectOrganizationId)
        : visibleTo(scope.organizationId);
    return selectVendors(db)
      .where(where)
      .where('v.name', 'ilike', containsPattern(term))
      .orderBy('v.name')
      .orderBy('v.id')
      .execute();
  },

  findById(db: Db, id: number): Promise<VendorRecord | undefined> {
    return selectVendors(db).where('v.id', '=', id).executeTakeFirst();
  },

  byIdLoader(db: Db) {
    return new DataLoader<number, VendorRecord | undefined>(
      async (ids) => {
        const rows = await selectVendors(db)
          .where('v.id', 'in', [...ids])
          .execute();
        const byId = new Map(rows.map((row) => [row.id, row]));
        return ids.map((id) => byId.get(id));
      },
      { maxBatchSize: MAX_BATCH },
    );
  },

  async create(db: Db, values: VendorValues): Promise<number> {
    const { id } = await db
      .insertInto('vendors')
      .values(values)
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  },

  async update(db: Db, id: number, values: Partial<VendorValues>): Promise<void> {
    await db
      .updateTable('vendors')
      .set({ ...values, lastModified: new Date() })
      .where('id', '=', id)
      .execute();
  },

  /** Its links go with it (ON DELETE CASCADE): the layers stay, ungrouped. */
  async delete(db: Db, id: number): Promise<void> {
    await db.deleteFrom('vendors').where('id', '=', id).execute();
  },

  /** The projects (with their organizations) of the layers a group holds. */
  layerProjects(
    db: Db,
    vendorId: number,
  ): Promise<{ projectId: number; organizationId: number }[]> {
    return db
      .selectFrom('vendorLayers as vl')
      .innerJoin('projectLayers as l', 'l.id', 'vl.layerId')
      .innerJoin('projects as p', 'p.id', 'l.projectId')
      .select(['l.projectId', 'p.organizationId'])
      .distinct()
      .where('vl.vendorId', '=', vendorId)
      .execute();
  },

  /**
   * Links of one group, of one project's layers, or of every layer in the organization's
   * projects (null: every organization's).
   */
  async listLinks(
    db: Db,
    filter: { vendorId: number } | { projectId: number } | { organizationId: number | null },
  ): Promise<VendorLayerRecord[]> {
    let query = selectLinks(db);
    if ('vendorId' in filter) query = query.where('vl.vendorId', '=', filter.vendorId);
    else if ('projectId' in filter) query = query.where('l.projectId', '=', filter.projectId);
    else if (filter.organizationId !== null) {
      query = query.where('lp.organizationId', '=', filter.organizationId);
    }
    const rows = await query.orderBy('vl.vendorId').orderBy('vl.layerId').execute();
    return rows.map(toLink);
  },

  /** Every link of each group; callers keep those whose layer the viewer may see. */
  linksByVendorLoader(db: Db) {
    return new DataLoader<number, VendorLayerRecord[]>(
      async (ids) => {
        const rows = await selectLinks(db)
          .where('vl.vendorId', 'in', [...ids])
          .orderBy('vl.layerId')
          .execute();
        return ids.map((id) => rows.filter((row) => row.vendorId === id).map(toLink));
      },
      { maxBatchSize: MAX_BATCH },
    );
  },
};
