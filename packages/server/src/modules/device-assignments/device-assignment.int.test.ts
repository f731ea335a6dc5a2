import {
  ASSIGNMENT_TYPE_MANUAL,
  DEVICE_ASSIGNMENT_FROM_BEFORE_TO,
  DEVICE_ASSIGNMENT_SAME_ORGANIZATION,
} from '@asset-portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../../test/api.ts';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { factories } from '../../../test/factories.ts';
import { adminFactories } from '../../../test/factories-admin.ts';
import { scanFactories } from '../../../test/factories-scans.ts';
import { buildWorld } from '../../../test/world.ts';
import { placeCapture } from './capture-placement.ts';
import { deviceAssignmentRepository } from './device-assignment.repository.ts';

const FIELDS = 'id deviceId projectId from to device { id } project { id name }';
const LIST = `query($o:ID){ deviceAssignments(organizationId:$o){ ${FIELDS} } }`;
const CREATE = `mutation($d:ID!,$p:ID!,$f:DateTime!,$t:DateTime){
  createDeviceAssignment(deviceId:$d,projectId:$p,from:$f,to:$t){ ${FIELDS} } }`;
const UPDATE = `mutation($id:ID!,$d:ID!,$p:ID!,$f:DateTime!,$t:DateTime){
  updateDeviceAssignment(id:$id,deviceId:$d,projectId:$p,from:$f,to:$t){ ${FIELDS} } }`;
const DELETE = 'mutation($id:ID!){ deleteDeviceAssignment(id:$id) }';
const PROJECT_PERIOD = 'query($id:ID!){ project(id:$id){ from to } }';

interface Assignment {
  id: string;
  deviceId: string;
  projectId: string;
  from: string;
  to: string | null;
  project: { id: string; name: string };
}

const at = (iso: string) => new Date(iso);

