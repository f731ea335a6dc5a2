import type { IResolvers } from 'mercurius';
import { modules } from '../modules/index.ts';
import { toResolvers } from './operation.ts';
import { scalarResolvers, scalarTypeDefs } from './scalars.ts';

const rootTypeDefs = `
  type Query { _health: Boolean }
  type Mutation { _noop: Boolean }
`;

/** The whole schema: scalars, root types and every domain module's extensions. */
export function buildSchema(): { schema: string; resolvers: IResolvers } {
  const schema = [scalarTypeDefs, rootTypeDefs, ...modules.map((m) => m.typeDefs)].join('\n');
  const resolvers: IResolvers = { ...scalarResolvers, Query: {}, Mutation: {} };
  for (const module of modules) {
    Object.assign(resolvers.Query as object, toResolvers(module.queries ?? {}));
    Object.assign(resolvers.Mutation as object, toResolvers(module.mutations ?? {}));
    for (const [typeName, fields] of Object.entries(module.types ?? {})) {
      resolvers[typeName] = { ...((resolvers[typeName] as object) ?? {}), ...(fields as object) };
    }
  }
  (resolvers.Query as Record<string, unknown>)._health = () => true;
  return { schema, resolvers };
}

/** Every operation of the API with its declared access, for the authorization matrix test. */
export function allOperations() {
  return modules.flatMap((m) => [
    ...Object.entries(m.queries ?? {}).map(([name, op]) => ({ kind: 'query', name, op }) as const),
    ...Object.entries(m.mutations ?? {}).map(
      ([name, op]) => ({ kind: 'mutation', name, op }) as const,
    ),
  ]);
}
