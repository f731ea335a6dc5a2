import { USER_TYPES, type UserType } from '@asset-portal/shared';
import { buildSchema as buildGraphqlSchema } from 'graphql';
import { buildSchema } from '../../src/graphql/schema.ts';
import type { TestApi } from '../api.ts';
import { buildOrgFixture, type OrgFixture } from '../authorization-world.ts';
import {
  DocumentFactory,
  type FuzzCase,
  type FuzzOperation,
  fuzzOperations,
} from './fuzz-documents.ts';
import { type FuzzTargets, ValueFactory } from './fuzz-values.ts';
import { hashSeed, Prng } from './prng.ts';

export type Caller = UserType | 'anonymous';

/** One request whose answer broke a rule, with what is needed to send it again. */
export interface FuzzFailure {
  caller: Caller;
  reason: string;
  fuzzCase: FuzzCase;
}

export interface FuzzReport {
  operations: number;
  documents: number;
  byStatus: Record<number, number>;
  failures: FuzzFailure[];
  ms: number;
  /** Milliseconds spent on each operation, to see what a run's time goes to. */
  msByOperation: Record<string, number>;
  /** The slowest single request, a hint of an input that costs too much. */
  slowest: { ms: number; fuzzCase: FuzzCase | null };
}

// What only a crash or an unmasked database or programming error says.
const LEAK =
  /Internal server error|\n\s+at |relation "|column "|syntax error at|violates .* constraint|invalid input syntax|out of range for type|duplicate key|SQLSTATE|ECONNREFUSED|Cannot read properties|is not a function|ReferenceError|TypeError:|Maximum call stack/i;

/** The schema's operations, mutations that delete last so earlier ones find their rows. */
export function schemaOperations(): FuzzOperation[] {
  const schema = buildGraphqlSchema(buildSchema().schema);
  const deletesLast = (o: FuzzOperation) => (o.field.name.startsWith('delete') ? 1 : 0);
  return fuzzOperations(schema).sort((a, b) => deletesLast(a) - deletesLast(b));
}

/** Rows to aim at: the callers' own organization and another one, rebuilt when they break. */
class World {
  home!: OrgFixture;
  other!: OrgFixture;
  private cookies = new Map<Caller, string>();

  constructor(private readonly api: TestApi) {}

  async rebuild(): Promise<void> {
    const db = this.api.database.db;
    this.home = await buildOrgFixture(db, 'Lux Fuzz');
    this.other = await buildOrgFixture(db, 'Other Fuzz');
    this.cookies.clear();
    for (const type of USER_TYPES) {
      this.cookies.set(type, await this.api.cookieFor(this.home.users[type]));
    }
  }

  cookie(caller: Caller): string | undefined {
    return this.cookies.get(caller);
  }

  targets(): FuzzTargets {
    const ints = (f: OrgFixture) => [
      f.organizationId,
      f.projectId,
      f.pipelineId,
      f.annotationId,
      f.activityLogId,
      f.spareUser.id,
      ...Object.values(f.users).map((u) => u.id),
    ];
    const strings = (f: OrgFixture) => [
      f.deviceId,
      f.sessionId,
      f.scanId,
      f.activityReferenceKey,
      f.spareUser.awsUserId ?? '',
      f.users.Admin.awsUserId ?? '',
    ];
    return {
      intIds: [...ints(this.home), ...ints(this.other)],
      stringIds: [...strings(this.home), ...strings(this.other)],
    };
  }
}

const CALLERS: readonly Caller[] = [...USER_TYPES, 'anonymous'];
/** Requests in flight at once: enough to keep both the app and the database busy. */
const CONCURRENCY = 4;

/**
 * Sends `perOperation` generated requests for every operation of the schema, as each user type
 * and anonymously, and collects every answer that is a server error or leaks an internal one.
 */
