import type { IResolvers } from 'mercurius';
import type { Operation } from './operation.ts';

/** What a domain module contributes to the GraphQL API. */
export interface GraphqlModule {
  typeDefs: string;
  queries?: Record<string, Operation<never, unknown>>;
  mutations?: Record<string, Operation<never, unknown>>;
  /** Field resolvers of the module's own types (batch-loaded, never one query per parent). */
  types?: IResolvers;
}
