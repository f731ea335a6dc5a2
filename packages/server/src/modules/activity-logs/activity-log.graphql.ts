import {
  ACTIVITY_LOG_PAGE_SIZE,
  ACTIVITY_STATUSES,
  entityIdSchema,
  optionalText,
  optionalTextOf,
  requiredText,
  TEXT_LIMITS,
} from '@asset-portal/shared';
import { z } from 'zod';
import { loaderFor, type RequestContext } from '../../graphql/context.ts';
import type { GraphqlModule } from '../../graphql/module.ts';
import { operation } from '../../graphql/operation.ts';
import { parseInput } from '../../graphql/parse-input.ts';
import { activityLogRepository } from './activity-log.repository.ts';
import { activityLogService } from './activity-log.service.ts';
import {
  ACTIVITY_LOG_MAX_PAGE_SIZE,
  JOB_STATUSES,
  parseActivityLogSort,
  SORT_INVALID,
} from './activity-log-rules.ts';

const typeDefs = `
  type ActivityLogUser { id: ID! name: String! }
  type ActivityLog {
    id: ID! activityType: String! referenceKey: String userId: ID user: ActivityLogUser
    status: String! message: String logFileUrl: String payload: JSON metrics: JSON
    created: DateTime! submitted: DateTime started: DateTime completed: DateTime
    lastModified: DateTime! isAcknowledged: Boolean!
  }
  type ActivityLogPage { items: [ActivityLog!]! total: Int! take: Int! skip: Int! }
  extend type Query {
    activityLog(id: ID!): ActivityLog!
    "Activity types found in the caller's logs plus the known ones."
    activityLogTypes: [String!]!
    """
    A page of the logs the caller sees (Admin: all; others: their organization's users).
    pageSize 1-100 (default 10); sort is field[:asc|desc] with field one of created,
    lastModified, submitted, started, completed, status, activityType, id (default created:desc).
    """
    activityLogs(
      pageIndex: Int, pageSize: Int, sort: String, activityTypeFilter: String,
      statusFilter: String, userIdFilter: ID, isAcknowledgedFilter: Boolean
    ): ActivityLogPage!
  }
  extend type Mutation {
    "A one-off entry with status Event, written as the caller."
    createActivityLogEvent(activityType: String!, message: String, payload: JSON, metrics: JSON): ActivityLog!
    "Creates or moves the job entry of (activityType, referenceKey); omitted fields keep their values."
    upsertActivityLogJob(
      activityType: String!, referenceKey: String!, status: String!, message: String,
      logFileUrl: String, payload: JSON, metrics: JSON
    ): ActivityLog!
    acknowledgeActivityLog(id: ID!, isAcknowledged: Boolean!): ActivityLog!
    "Acknowledges every matching log in scope (Standard users: their own); returns how many changed."
    acknowledgeMultipleActivityLogs(
      activityTypeFilter: String, statusFilter: String, userIdFilter: ID, isAcknowledged: Boolean!
    ): Int!
  }
`;

const MAX_JSON_CHARS = TEXT_LIMITS.json;

/** A blank filter ('', null, missing) means no filter. */
const blankToUndefined = (value: unknown) =>
  value === null || value === undefined || (typeof value === 'string' && value.trim() === '')
    ? undefined
    : value;

const activityType = requiredText
  .max(64, 'Activity type must be at most 64 characters')
  .regex(
    /^[A-Za-z][A-Za-z0-9_.-]*$/,
    'Activity type must start with a letter and hold only letters, digits, _ . or -',
  );
const jsonValue = (name: string) =>
  z
    .unknown()
    .refine(
      (value) => value == null || JSON.stringify(value).length <= MAX_JSON_CHARS,
      `${name} must be at most ${MAX_JSON_CHARS.toLocaleString('en-US')} characters of JSON`,
    )
    .optional();
const statusMessage = `Status must be one of ${ACTIVITY_STATUSES.join(', ')}`;

