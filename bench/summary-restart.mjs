// Benchmark: a web process's first summary of a 10,000-scan project it does not keep (after its
// start, or a project it let go), computed from the scans' rows as before and from the scan parts
// stored by an earlier computation (scan_summary_parts), side by side in one run, on PGlite and
// on the PostgreSQL server. Each computation runs on a Kysely of its own (a process of its own
// for the summary caches) over the same database. Also times storing the parts, and the first
// summary from stored parts after 100 scans changed.
// Run with: npm run bench:summary-restart (env BENCH_SCANS=10000 BENCH_ROUNDS=3 BENCH_KINDS=pglite,postgres)
import os from 'node:os';
import { scanSummaryService } from '../packages/server/src/modules/scan-summary/scan-summary.service.ts';
import { createTestDatabase } from '../packages/server/test/databases.ts';
import { factories } from '../packages/server/test/factories.ts';
import { asAnotherProcess, seedBenchProject } from './lib/bench-project.mjs';

const SCANS = Number(process.env.BENCH_SCANS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const KINDS = (process.env.BENCH_KINDS ?? 'pglite,postgres').split(',');
const CHANGED = 100;

async function timed(action) {
  const started = performance.now();
  const result = await action();
  return { ms: performance.now() - started, result };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const show = (values) =>
  `${values.map((v) => Math.round(v)).join(', ')} ms (median ${Math.round(median(values))})`;

async function benchKind(kind) {
  const database = await createTestDatabase(kind);
  const { db } = database;
  try {
    const organization = await factories.organization(db, { name: 'Northwind Surveying' });
    const user = await factories.user(db, organization.id, 'Admin');
    const viewer = { user, organizationName: organization.name };
    // The bench project's scans name the demo data's two devices.
    await db
      .insertInto('devices')
      .values(
        ['LG-1001', 'LG-1002'].map((id) => ({ id, name: id, organizationId: organization.id })),
      )
      .execute();
    const seeded = await timed(() => seedBenchProject(db, 'Bench restart', SCANS));
    const project = seeded.result;
    console.log(`${kind}: ${SCANS} scans seeded in ${(seeded.ms / 1000).toFixed(1)} s`);

    const fromRows = [];
    const fromStored = [];
    const stores = [];
    let bytes = 0;
    for (let round = 0; round < ROUNDS; round++) {
      await db.deleteFrom('scanSummaryParts').execute();
      const computing = asAnotherProcess(db);
      const whole = await timed(() => scanSummaryService.compact(computing, viewer, project.id));
      fromRows.push(whole.ms);
      stores.push((await timed(() => scanSummaryService.storeComputedParts(computing))).ms);
      const restarted = await timed(() =>
        scanSummaryService.compact(asAnotherProcess(db), viewer, project.id),
      );
      fromStored.push(restarted.ms);
      if (!restarted.result.json.equals(whole.result.json)) throw new Error('summaries differ');
      bytes = whole.result.br.length;
    }
    const stored = await db
      .selectFrom('scanSummaryParts')
      .select((eb) => [
        eb.fn.countAll().as('rows'),
        eb.fn.sum(eb.fn('length', ['part'])).as('chars'),
      ])
      .executeTakeFirstOrThrow();
    console.log(`${kind}: whole computation from the scans' rows: ${show(fromRows)}`);
    console.log(
      `${kind}: storing the ${stored.rows} parts (${(Number(stored.chars) / 1e6).toFixed(1)} MB of text): ${show(stores)}`,
    );
    console.log(
      `${kind}: whole computation from the stored parts: ${show(fromStored)}; ${(bytes / 1e3).toFixed(0)} kB brotli`,
    );

    const changedIds = (
      await db
        .selectFrom('scans')
        .select('id')
        .where('projectId', '=', project.id)
        .limit(CHANGED)
        .execute()
    ).map((row) => row.id);
    await db
      .updateTable('scans')
      .set({ comment: 'Changed after storing' })
      .where('id', 'in', changedIds)
      .execute();
    const afterChange = await timed(() =>
      scanSummaryService.compact(asAnotherProcess(db), viewer, project.id),
    );
    console.log(
      `${kind}: from the stored parts after ${CHANGED} scans changed: ${Math.round(afterChange.ms)} ms`,
    );
  } finally {
    await database.drop();
  }
}

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
console.log(`bench:summary-restart ${new Date().toISOString()}, load ${load()}`);
for (const kind of KINDS) await benchKind(kind);
console.log(`load at the end ${load()}`);
process.exit(0);
