import {
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLOutputType,
  type GraphQLSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  isRequiredArgument,
} from 'graphql';
import type { ValueFactory } from './fuzz-values.ts';
import type { Prng } from './prng.ts';

export type OperationKind = 'query' | 'mutation';

/** One top-level field of the schema: what the fuzzer calls. */
export interface FuzzOperation {
  kind: OperationKind;
  field: GraphQLField<unknown, unknown>;
}

/** One generated request. */
export interface FuzzCase {
  operation: string;
  document: string;
  variables: Record<string, unknown> | undefined;
}

/** Every Query and Mutation field, so a new operation is fuzzed without a change here. */
export function fuzzOperations(schema: GraphQLSchema): FuzzOperation[] {
  const of = (kind: OperationKind, type: ReturnType<GraphQLSchema['getQueryType']>) =>
    Object.values(type?.getFields() ?? {}).map((field) => ({ kind, field }));
  return [...of('query', schema.getQueryType()), ...of('mutation', schema.getMutationType())];
}

const NAME = /^[_A-Za-z][_0-9A-Za-z]*$/;
const WRONG_DECLARED_TYPES = [
  'String',
  'String!',
  'Int!',
  'ID',
  '[ID!]!',
  'JSON',
  'Boolean',
  'Nope',
];

/** Builds random documents and variables for one operation: mostly wrong, sometimes right. */
export class DocumentFactory {
  constructor(
    private readonly random: Prng,
    private readonly values: ValueFactory,
  ) {}

  build({ kind, field }: FuzzOperation): FuzzCase {
    const r = this.random;
    const inline = r.chance(0.3);
    const declarations: string[] = [];
    const call: string[] = [];
    const variables: Record<string, unknown> = {};
    for (const arg of field.args) {
      const plan = this.plan(arg.type);
      if (plan.kind === 'omit') continue;
      if (inline) {
        call.push(`${arg.name}: ${printLiteral(plan.value)}`);
        continue;
      }
      const declared = r.chance(0.06) ? r.pick(WRONG_DECLARED_TYPES) : String(arg.type);
      declarations.push(`$${arg.name}: ${declared}`);
      call.push(`${arg.name}: $${arg.name}`);
      // A declared variable left out of the variables is a missing required value.
      if (!r.chance(0.04)) variables[arg.name] = plan.value;
    }
    if (r.chance(0.05)) call.push(`bogus: ${printLiteral(this.values.scalar())}`);
    const args = call.length > 0 ? `(${call.join(', ')})` : '';
    const header = declarations.length > 0 ? `(${declarations.join(', ')})` : '';
    const selection = this.selection(field.type, 0);
    return {
      operation: field.name,
      document: `${kind} Fuzz${header} { ${field.name}${args}${selection} }`,
      variables: inline ? undefined : variables,
    };
  }

  /** Whether an argument is left out, null, of the wrong type, or a value of its type. */
  private plan(type: GraphQLInputType): { kind: 'omit' } | { kind: 'value'; value: unknown } {
    const r = this.random;
    const roll = r.next();
    if (roll < 0.07) return { kind: 'omit' };
    if (roll < 0.12) return { kind: 'value', value: null };
    if (roll < 0.22) return { kind: 'value', value: this.wrongValue() };
    return { kind: 'value', value: this.valueOf(type) };
  }

  private valueOf(type: GraphQLInputType): unknown {
    const r = this.random;
    if (isNonNullType(type)) return this.valueOf(type.ofType);
    if (isListType(type)) {
      if (r.chance(0.08)) return this.valueOf(type.ofType);
      const long = r.chance(0.03);
      const length = long ? r.int(200, 2_000) : r.pick([0, 1, 1, 2, 3, 8]);
      const wasShort = this.values.short;
      this.values.short = wasShort || long;
      const items = Array.from({ length }, () =>
        r.chance(0.04) ? null : this.valueOf(type.ofType as GraphQLInputType),
      );
      this.values.short = wasShort;
      return items;
    }
    if (isInputObjectType(type)) {
      const value: Record<string, unknown> = {};
      for (const field of Object.values(type.getFields())) {
        const plan = this.plan(field.type);
        if (plan.kind === 'value') value[field.name] = plan.value;
      }
      if (r.chance(0.05)) value.extraField = this.values.scalar();
      return value;
    }
    if (isEnumType(type)) {
      return r.chance(0.8) ? r.pick(type.getValues()).name : this.values.text();
    }
    switch (type.name) {
      case 'ID':
        return this.values.id();
      case 'Int':
        return this.values.int();
      case 'Float':
        return this.values.float();
      case 'Boolean':
        return this.values.boolean();
      case 'JSON':
        return this.values.json();
      case 'DateTime':
        return this.values.dateTime();
      default:
        return this.values.text();
    }
  }

  private wrongValue(): unknown {
    const v = this.values;
    return this.random.pick([
      () => v.text(),
      () => v.int(),
      () => v.float(),
      () => v.boolean(),
      () => [],
      () => ({}),
      () => [v.scalar(), v.scalar()],
      () => v.json(),
    ])();
  }

  /** A selection of the returned type's fields: random, sometimes invalid or missing. */
  private selection(type: GraphQLOutputType, depth: number): string {
    const r = this.random;
    const named = getNamedType(type);
    if (isLeafType(named)) return r.chance(0.03) ? ' { id }' : '';
    if (!isObjectType(named) || r.chance(0.03)) return r.chance(0.5) ? '' : ' { __typename }';
    const fields = Object.values(named.getFields()).filter(
      (f) => !f.args.some((a: GraphQLArgument) => isRequiredArgument(a)),
    );
    const picked: string[] = [];
    for (const f of fields) {
      const leaf = isLeafType(getNamedType(f.type));
      if (leaf && r.chance(0.4)) picked.push(f.name);
      if (!leaf && depth < 2 && r.chance(0.2)) {
        picked.push(`${f.name}${this.selection(f.type, depth + 1)}`);
      }
    }
    if (picked.length === 0) picked.push('__typename');
    if (r.chance(0.04))
      picked.push(r.pick(['notAField', 'password', '__schema { types { name } }']));
    return ` { ${picked.join(' ')} }`;
  }
}

/** A value as a GraphQL literal; non-finite numbers print as names, which validation refuses. */
export function printLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'NaN';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `[${value.map(printLiteral).join(', ')}]`;
  const fields = Object.entries(value as Record<string, unknown>).map(
    ([key, v]) => `${NAME.test(key) ? key : 'k'}: ${printLiteral(v)}`,
  );
  return `{${fields.join(', ')}}`;
}