const filterFields = {
  activityTypeFilter: z.preprocess(blankToUndefined, z.string().trim().max(64).optional()),
  statusFilter: z.preprocess(
    blankToUndefined,
    z.enum(ACTIVITY_STATUSES, { error: statusMessage }).optional(),
  ),
  userIdFilter: z.preprocess(blankToUndefined, entityIdSchema.optional()),
};

const pageInput = z.object({
  ...filterFields,
  pageIndex: z.preprocess(
    blankToUndefined,
    z.number().int().min(0, 'Page index must be 0 or more').default(0),
  ),
  pageSize: z.preprocess(
    blankToUndefined,
    z
      .number()
      .int()
      .min(1, `Page size must be between 1 and ${ACTIVITY_LOG_MAX_PAGE_SIZE}`)
      .max(
        ACTIVITY_LOG_MAX_PAGE_SIZE,
        `Page size must be between 1 and ${ACTIVITY_LOG_MAX_PAGE_SIZE}`,
      )
      .default(ACTIVITY_LOG_PAGE_SIZE),
  ),
  sort: z
    .string()
    .nullish()
    .transform((text, ctx) => {
      const sort = parseActivityLogSort(text);
      if (!sort) ctx.addIssue({ code: 'custom', message: SORT_INVALID });
      return sort ?? z.NEVER;
    }),
  isAcknowledgedFilter: z.boolean().nullish(),
});

const eventInput = z.object({
  activityType,
  message: optionalText,
  payload: jsonValue('Payload'),
  metrics: jsonValue('Metrics'),
});

const jobInput = eventInput.extend({
  referenceKey: requiredText.max(500, 'Reference key must be at most 500 characters'),
  status: z.enum(JOB_STATUSES, { error: `Status must be one of ${JOB_STATUSES.join(', ')}` }),
  logFileUrl: optionalTextOf(TEXT_LIMITS.url),
});

const acknowledgeInput = z.object({ id: entityIdSchema, isAcknowledged: z.boolean() });
const acknowledgeManyInput = z.object({ ...filterFields, isAcknowledged: z.boolean() });
const idInput = z.object({ id: entityIdSchema });
const userLoader = activityLogRepository.userLoader;

export const activityLogModule: GraphqlModule = {
  typeDefs,
  queries: {
    activityLog: operation('any', (args, ctx) =>
      activityLogService.byId(ctx, parseInput(idInput, args).id),
    ),
    activityLogTypes: operation('any', (_args, ctx) => activityLogService.types(ctx)),
    activityLogs: operation('any', (args, ctx) => {
      const input = parseInput(pageInput, args);
      return activityLogService.page(ctx, {
        pageIndex: input.pageIndex,
        pageSize: input.pageSize,
        sort: input.sort,
        filters: {
          activityType: input.activityTypeFilter,
          status: input.statusFilter,
          userId: input.userIdFilter,
          isAcknowledged: input.isAcknowledgedFilter ?? undefined,
        },
      });
    }),
  },
  mutations: {
    createActivityLogEvent: operation('any', (args, ctx) =>
      activityLogService.createEvent(ctx, parseInput(eventInput, args)),
    ),
    upsertActivityLogJob: operation('any', (args, ctx) =>
      activityLogService.upsertJob(ctx, parseInput(jobInput, args)),
    ),
    acknowledgeActivityLog: operation('any', (args, ctx) => {
      const { id, isAcknowledged } = parseInput(acknowledgeInput, args);
      return activityLogService.acknowledge(ctx, id, isAcknowledged);
    }),
    acknowledgeMultipleActivityLogs: operation('any', (args, ctx) => {
      const input = parseInput(acknowledgeManyInput, args);
      return activityLogService.acknowledgeMany(
        ctx,
        {
          activityType: input.activityTypeFilter,
          status: input.statusFilter,
          userId: input.userIdFilter,
        },
        input.isAcknowledged,
      );
    }),
  },
  types: {
    ActivityLog: {
      user: (log: { userId: number | null }, _args: unknown, ctx: RequestContext) =>
        log.userId === null ? null : loaderFor(ctx, userLoader).load(log.userId),
    },
  },
};
