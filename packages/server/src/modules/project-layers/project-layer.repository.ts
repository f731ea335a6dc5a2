import DataLoader from 'dataloader';
import type { Db } from '../../db/database.ts';
import { inTransaction } from '../../db/in-transaction.ts';

/** The stored fields of a layer as the service writes them (counts come from the source). */
export interface ProjectLayerValues {
  projectId: number;
  name: string;
  comments: string | null;
  source: string;
  layers: string;
  ignore: boolean;
  showByDefault: boolean;
  featureCount: number;
  sourceBytes: number;
}

/** A layer as the API answers it: its row, its group and its project's organization. */
export interface ProjectLayerRecord {
  id: number;
  projectId: number;
  name: string;
  comments: string | null;
  source: string;
  layers: string;
  ignore: boolean;
  showByDefault: boolean;
  featureCount: number;
  sourceBytes: number;
  created: Date;
  lastModified: Date;
  vendorId: number | null;
  organizationId: number;
}

const MAX_BATCH = 1000;

function selectLayers(db: Db) {
  return db
    .selectFrom('projectLayers as l')
    .innerJoin('projects as p', 'p.id', 'l.projectId')
    .leftJoin('vendorLayers as vl', 'vl.layerId', 'l.id')
    .select([
      'l.id',
      'l.projectId',
      'l.name',
      'l.comments',
      'l.source',
      'l.layers',
      'l.ignore',
      'l.showByDefault',
      'l.featureCount',
      'l.sourceBytes',
      'l.created',
      'l.lastModified',
      'vl.vendorId',
      'p.organizationId',
    ]);
}

/** All SQL about project map layers and the group each one is in. */
export const projectLayerRepository = {
  /** The project's layers sorted by name (then id, so equal names keep one order). */
  listForProject(db: Db, projectId: number): Promise<ProjectLayerRecord[]> {
    return selectLayers(db)
      .where('l.projectId', '=', projectId)
      .orderBy('l.name')
      .orderBy('l.id')
      .execute();
  },

  /** The id of another layer of the project with this name, case aside, if any. */
  async sameNameId(db: Db, projectId: number, name: string, selfId: number | null) {
    const row = await db
      .selectFrom('projectLayers')
      .select('id')
      .where('projectId', '=', projectId)
      .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
      .$if(selfId !== null, (query) => query.where('id', '!=', selfId as number))
      .executeTakeFirst();
    return row?.id ?? null;
  },

  findById(db: Db, id: number): Promise<ProjectLayerRecord | undefined> {
    return selectLayers(db).where('l.id', '=', id).executeTakeFirst();
  },

  byIdLoader(db: Db) {
    return new DataLoader<number, ProjectLayerRecord | undefined>(
      async (ids) => {
        const rows = await selectLayers(db)
          .where('l.id', 'in', [...ids])
          .execute();
        const byId = new Map(rows.map((row) => [row.id, row]));
        return ids.map((id) => byId.get(id));
      },
      { maxBatchSize: MAX_BATCH },
    );
  },

  async create(db: Db, values: ProjectLayerValues, vendorId: number | null): Promise<number> {
    return inTransaction(db, async (trx) => {
      const { id } = await trx
        .insertInto('projectLayers')
        .values(values)
        .returning('id')
        .executeTakeFirstOrThrow();
      if (vendorId !== null) {
        await trx.insertInto('vendorLayers').values({ layerId: id, vendorId }).execute();
      }
      return id;
    });
  },

  /** Changes the given fields; `ungroup` also takes the layer out of its group, in one transaction. */
  async update(
    db: Db,
    id: number,
    values: Partial<ProjectLayerValues>,
    { ungroup }: { ungroup: boolean },
  ): Promise<void> {
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('projectLayers')
        .set({ ...values, lastModified: new Date() })
        .where('id', '=', id)
        .execute();
      if (ungroup) await trx.deleteFrom('vendorLayers').where('layerId', '=', id).execute();
    });
  },

  /** Its group link goes with it (ON DELETE CASCADE). */
  async delete(db: Db, id: number): Promise<void> {
    await db.deleteFrom('projectLayers').where('id', '=', id).execute();
  },

  /** Puts the layer in the group, out of any other (a layer is in at most one); null ungroups. */
  async setGroup(db: Db, layerId: number, vendorId: number | null): Promise<void> {
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('vendorLayers').where('layerId', '=', layerId).execute();
      if (vendorId !== null) {
        await trx.insertInto('vendorLayers').values({ layerId, vendorId }).execute();
      }
    });
  },

  /** Adds the link only when the layer has no group; false when it had one. */
  async addToGroup(db: Db, layerId: number, vendorId: number): Promise<boolean> {
    const inserted = await db
      .insertInto('vendorLayers')
      .values({ layerId, vendorId })
      .onConflict((oc) => oc.column('layerId').doNothing())
      .returning('layerId')
      .executeTakeFirst();
    return inserted !== undefined;
  },

  async removeFromGroup(db: Db, layerId: number, vendorId: number): Promise<boolean> {
    const deleted = await db
      .deleteFrom('vendorLayers')
      .where('layerId', '=', layerId)
      .where('vendorId', '=', vendorId)
      .returning('layerId')
      .executeTakeFirst();
    return deleted !== undefined;
  },
};
