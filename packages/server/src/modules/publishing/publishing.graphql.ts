import {
  geoidGridFilenameInput,
  publishedScansQuery,
  publishScanSubmission,
  publishScansSubmission,
} from '@asset-portal/shared';
import { z } from 'zod';
import type { GraphqlModule } from '../../graphql/module.ts';
import { operation } from '../../graphql/operation.ts';
import { parseInput } from '../../graphql/parse-input.ts';
import { publishingService } from './publishing.service.ts';

const typeDefs = `
  input PublishScanInput { scanId: ID! sessionId: String }
  type PublishSubmissionResult { submitted: Int! }
  type GeoidGridUpload { s3Uri: String! uploadUrl: String! }
  type GeoidGrid { name: String! format: String! west: Float! south: Float! east: Float! north: Float! }
  extend type Query {
    "Of these scans, those already published to the folder of the bucket: publishing them again replaces them."
    publishedScans(projectId: ID!, bucketId: ID!, targetFolder: String!, scanIds: [ID!]!): [ID!]!
  }
  extend type Mutation {
    "Queues one publish-scan job per scan: <prefix><project name>/<folder>/<scan id>/ in the bucket."
    publishScans(projectId: ID!, bucketId: ID!, targetFolder: String!, includeImages: Boolean!,
                 transform: Boolean!, scans: [PublishScanInput!]!): PublishSubmissionResult!
    publishScan(projectId: ID!, bucketId: ID!, targetFolder: String!, includeImages: Boolean!,
                transform: Boolean!, scan: PublishScanInput!): PublishSubmissionResult!
    "A presigned PUT for geoid/<filename> (.gtx, .tif or .tiff) of exactly size bytes; send Content-Type application/octet-stream."
    getGeoidGridUploadSignedURL(filename: String!, size: Float!): GeoidGridUpload!
    "Checks the uploaded grid with the transform module's reader; an unreadable one is deleted."
    registerGeoidGrid(filename: String!): GeoidGrid!
  }
`;

const manage = ['Admin', 'Power User'] as const;
const geoidGridUploadInput = geoidGridFilenameInput.extend({
  size: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
});
const admin = ['Admin'] as const;

export const publishingModule: GraphqlModule = {
  typeDefs,
  queries: {
    publishedScans: operation(manage, (args, ctx) =>
      publishingService.publishedScans(ctx, parseInput(publishedScansQuery, args)),
    ),
  },
  mutations: {
    publishScans: operation(manage, (args, ctx) =>
      publishingService.publish(ctx, parseInput(publishScansSubmission, args)),
    ),
    publishScan: operation(manage, (args, ctx) => {
      const { scan, ...settings } = parseInput(publishScanSubmission, args);
      return publishingService.publish(ctx, { ...settings, scans: [scan] });
    }),
    getGeoidGridUploadSignedURL: operation(admin, (args, ctx) =>
      publishingService.geoidGridUploadUrl(ctx, parseInput(geoidGridUploadInput, args)),
    ),
    registerGeoidGrid: operation(admin, (args, ctx) =>
      publishingService.registerGeoidGrid(ctx, parseInput(geoidGridFilenameInput, args).filename),
    ),
  },
};
