import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../test/api.ts';
import { DATABASE_KINDS } from '../../test/databases.ts';
import {
  describeFailure,
  firstFailurePerOperation,
  runGraphqlFuzz,
  summarize,
} from '../../test/fuzz/fuzz-runner.ts';

// Generated requests for every Query and Mutation field of the schema, as every user type and
// anonymously: wrong types, missing and extra arguments, huge and unicode strings, forged and
// other-organization ids, random selections. None may crash (HTTP 500) or leak an internal
// error. Repeat a failure with FUZZ_SEED=<seed>; FUZZ_DOCS_PER_OPERATION changes the volume.

const seed = Number(process.env.FUZZ_SEED ?? 20_261_126);
const envVolume = Number(process.env.FUZZ_DOCS_PER_OPERATION);
// The full volume on PostgreSQL (23,000 documents, about 55 s on an idle 2-core machine); on
// PGlite, which runs in the test's own thread, a seeded sample of other documents (11,500, about
// 35 s), so the file stays near a minute and a half while other test files share the machine.
// FUZZ_DOCS_PER_OPERATION sets both, for a quick local run or a long one.
const PER_OPERATION = { postgres: 200, pglite: 100 } as const;
const MAX_PRINTED_FAILURES = 40;

describe.each(DATABASE_KINDS)('GraphQL fuzz on %s', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi(kind);
  });
  afterAll(async () => api?.close());

  it('answers every generated request without a server error', { timeout: 300_000 }, async () => {
    const perOperation =
      Number.isFinite(envVolume) && envVolume > 0 ? envVolume : PER_OPERATION[kind];
    const only = process.env.FUZZ_OPERATIONS?.split(',').filter(Boolean);
    const report = await runGraphqlFuzz(api, { seed, perOperation, only, stream: kind });
    console.info(summarize(report, `GraphQL fuzz on ${kind} (FUZZ_SEED=${seed})`));
    const printed = firstFailurePerOperation(report.failures)
      .slice(0, MAX_PRINTED_FAILURES)
      .map(describeFailure);
    expect(printed.join('\n\n')).toBe('');

    const health = await api.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
  });
});
