import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import type { FastifyInstance } from 'fastify';
import { GraphQLError, NoSchemaIntrospectionCustomRule, type ValidationRule } from 'graphql';
import mercurius from 'mercurius';
import type { AppConfig } from '../config/config.ts';
import type { Db } from '../db/database.ts';
import type { RequestContext } from './context.ts';
import { buildSchema } from './schema.ts';

/** Mounts POST /graphql with depth and cost limits checked before any resolver runs. */
export async function registerGraphql(
  app: FastifyInstance,
  { config, db }: { config: AppConfig; db: Db },
) {
  const { schema, resolvers } = buildSchema();
  const validationRules: ValidationRule[] = [
    maxDepthRule({
      n: config.graphql.maxDepth,
      propagateOnRejection: true,
    }) as unknown as ValidationRule,
    costLimitRule({
      maxCost: config.graphql.maxCost,
      propagateOnRejection: true,
    }) as unknown as ValidationRule,
  ];
  if (config.isProduction) validationRules.push(NoSchemaIntrospectionCustomRule);

  await app.register(mercurius, {
    schema,
    resolvers,
    path: '/graphql',
    routes: true,
    graphiql: false,
    jit: 1,
    validationRules,
    context: (request): Omit<RequestContext, 'reply'> => ({
      db,
      config,
      viewer: request.viewer!,
      loaders: new Map(),
    }),
    errorFormatter: (execution, ctx) => {
      const formatted = mercurius.defaultErrorFormatter(execution, ctx);
      const errors = formatted.response.errors?.map((error) => {
        const original = (error as GraphQLError).originalError;
        const known = original && 'extensions' in original;
        let message = error.message;
        if (
          original &&
          !known &&
          !(original instanceof GraphQLError) &&
          formatted.statusCode !== 400
        ) {
          app.log.error({ err: original }, 'GraphQL resolver failed');
          message = 'Internal server error';
        }
        // Field suggestions would reveal the schema when introspection is off.
        if (config.isProduction) message = message.replace(/ Did you mean .*\?$/, '');
        return { ...error, message } as GraphQLError;
      });
      return { ...formatted, response: { ...formatted.response, errors } };
    },
  });
}
