import { boundedJson, entityIdSchema, stringIdSchema } from '@asset-portal/shared';
import { z } from 'zod';
import type { GraphqlModule } from '../../graphql/module.ts';
import { operation } from '../../graphql/operation.ts';
import { parseInput } from '../../graphql/parse-input.ts';
import { importedScanService as service } from './imported-scan.service.ts';

const typeDefs = `
  type ImportedScanProject { id: ID! name: String! }
  type ImportedScan {
    id: ID!
    friendlyName: String!
    comment: String
    tags: [String!]!
    projectId: ID!
    project: ImportedScanProject!
    "JSON: { utm: '42N', ... } plus, after processing, pointCount, crs, bounds (lon/lat), footprint."
    metadata: JSON
    artifacts: [Artifact!]!
    capturedTimestamp: DateTime
    "determineTrajectory as last submitted."
    trajectory: Boolean!
    "The uploaded LAS (s3:// form), null until a file was submitted."
    sourceS3Url: String
    "Completed when the scan has at least one artifact, else Pending."
    status: String!
    "The last ImportedScanProcessing activity entry of this scan: its status and message."
    processingStatus: String
    processingMessage: String
  }
  "A presigned PUT (Content-Type application/octet-stream; valid 15 minutes)."
  type ImportScanUpload { s3Uri: String! uploadUrl: String! }
  type PartUploadUrl { partNumber: Int! signedUrl: String! }
  type ImportScanMultipartUpload { s3Uri: String! uploadId: String! parts: [PartUploadUrl!]! }
  extend type Query {
    importedScansForProject(projectId: ID!): [ImportedScan!]!
    """
    A PUT URL (15 minutes) for the scan's source LAS; the filename must end in .las. size: the
    file's bytes; the URL takes exactly that many. Refused beyond the organization's upload quota.
    """
    getImportScanUploadSignedURL(importedScanId: ID!, filename: String!, size: Float!): ImportScanUpload!
    """
    For files above 64 MiB: a multipart upload of the same object, every part presigned for its
    exact length; numberOfParts must be the shared plan's for size (numberOfPartsFor).
    """
    getImportScanUploadMultipartInfo(importedScanId: ID!, filename: String!, numberOfParts: Int!, size: Float!): ImportScanMultipartUpload!
  }
  extend type Mutation {
    createImportedScan(friendlyName: String!, comment: String, projectId: ID!, metadata: JSON!, capturedTimestamp: DateTime): ImportedScan!
    "Completes the multipart upload with the ETags of its parts joined by commas, in part order."
    completeImportScanUploadMultipart(importedScanId: ID!, filename: String!, uploadId: String!, eTags: String!): Boolean!
    "Queues the process-imported-scan job; s3Url must be the scan's own upload (from the calls above)."
    processImportedScan(importedScanId: ID!, s3Url: String!, determineTrajectory: Boolean!): ImportedScan!
    "Deletes the scan, its uploaded file, its level of detail and every other stored object of it."
    deleteImportedScan(id: ID!): Boolean!
  }
`;

const manage = ['Admin', 'Power User'] as const;
const filename = z.string().max(1000);
const scanId = stringIdSchema;

const projectInput = z.object({ projectId: entityIdSchema });
const uploadInput = z.object({ importedScanId: scanId, filename });
const size = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
const uploadUrlInput = uploadInput.extend({ size });
const multipartInput = uploadInput.extend({ numberOfParts: z.number().int(), size });
const completeInput = uploadInput.extend({
  uploadId: z.string().min(1).max(1024),
  eTags: z.string().max(200_000),
});
const createInput = z.object({
  friendlyName: z.string().max(200),
  comment: z
    .string()
    .max(10_000)
    .nullish()
    .transform((value) => value ?? null),
  projectId: entityIdSchema,
  metadata: boundedJson(),
  capturedTimestamp: z
    .date()
    .nullish()
    .transform((value) => value ?? null),
});
const processInput = z.object({
  importedScanId: scanId,
  s3Url: z.string().max(2000),
  determineTrajectory: z.boolean(),
});
const idInput = z.object({ id: scanId });

export const importedScanModule: GraphqlModule = {
  typeDefs,
  queries: {
    importedScansForProject: operation('any', (args, ctx) =>
      service.listForProject(ctx, parseInput(projectInput, args).projectId),
    ),
    getImportScanUploadSignedURL: operation(manage, (args, ctx) =>
      service.uploadUrl(ctx, parseInput(uploadUrlInput, args)),
    ),
    getImportScanUploadMultipartInfo: operation(manage, (args, ctx) =>
      service.multipartInfo(ctx, parseInput(multipartInput, args)),
    ),
  },
  mutations: {
    createImportedScan: operation(manage, (args, ctx) =>
      service.create(ctx, parseInput(createInput, args)),
    ),
    completeImportScanUploadMultipart: operation(manage, (args, ctx) =>
      service.completeMultipart(ctx, parseInput(completeInput, args)),
    ),
    processImportedScan: operation(manage, (args, ctx) =>
      service.process(ctx, parseInput(processInput, args)),
    ),
    deleteImportedScan: operation(manage, (args, ctx) =>
      service.delete(ctx, parseInput(idInput, args).id),
    ),
  },
};
