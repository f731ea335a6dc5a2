import { GraphQLScalarType, Kind } from 'graphql';
import { ValidationError } from './errors.ts';

/** Timestamps travel as ISO-8601 strings in UTC. */
const DateTime = new GraphQLScalarType({
  name: 'DateTime',
  serialize: (value) => (value instanceof Date ? value.toISOString() : String(value)),
  parseValue: (value) => parseDate(value),
  parseLiteral: (ast) => (ast.kind === Kind.STRING ? parseDate(ast.value) : undefined),
});

/** Years PostgreSQL stores and ISO-8601 writes with four digits. */
const MIN_YEAR = 1;
const MAX_YEAR = 9999;

function parseDate(value: unknown): Date {
  const date = new Date(String(value));
  const year = date.getUTCFullYear();
  // A ValidationError carries its code, so the answer names the bad value instead of hiding it
  // as an internal error; the text is cut so a huge value is not echoed back.
  if (typeof value !== 'string' || Number.isNaN(year) || year < MIN_YEAR || year > MAX_YEAR) {
    throw new ValidationError(`Not a valid ISO-8601 timestamp: ${String(value).slice(0, 40)}`);
  }
  return date;
}

/** Arbitrary JSON values (GeoJSON, metadata, payloads). */
const JSONScalar = new GraphQLScalarType({
  name: 'JSON',
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: function parse(ast): unknown {
    switch (ast.kind) {
      case Kind.STRING:
      case Kind.BOOLEAN:
        return ast.value;
      case Kind.INT:
      case Kind.FLOAT:
        return Number(ast.value);
      case Kind.OBJECT:
        return Object.fromEntries(ast.fields.map((f) => [f.name.value, parse(f.value)]));
      case Kind.LIST:
        return ast.values.map((v) => parse(v));
      default:
        return null;
    }
  },
});

export const scalarTypeDefs = 'scalar DateTime\nscalar JSON';
export const scalarResolvers = { DateTime, JSON: JSONScalar };