export async function runGraphqlFuzz(
  api: TestApi,
  {
    seed,
    perOperation,
    only,
    stream = '',
  }: {
    seed: number;
    perOperation: number;
    only?: readonly string[];
    /** Mixed into each operation's seed, so runs on two databases send different documents. */
    stream?: string;
  },
): Promise<FuzzReport> {
  const started = performance.now();
  const world = new World(api);
  const report: FuzzReport = {
    operations: 0,
    documents: 0,
    byStatus: {},
    failures: [],
    ms: 0,
    msByOperation: {},
    slowest: { ms: 0, fuzzCase: null },
  };
  const operations = schemaOperations().filter((o) => !only?.length || only.includes(o.field.name));
  for (const operation of operations) {
    report.operations += 1;
    const operationStarted = performance.now();
    // Deletions remove the rows the next operations aim at; everything else leaves them usable.
    if (report.operations === 1 || operation.field.name.startsWith('delete')) await world.rebuild();
    const random = new Prng(hashSeed(seed, `${stream}:${operation.kind}.${operation.field.name}`));
    let sent = 0;
    while (sent < perOperation) {
      const values = new ValueFactory(random, world.targets());
      const documents = new DocumentFactory(random, values);
      const batch = Array.from({ length: Math.min(CONCURRENCY, perOperation - sent) }, () => ({
        caller: random.pick(CALLERS),
        fuzzCase: documents.build(operation),
      }));
      const answers = await Promise.all(batch.map((b) => send(api, world, b.caller, b.fuzzCase)));
      let lostSession = false;
      answers.forEach((answer, i) => {
        const { caller, fuzzCase } = batch[i]!;
        report.byStatus[answer.status] = (report.byStatus[answer.status] ?? 0) + 1;
        if (answer.ms > report.slowest.ms) report.slowest = { ms: answer.ms, fuzzCase };
        const reason = judge(answer);
        if (reason) report.failures.push({ caller, reason, fuzzCase });
        // A mutation disabled, demoted or deleted a caller: aim the next requests at new rows.
        if (caller !== 'anonymous' && answer.status === 401) lostSession = true;
      });
      sent += batch.length;
      report.documents += batch.length;
      if (lostSession) await world.rebuild();
    }
    report.msByOperation[operation.field.name] = performance.now() - operationStarted;
  }
  report.ms = performance.now() - started;
  return report;
}

async function send(api: TestApi, world: World, caller: Caller, fuzzCase: FuzzCase) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const cookie = world.cookie(caller);
  if (cookie) headers.cookie = cookie;
  const started = performance.now();
  const response = await api.app.inject({
    method: 'POST',
    url: '/graphql',
    headers,
    payload: JSON.stringify({ query: fuzzCase.document, variables: fuzzCase.variables }),
  });
  return { status: response.statusCode, body: response.body, ms: performance.now() - started };
}

function judge({ status, body }: { status: number; body: string }): string | null {
  if (status >= 500) return `HTTP ${status}: ${body.slice(0, 300)}`;
  let parsed: { errors?: { message?: unknown }[] };
  try {
    parsed = JSON.parse(body);
  } catch {
    return `HTTP ${status} with a body that is not JSON: ${body.slice(0, 300)}`;
  }
  for (const error of parsed.errors ?? []) {
    const message = String(error.message);
    if (LEAK.test(message)) return `HTTP ${status}: ${message.slice(0, 300)}`;
  }
  return null;
}

/** The counts to print after a run: documents, operations, failures, time, slowest parts. */
export function summarize(report: FuzzReport, title: string): string {
  const slowest = Object.entries(report.msByOperation)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([name, ms]) => `${name} ${Math.round(ms)} ms`);
  const slowestRequest = report.slowest.fuzzCase
    ? `; slowest request ${Math.round(report.slowest.ms)} ms (${report.slowest.fuzzCase.operation})`
    : '';
  return (
    `${title}: ${report.documents} documents, ${report.operations} operations, ` +
    `${report.failures.length} failures, ${(report.ms / 1000).toFixed(1)} s; ` +
    `answers by status ${JSON.stringify(report.byStatus)}; slowest operations ${slowest.join(', ')}` +
    slowestRequest
  );
}

/** One failure per operation (the first), so one broken rule does not hide the others. */
export function firstFailurePerOperation(failures: readonly FuzzFailure[]): FuzzFailure[] {
  const seen = new Set<string>();
  return failures.filter((f) => !seen.has(f.fuzzCase.operation) && seen.add(f.fuzzCase.operation));
}

/** A failure as text to paste into a reproduction: operation, caller, document, variables. */
export function describeFailure({ caller, reason, fuzzCase }: FuzzFailure): string {
  const clip = (text: string) =>
    text.length > 600 ? `${text.slice(0, 600)}… (${text.length} characters)` : text;
  return [
    `operation: ${fuzzCase.operation} as ${caller}`,
    `answer:    ${reason}`,
    `document:  ${clip(fuzzCase.document)}`,
    `variables: ${clip(JSON.stringify(fuzzCase.variables) ?? 'none')}`,
  ].join('\n');
}