describe.each(DATABASE_KINDS)('device assignments API on %s', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi(kind);
  });
  afterAll(async () => api?.close());

  /** Our organization also has a second project, 'Beta', to move the device to. */
  async function world() {
    const w = await buildWorld(api.database.db, { devices: true });
    return { ...w, second: await factories.project(w.db, w.ours.id, { name: 'Beta' }) };
  }

  it('creates, lists, updates and deletes a period, and the project shows it as From/To', async () => {
    const { ours, power, device, project, second } = await world();
    const created = await api.graphql<{ createDeviceAssignment: Assignment }>(power, CREATE, {
      d: device.id,
      p: project.id,
      f: '2024-03-01T08:00:00Z',
      t: '2024-04-01T00:00:00Z',
    });
    expect(created.errors).toBeUndefined();
    const assignment = created.data!.createDeviceAssignment;
    expect(assignment).toMatchObject({
      deviceId: device.id,
      projectId: String(project.id),
      from: '2024-03-01T08:00:00.000Z',
      to: '2024-04-01T00:00:00.000Z',
      project: { name: 'Alpha' },
    });
    const period = await api.graphql<{ project: { from: string; to: string } }>(
      power,
      PROJECT_PERIOD,
      { id: project.id },
    );
    expect(period.data?.project).toEqual({
      from: '2024-03-01T08:00:00.000Z',
      to: '2024-04-01T00:00:00.000Z',
    });

    const listed = await api.graphql<{ deviceAssignments: Assignment[] }>(power, LIST, {
      o: ours.id,
    });
    expect(listed.data?.deviceAssignments.map((a) => a.id)).toEqual([assignment.id]);
    const ownScope = await api.graphql<{ deviceAssignments: Assignment[] }>(power, LIST, {});
    expect(ownScope.data?.deviceAssignments.map((a) => a.id)).toEqual([assignment.id]);

    // Moved to another project and left open-ended.
    const updated = await api.graphql<{ updateDeviceAssignment: Assignment }>(power, UPDATE, {
      id: assignment.id,
      d: device.id,
      p: second.id,
      f: '2024-03-01T08:00:00Z',
      t: null,
    });
    expect(updated.errors).toBeUndefined();
    expect(updated.data?.updateDeviceAssignment).toMatchObject({ projectId: String(second.id) });
    const open = await api.graphql<{ project: { from: string; to: string | null } }>(
      power,
      PROJECT_PERIOD,
      { id: second.id },
    );
    expect(open.data?.project).toEqual({ from: '2024-03-01T08:00:00.000Z', to: null });
    const emptied = await api.graphql<{ project: { from: string | null } }>(power, PROJECT_PERIOD, {
      id: project.id,
    });
    expect(emptied.data?.project.from).toBeNull();

    const deleted = await api.graphql(power, DELETE, { id: assignment.id });
    expect(deleted.data).toEqual({ deleteDeviceAssignment: true });
    const after = await api.graphql<{ deviceAssignments: Assignment[] }>(power, LIST, {
      o: ours.id,
    });
    expect(after.data?.deviceAssignments).toEqual([]);
  });

  it('refuses a period overlapping another period of the same device, naming it', async () => {
    const { db, admin, device, project, second } = await world();
    await adminFactories.deviceAssignment(
      db,
      device.id,
      project.id,
      at('2024-01-01T00:00:00Z'),
      at('2024-02-01T00:00:00Z'),
    );
    const overlapping = await api.graphql(admin, CREATE, {
      d: device.id,
      p: second.id,
      f: '2024-01-15T00:00:00Z',
      t: '2024-03-01T00:00:00Z',
    });
    expect(overlapping.errors?.[0]?.message).toBe(
      `This period overlaps the assignment of device ${device.id} to project 'Alpha' from ` +
        '2024-01-01 00:00 UTC to 2024-02-01 00:00 UTC.',
    );
    // An open-ended new period overlaps everything after its start.
    const openEnded = await api.graphql(admin, CREATE, {
      d: device.id,
      p: second.id,
      f: '2023-06-01T00:00:00Z',
    });
    expect(openEnded.errors?.[0]?.message).toMatch(/^This period overlaps/);
    // Touching ends do not overlap: [Jan, Feb) and [Feb, Mar).
    const touching = await api.graphql<{ createDeviceAssignment: Assignment }>(admin, CREATE, {
      d: device.id,
      p: second.id,
      f: '2024-02-01T00:00:00Z',
    });
    expect(touching.errors).toBeUndefined();
    // The open-ended period now blocks anything later, and an update cannot move into it.
    const later = await api.graphql(admin, CREATE, {
      d: device.id,
      p: project.id,
      f: '2030-01-01T00:00:00Z',
      t: '2030-02-01T00:00:00Z',
    });
    expect(later.errors?.[0]?.message).toMatch(
      /to project 'Beta' from 2024-02-01 00:00 UTC with no end\.$/,
    );
    const selfUpdate = await api.graphql(admin, UPDATE, {
      id: touching.data!.createDeviceAssignment.id,
      d: device.id,
      p: second.id,
      f: '2024-02-01T00:00:00Z',
      t: '2024-12-01T00:00:00Z',
    });
    expect(selfUpdate.errors).toBeUndefined();
    // Another device may use the same period.
    const otherDevice = await factories.device(db, project.organizationId);
    const parallel = await api.graphql(admin, CREATE, {
      d: otherDevice.id,
      p: project.id,
      f: '2024-01-15T00:00:00Z',
    });
    expect(parallel.errors).toBeUndefined();
  });

  it('requires from before to, and both times', async () => {
    const { power, device, project } = await world();
    const reversed = await api.graphql(power, CREATE, {
      d: device.id,
      p: project.id,
      f: '2024-02-01T00:00:00Z',
      t: '2024-01-01T00:00:00Z',
    });
    expect(reversed.errors?.[0]?.message).toBe(DEVICE_ASSIGNMENT_FROM_BEFORE_TO);
    const equal = await api.graphql(power, CREATE, {
      d: device.id,
      p: project.id,
      f: '2024-02-01T00:00:00Z',
      t: '2024-02-01T00:00:00Z',
    });
    expect(equal.errors?.[0]?.message).toBe(DEVICE_ASSIGNMENT_FROM_BEFORE_TO);
    const missingFrom = await api.graphql(power, CREATE, { d: device.id, p: project.id });
    expect(missingFrom.errors?.length).toBeGreaterThan(0);
    const garbage = await api.graphql(power, CREATE, { d: device.id, p: project.id, f: 'soon' });
    expect(garbage.errors?.length).toBeGreaterThan(0);
  });

  it('requires device and project of one organization (Admin), and hides other organizations (Power User)', async () => {
    const { db, admin, power, device, project, foreignDevice, foreignProject, other } =
      await world();
    const mixed = await api.graphql(admin, CREATE, {
      d: device.id,
      p: foreignProject.id,
      f: '2024-01-01T00:00:00Z',
    });
    expect(mixed.errors?.[0]?.message).toBe(DEVICE_ASSIGNMENT_SAME_ORGANIZATION);
    const loose = await factories.device(db, null);
    const unowned = await api.graphql(admin, CREATE, {
      d: loose.id,
      p: project.id,
      f: '2024-01-01T00:00:00Z',
    });
    expect(unowned.errors?.[0]?.message).toBe(DEVICE_ASSIGNMENT_SAME_ORGANIZATION);
    const adminForeign = await api.graphql(admin, CREATE, {
      d: foreignDevice.id,
      p: foreignProject.id,
      f: '2024-01-01T00:00:00Z',
    });
    expect(adminForeign.errors).toBeUndefined();

    for (const variables of [
      { d: foreignDevice.id, p: project.id },
      { d: device.id, p: foreignProject.id },
      { d: foreignDevice.id, p: foreignProject.id },
      { d: loose.id, p: project.id },
    ]) {
      const result = await api.graphql(power, CREATE, { ...variables, f: '2024-01-01T00:00:00Z' });
      expect(result.errors?.[0]?.extensions?.code, JSON.stringify(variables)).toBe('NOT_FOUND');
    }

    const foreignRow = await adminFactories.deviceAssignment(
      db,
      foreignDevice.id,
      foreignProject.id,
      at('2020-01-01T00:00:00Z'),
      at('2020-02-01T00:00:00Z'),
    );
    const moveIn = await api.graphql(power, UPDATE, {
      id: foreignRow.id,
      d: device.id,
      p: project.id,
      f: '2020-01-01T00:00:00Z',
    });
    expect(moveIn.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const remove = await api.graphql(power, DELETE, { id: foreignRow.id });
    expect(remove.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const list = await api.graphql(power, LIST, { o: other.id });
    expect(list.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const stillThere = await db
      .selectFrom('deviceAssignments')
      .select('projectId')
      .where('id', '=', foreignRow.id)
      .executeTakeFirst();
    expect(stillThere?.projectId).toBe(foreignProject.id);

    // Moving an own period onto a foreign project is refused too.
    const own = await adminFactories.deviceAssignment(
      db,
      device.id,
      project.id,
      at('2021-01-01T00:00:00Z'),
      null,
    );
    const moveOut = await api.graphql(power, UPDATE, {
      id: own.id,
      d: device.id,
      p: foreignProject.id,
      f: '2021-01-01T00:00:00Z',
    });
    expect(moveOut.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('denies standard users every operation', async () => {
    const { db, ours, standard, device, project } = await world();
    const row = await adminFactories.deviceAssignment(
      db,
      device.id,
      project.id,
      at('2020-01-01'),
      null,
    );
    for (const [query, variables] of [
      [LIST, { o: ours.id }],
      [CREATE, { d: device.id, p: project.id, f: '2025-01-01T00:00:00Z' }],
      [UPDATE, { id: row.id, d: device.id, p: project.id, f: '2020-01-01T00:00:00Z' }],
      [DELETE, { id: row.id }],
    ] as const) {
      const result = await api.graphql(standard, query, variables);
      expect(result.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    }
  });

  it("refuses an overlap with the device's earlier organization without naming its project", async () => {
    const { db, device, project, other, outsider, foreignProject } = await world();
    await adminFactories.deviceAssignment(
      db,
      device.id,
      project.id,
      at('2024-01-01T00:00:00Z'),
      at('2024-02-01T00:00:00Z'),
    );
    // The device moves to the other organization; the old period stays with its captures.
    await db
      .updateTable('devices')
      .set({ organizationId: other.id })
      .where('id', '=', device.id)
      .execute();
    const overlapping = await api.graphql(outsider, CREATE, {
      d: device.id,
      p: foreignProject.id,
      f: '2024-01-15T00:00:00Z',
    });
    const message = overlapping.errors?.[0]?.message ?? '';
    expect(message).toBe(
      `This period overlaps an assignment of device ${device.id} to a project of another ` +
        'organization (an earlier owner of the device) from 2024-01-01 00:00 UTC to 2024-02-01 ' +
        '00:00 UTC: captures of that time are theirs. Choose a period outside it, or ask an Admin ' +
        'to shorten or delete that assignment.',
    );
    expect(message).not.toContain('Alpha');
    // After the old period it is theirs to assign.
    const after = await api.graphql(outsider, CREATE, {
      d: device.id,
      p: foreignProject.id,
      f: '2024-02-01T00:00:00Z',
    });
    expect(after.errors).toBeUndefined();
  });

  it('placeCapture finds the project whose period contains the capture time, of the same organization', async () => {
    const { db, ours, other, device, project, second } = await world();
    await adminFactories.deviceAssignment(
      db,
      device.id,
      project.id,
      at('2024-01-01T00:00:00Z'),
      at('2024-02-01T00:00:00Z'),
    );
    await adminFactories.deviceAssignment(
      db,
      device.id,
      second.id,
      at('2024-03-01T00:00:00Z'),
      null,
    );
    const periods = await deviceAssignmentRepository.devicePeriods(db, device.id);
    const find = (iso: string, organizationId = ours.id) =>
      placeCapture(periods, device.id, at(iso), organizationId);
    expect(find('2023-12-31T23:59:59Z')).toEqual({
      projectId: null,
      reason: `no assignment of device ${device.id} covers 2023-12-31 23:59:59 UTC`,
    });
    expect(find('2024-01-01T00:00:00Z').projectId).toBe(project.id);
    expect(find('2024-01-31T23:59:59Z').projectId).toBe(project.id);
    expect(find('2024-02-01T00:00:00Z').projectId).toBeNull();
    expect(find('2024-03-01T00:00:00Z').projectId).toBe(second.id);
    expect(find('2099-01-01T00:00:00Z').projectId).toBe(second.id);
    // Data uploaded to another organization never lands in this one's project.
    expect(find('2024-01-15T00:00:00Z', other.id)).toEqual({
      projectId: null,
      reason: `the assignment of device ${device.id} at 2024-01-15 00:00 UTC is to a project of another organization`,
    });
    expect(await deviceAssignmentRepository.devicePeriods(db, 'no-such-device')).toEqual([]);
  });

  describe('placing sessions and scans when assignments change', () => {
    async function captures() {
      const w = await world();
      const { db, ours, device } = w;
      // Two sessions of the device that ingestion left in no project, one scan each.
      const early = await scanFactories.session(db, ours.id, {
        deviceId: device.id,
        capturedTimestamp: at('2024-04-01T08:31:00Z'),
      });
      const earlyScan = await scanFactories.scan(db, ours.id, {
        sessionId: early.id,
        deviceId: device.id,
        capturedTimestamp: at('2024-04-01T08:31:00Z'),
      });
      const late = await scanFactories.session(db, ours.id, {
        deviceId: device.id,
        capturedTimestamp: at('2024-06-01T08:00:00Z'),
      });
      const lateScan = await scanFactories.scan(db, ours.id, {
        sessionId: late.id,
        deviceId: device.id,
        capturedTimestamp: at('2024-06-01T08:00:00Z'),
      });
      await db
        .updateTable('sessions')
        .set({ assignmentType: null })
        .where('id', 'in', [early.id, late.id])
        .execute();
      await db
        .updateTable('scans')
        .set({ assignmentType: null })
        .where('id', 'in', [earlyScan.id, lateScan.id])
        .execute();
      const placement = async () => {
        const rows = await db
          .selectFrom('scans')
          .select(['id', 'projectId', 'assignmentType'])
          .where('id', 'in', [earlyScan.id, lateScan.id])
          .execute();
        const sessions = await db
          .selectFrom('sessions')
          .select(['id', 'projectId', 'assignmentType'])
          .where('id', 'in', [early.id, late.id])
          .execute();
        const of = (list: typeof rows, id: string) => {
          const row = list.find((r) => r.id === id)!;
          return [row.projectId, row.assignmentType];
        };
        return {
          early: of(rows, earlyScan.id),
          late: of(rows, lateScan.id),
          earlySession: of(sessions, early.id),
          lateSession: of(sessions, late.id),
        };
      };
      return { ...w, early, late, earlyScan, lateScan, placement };
    }

    it('creating an assignment brings in what it covers; shortening, moving and deleting it gives back what it no longer covers', async () => {
      const { power, device, project, second, placement } = await captures();
      expect(await placement()).toEqual({
        early: [null, null],
        late: [null, null],
        earlySession: [null, null],
        lateSession: [null, null],
      });
      const created = await api.graphql<{ createDeviceAssignment: Assignment }>(power, CREATE, {
        d: device.id,
        p: project.id,
        f: '2024-04-01T00:00:00Z',
      });
      expect(created.errors).toBeUndefined();
      const id = created.data!.createDeviceAssignment.id;
      expect(await placement()).toEqual({
        early: [project.id, 'Device'],
        late: [project.id, 'Device'],
        earlySession: [project.id, 'Device'],
        lateSession: [project.id, 'Device'],
      });

      // Shortened to end before the late session: it goes back to no project.
      const shortened = await api.graphql(power, UPDATE, {
        id,
        d: device.id,
        p: project.id,
        f: '2024-04-01T00:00:00Z',
        t: '2024-05-01T00:00:00Z',
      });
      expect(shortened.errors).toBeUndefined();
      expect(await placement()).toEqual({
        early: [project.id, 'Device'],
        late: [null, null],
        earlySession: [project.id, 'Device'],
        lateSession: [null, null],
      });

      // Moved to another project: what it places follows.
      await api.graphql(power, UPDATE, {
        id,
        d: device.id,
        p: second.id,
        f: '2024-04-01T00:00:00Z',
        t: '2024-05-01T00:00:00Z',
      });
      expect((await placement()).early).toEqual([second.id, 'Device']);

      const deleted = await api.graphql(power, DELETE, { id });
      expect(deleted.errors).toBeUndefined();
      expect(await placement()).toEqual({
        early: [null, null],
        late: [null, null],
        earlySession: [null, null],
        lateSession: [null, null],
      });
    });

    it('counts the sessions each period placed, not those assigned by hand or outside it', async () => {
      const { db, ours, power, device, project, second, early } = await captures();
      const placed = async () => {
        const listed = await api.graphql<{
          deviceAssignments: { id: string; placedSessions: number }[];
        }>(power, 'query($o:ID){ deviceAssignments(organizationId:$o){ id placedSessions } }', {
          o: ours.id,
        });
        expect(listed.errors).toBeUndefined();
        return Object.fromEntries(
          listed.data!.deviceAssignments.map((a) => [a.id, a.placedSessions]),
        );
      };
      const create = async (p: number, f: string, t: string | null) => {
        const created = await api.graphql<{ createDeviceAssignment: Assignment }>(power, CREATE, {
          d: device.id,
          p,
          f,
          t,
        });
        expect(created.errors).toBeUndefined();
        return created.data!.createDeviceAssignment.id;
      };
      const april = await create(project.id, '2024-04-01T00:00:00Z', '2024-05-01T00:00:00Z');
      const june = await create(second.id, '2024-05-15T00:00:00Z', null);
      const empty = await create(project.id, '2023-01-01T00:00:00Z', '2023-02-01T00:00:00Z');
      expect(await placed()).toEqual({ [april]: 1, [june]: 1, [empty]: 0 });
      // A session moved by hand into the project is not the period's to give back.
      await db
        .updateTable('sessions')
        .set({ projectId: second.id, assignmentType: ASSIGNMENT_TYPE_MANUAL })
        .where('id', '=', early.id)
        .execute();
      expect(await placed()).toEqual({ [april]: 0, [june]: 1, [empty]: 0 });
    });

    it('leaves data assigned by hand, imported or of another device where it is', async () => {
      const { db, ours, power, device, project, second, early, placement } = await captures();
      const manual = await api.graphql(
        power,
        'mutation($s:String!,$p:ID!){ assignSessionToProject(sessionId:$s,projectId:$p){ scanCount } }',
        { s: early.id, p: second.id },
      );
      expect(manual.errors).toBeUndefined();
      const otherDevice = await factories.device(db, ours.id);
      const foreignScan = await scanFactories.scan(db, ours.id, {
        deviceId: otherDevice.id,
        capturedTimestamp: at('2024-06-01T08:00:00Z'),
      });
      await api.graphql(power, CREATE, { d: device.id, p: project.id, f: '2024-01-01T00:00:00Z' });
      const after = await placement();
      expect(after.early).toEqual([second.id, 'Manual']);
      expect(after.earlySession).toEqual([second.id, 'Manual']);
      expect(after.late).toEqual([project.id, 'Device']);
      const untouched = await db
        .selectFrom('scans')
        .select('projectId')
        .where('id', 'in', [foreignScan.id])
        .executeTakeFirstOrThrow();
      expect(untouched.projectId).toBeNull();
    });

    it('a refused overlapping period changes no placement', async () => {
      const { db, admin, device, project, second, placement } = await captures();
      await adminFactories.deviceAssignment(
        db,
        device.id,
        project.id,
        at('2024-05-01T00:00:00Z'),
        at('2024-07-01T00:00:00Z'),
      );
      const refused = await api.graphql(admin, CREATE, {
        d: device.id,
        p: second.id,
        f: '2024-03-01T00:00:00Z',
      });
      expect(refused.errors?.[0]?.message).toMatch(/^This period overlaps/);
      expect((await placement()).early).toEqual([null, null]);
    });
  });
});
