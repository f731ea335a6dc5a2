import {
  bucketCreateInput,
  bucketSettingsInput,
  bucketUpdateInput,
  entityIdSchema,
} from '@asset-portal/shared';
import { z } from 'zod';
import { loaderFor, type RequestContext } from '../../graphql/context.ts';
import type { GraphqlModule } from '../../graphql/module.ts';
import { operation } from '../../graphql/operation.ts';
import { parseInput } from '../../graphql/parse-input.ts';
import { organizationRepository } from '../organizations/organization.repository.ts';
import { bucketService } from './bucket.service.ts';

// Bucket { id name } is declared with Organization; the credentials are write-only, so the type
// tells only whether they are set.
const typeDefs = `
  extend type Bucket {
    organization: Organization!
    endpoint: String
    region: String!
    bucket: String!
    prefix: String!
    forcePathStyle: Boolean!
    hasCredentials: Boolean!
    created: DateTime
    lastModified: DateTime
  }
  type BucketConnectionResult { ok: Boolean! message: String! }
  extend type Query {
    buckets(organizationId: ID): [Bucket!]!
  }
  extend type Mutation {
    createBucket(organizationId: ID!, name: String!, endpoint: String, region: String!, bucket: String!, prefix: String, forcePathStyle: Boolean, accessKeyId: String, secretAccessKey: String): Bucket!
    updateBucket(id: ID!, name: String!, endpoint: String, region: String!, bucket: String!, prefix: String, forcePathStyle: Boolean, accessKeyId: String, secretAccessKey: String): Bucket!
    deleteBucket(id: ID!): Boolean!
    testBucketConnection(id: ID!): BucketConnectionResult!
    testBucketSettings(id: ID, endpoint: String, region: String!, bucket: String!, prefix: String, forcePathStyle: Boolean, accessKeyId: String, secretAccessKey: String): BucketConnectionResult!
  }
`;

const idInput = z.object({ id: entityIdSchema });
const listInput = z.object({
  organizationId: entityIdSchema.nullish().transform((id) => id ?? null),
});
const organizationLoader = organizationRepository.byIdLoader;

export const bucketModule: GraphqlModule = {
  typeDefs,
  queries: {
    buckets: operation('any', (args, ctx) =>
      bucketService.list(ctx, parseInput(listInput, args).organizationId),
    ),
  },
  mutations: {
    createBucket: operation(['Admin'], (args, ctx) =>
      bucketService.create(ctx, parseInput(bucketCreateInput, args)),
    ),
    updateBucket: operation(['Admin'], (args, ctx) =>
      bucketService.update(ctx, parseInput(bucketUpdateInput, args)),
    ),
    deleteBucket: operation(['Admin'], (args, ctx) =>
      bucketService.delete(ctx, parseInput(idInput, args).id),
    ),
    testBucketConnection: operation(['Admin'], (args, ctx) =>
      bucketService.testConnection(ctx, parseInput(idInput, args).id),
    ),
    testBucketSettings: operation(['Admin'], (args, ctx) =>
      bucketService.testSettings(ctx, parseInput(bucketSettingsInput, args)),
    ),
  },
  types: {
    Bucket: {
      organization: (bucket: { organizationId: number }, _args: unknown, ctx: RequestContext) =>
        loaderFor(ctx, organizationLoader).load(bucket.organizationId),
    },
  },
};
