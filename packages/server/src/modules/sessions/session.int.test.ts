import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../../test/api.ts';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { factories } from '../../../test/factories.ts';
import { scanFactories } from '../../../test/factories-scans.ts';
import { countQueries } from '../../../test/query-counter.ts';

const FIELDS = `projectId sessionId assignmentType capturedTimestamp endCapturedTimestamp status
  scanCount trajectoryProcessingRuns { id sessionId basestationIds status statusMessge logS3Url
  ambStatusS3Url altitudeSeparationsS3Url distanceSeparationsS3Url numSatsS3Url
  trajectoryAuditS3Url submitted started completed }`;

interface Summary {
  sessionId: string;
  status: string;
  scanCount: number;
  projectId: string;
  trajectoryProcessingRuns: { basestationIds: number[]; statusMessge: string }[];
}

describe.each(DATABASE_KINDS)('sessions API on %s', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi(kind);
  });
  afterAll(async () => api?.close());

  /** A project with sessions whose scans' point clouds have the given statuses. */
  async function projectWithSessions(sessions: string[][][]) {
    const db = api.database.db;
    const org = await factories.organization(db);
    const project = await factories.project(db, org.id);
    const made = [];
    for (const [index, scans] of sessions.entries()) {
      const session = await scanFactories.session(db, org.id, {
        projectId: project.id,
        capturedTimestamp: new Date(Date.UTC(2024, 4, 1 + index, 10)),
      });
      for (const statuses of scans) {
        const scan = await scanFactories.scan(db, org.id, {
          projectId: project.id,
          sessionId: session.id,
        });
        for (const status of statuses) await scanFactories.artifact(db, scan.id, { status });
        // Camera artifacts never count towards a session's status.
        await scanFactories.artifact(db, scan.id, { artifactType: 'left_cam', status: 'final' });
      }
      made.push(session);
    }
    return { org, project, sessions: made };
  }

  it('summarizes sessions newest first with scan count, point-cloud statuses and runs', async () => {
    const { org, project, sessions } = await projectWithSessions([
      [['final'], ['provisional'], ['provisional', 'final']],
      [['provisional'], []],
      [],
    ]);
    const db = api.database.db;
    await scanFactories.trajectoryRun(db, sessions[0]!.id, [3, 4]);
    const user = await factories.user(db, org.id, 'Standard');
    for (const name of ['sessionSummary', 'sessionsForProject']) {
      const result = await api.graphql<Record<string, Summary[]>>(
        user,
        `query($p: ID!) { ${name}(projectId: $p) { ${FIELDS} } }`,
        { p: project.id },
      );
      expect(result.errors).toBeUndefined();
      const list = result.data![name]!;
      expect(list.map((s) => [s.sessionId, s.status, s.scanCount])).toEqual([
        [sessions[2]!.id, '', 0],
        [sessions[1]!.id, 'provisional', 2],
        [sessions[0]!.id, 'final, provisional', 3],
      ]);
      expect(list[2]!.projectId).toBe(String(project.id));
      expect(list[2]!.trajectoryProcessingRuns).toEqual([
        expect.objectContaining({ basestationIds: [3, 4], statusMessge: 'done' }),
      ]);
      expect(list[0]!.trajectoryProcessingRuns).toEqual([]);
    }
  });

  it('says which sessions can be processed: those whose package stored the rover observations', async () => {
    const { org, project, sessions } = await projectWithSessions([[], [], [], []]);
    const db = api.database.db;
    const stored = (name: string) => `s3://portal/org-${org.id}/sessions/gnss/${name}`;
    const manifests = [
      { gnss: [{ path: 'gnss/rover.24o', kind: 'observation', s3Url: stored('rover.24o') }] },
      { gnss: [{ path: 'gnss/rover.24n', kind: 'navigation', s3Url: stored('rover.24n') }] },
      // Listed in the package but never stored: nothing a run could fetch.
      { gnss: [{ path: 'gnss/rover.24o', kind: 'observation' }] },
      null,
    ];
    for (const [index, manifest] of manifests.entries()) {
      await db
        .updateTable('sessions')
        .set({ manifest: manifest === null ? null : JSON.stringify(manifest) })
        .where('id', '=', sessions[index]!.id)
        .execute();
    }
    const user = await factories.user(db, org.id, 'Standard');
    const result = await api.graphql<{
      sessionSummary: { sessionId: string; roverObservation: boolean }[];
    }>(user, 'query($p: ID!) { sessionSummary(projectId: $p) { sessionId roverObservation } }', {
      p: project.id,
    });
    expect(result.errors).toBeUndefined();
    const flags = new Map(
      result.data!.sessionSummary.map((s) => [s.sessionId, s.roverObservation]),
    );
    expect(sessions.map((session) => flags.get(session.id))).toEqual([true, false, false, false]);
  });

  it('lists sessions of several projects, and refuses a foreign project like a missing one', async () => {
    const a = await projectWithSessions([[['final']]]);
    const db = api.database.db;
    const b = await factories.project(db, a.org.id);
    await scanFactories.session(db, a.org.id, { projectId: b.id });
    const foreign = await projectWithSessions([[['final']]]);
    const user = await factories.user(db, a.org.id, 'Power User');
    const query = 'query($ids: [ID!]!) { sessionsForProjects(projectIds: $ids) { projectId } }';
    const both = await api.graphql<{ sessionsForProjects: { projectId: string }[] }>(user, query, {
      ids: [a.project.id, b.id],
    });
    expect(both.data?.sessionsForProjects.map((s) => s.projectId).sort()).toEqual(
      [String(a.project.id), String(b.id)].sort(),
    );
    const withForeign = await api.graphql(user, query, { ids: [a.project.id, foreign.project.id] });
    const withMissing = await api.graphql(user, query, { ids: [a.project.id, 987_654] });
    expect(withForeign.errors?.[0]?.message).toBe('Not found');
    expect(withForeign.errors).toEqual(withMissing.errors);
    const single = await api.graphql(
      user,
      'query($p: ID!) { sessionSummary(projectId: $p) { sessionId } }',
      { p: foreign.project.id },
    );
    expect(single.errors?.[0]?.message).toBe('Not found');
  });

  it('runs the same number of SQL statements for 2 and for 10 sessions', async () => {
    const small = await projectWithSessions([[['final']], [['provisional']]]);
    const large = await projectWithSessions(
      Array.from({ length: 10 }, () => [['final'], ['provisional']]),
    );
    const db = api.database.db;
    for (const s of [...small.sessions, ...large.sessions]) {
      await scanFactories.trajectoryRun(db, s.id);
    }
    const admin = await factories.user(db, small.org.id, 'Admin');
    const counter = countQueries(db);
    try {
      const measure = async (projectId: number) => {
        counter.reset();
        const result = await api.graphql(
          admin,
          `query($p: ID!) { sessionSummary(projectId: $p) { ${FIELDS} } }`,
          { p: projectId },
        );
        expect(result.errors).toBeUndefined();
        return counter.count;
      };
      expect(await measure(large.project.id)).toBe(await measure(small.project.id));
    } finally {
      counter.restore();
    }
  });
});
