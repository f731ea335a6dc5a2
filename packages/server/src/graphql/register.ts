import { createRequire } from 'node:module';
import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import type { FastifyInstance } from 'fastify';
import type { GraphQLError, ValidationContext, ValidationRule } from 'graphql';
import mercurius from 'mercurius';
import type { AppConfig } from '../config/config.ts';
import type { Db } from '../db/database.ts';
import type { AccountDirectory } from '../identity/accounts/account-directory.ts';
import type { MailTransport } from '../mail/mail-transport.ts';
import type { ObjectStorage } from '../storage/storage.ts';
import type { RequestContext } from './context.ts';
import { graphqlAwareJsonParser, graphqlRequestGuard } from './request-guard.ts';
import { buildSchema } from './schema.ts';

// Validation rules must come from the same copy of graphql that Mercurius (CommonJS) runs;
// the ESM copy's instanceof checks fail against its schema.
const { NoSchemaIntrospectionCustomRule } = createRequire(import.meta.url)(
  'graphql',
) as typeof import('graphql');

/** Mounts POST /graphql with depth and cost limits checked before any resolver runs. */
export async function registerGraphql(
  app: FastifyInstance,
  {
    config,
    db,
    accounts,
    mail,
    storage,
  }: {
    config: AppConfig;
    db: Db;
    accounts: AccountDirectory;
    mail: MailTransport;
    storage: ObjectStorage;
  },
) {
  const { schema, resolvers } = buildSchema();
  // Report limit breaches as validation errors (HTTP 400) so nothing executes.
  const reject = [
    (context: ValidationContext | null, error: GraphQLError) => context?.reportError(error),
  ];
  const validationRules: ValidationRule[] = [
    maxDepthRule({ n: config.graphql.maxDepth, propagateOnRejection: false, onReject: reject }),
    costLimitRule({
      maxCost: config.graphql.maxCost,
      propagateOnRejection: false,
      onReject: reject,
    }),
  ];
  if (config.isProduction) validationRules.push(NoSchemaIntrospectionCustomRule);

  const publicOrigin = new URL(config.publicUrl).origin;
  const { onProtoPoisoning, onConstructorPoisoning } = app.initialConfig;
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer' },
    graphqlAwareJsonParser(
      app.getDefaultJsonParser(onProtoPoisoning ?? 'error', onConstructorPoisoning ?? 'error'),
    ),
  );
  app.addHook(
    'preValidation',
    graphqlRequestGuard((request) => [publicOrigin, `${request.protocol}://${request.host}`]),
  );

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
      accounts,
      mail,
      storage,
      loaders: new Map(),
    }),
    errorFormatter: (execution) => formatErrors(execution, config, app),
  });
}

type Execution = { data?: unknown; errors?: readonly GraphQLError[]; statusCode?: number };

/**
 * Shapes every error answer: a rejected document (limits, introspection, unknown field) is a 400;
 * errors the code raised on purpose keep their message and code; anything else is logged and
 * shown as 'Internal server error', since database and programming errors can reveal internals.
 */
function formatErrors(execution: Execution, config: AppConfig, app: FastifyInstance) {
  const raw = execution.errors ?? [];
  const validation = raw.flatMap((e) => {
    const nested = (e.originalError as { errors?: unknown } | undefined)?.errors;
    return Array.isArray(nested) ? (nested as GraphQLError[]) : [];
  });
  const rejected = validation.length > 0;
  // A request that failed before execution (unreadable body) keeps the status it failed with.
  const failedRequest = raw.find(
    (e) => typeof (e.originalError as { statusCode?: unknown })?.statusCode === 'number',
  );
  const requestStatus = (failedRequest?.originalError as { statusCode?: number } | undefined)
    ?.statusCode;
  const errors = (rejected ? validation : raw).map((error) => {
    const original = error.originalError as
      | (Error & { extensions?: { code?: string } })
      | undefined;
    const code = (error.extensions?.code ?? original?.extensions?.code) as string | undefined;
    let message = error.message;
    if (!rejected && original && !code && !requestStatus) {
      app.log.error({ err: original }, 'GraphQL resolver failed');
      message = 'Internal server error';
    }
    // Field suggestions would reveal the schema when introspection is off.
    if (config.isProduction) message = message.replace(/ Did you mean .*\?$/, '');
    return {
      message,
      ...(error.locations ? { locations: error.locations } : {}),
      ...(error.path ? { path: error.path } : {}),
      ...(code ? { extensions: { code } } : {}),
    };
  });
  const statusCode = rejected
    ? 400
    : execution.data
      ? 200
      : (execution.statusCode ?? requestStatus ?? 200);
  return {
    statusCode,
    response: { data: (execution.data as Record<string, unknown>) ?? null, errors },
  };
}
