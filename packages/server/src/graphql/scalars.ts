import { GraphQLScalarType, Kind } from 'graphql';

/** Timestamps travel as ISO-8601 strings in UTC. */
const DateTime = new GraphQLScalarType({
  name: 'DateTime',
  serialize: (value) => (value instanceof Date ? value.toISOString() : String(value)),
  parseValue: (value) => parseDate(value),
  parseLiteral: (ast) => (ast.kind === Kind.STRING ? parseDate(ast.value) : undefined),
});

function parseDate(value: unknown): Date {
  const date = new Date(String(value));
  if (Number.isNaN(date.getTime())) throw new TypeError(`Not a valid timestamp: ${String(value)}`);
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
