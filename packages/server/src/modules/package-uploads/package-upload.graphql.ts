import { z } from 'zod';
import type { GraphqlModule } from '../../graphql/module.ts';
import { operation } from '../../graphql/operation.ts';
import { parseInput } from '../../graphql/parse-input.ts';
import { packageUploadService as service } from './package-upload.service.ts';

const typeDefs = `
  """
  A presigned single PUT of one package (valid 15 minutes): send the same Content-Type and
  exactly the size asked for; a body of another length is refused.
  """
  type PackageUploadUrl { filename: String! uploadUrl: String! key: String! }
  """
  One part of a multipart upload: signedUrl when presigned for sending, eTag and size when
  listed as already stored.
  """
  type UploadPart { partNumber: Int! signedUrl: String eTag: String size: Float }
  type MultipartInfo { filename: String! uploadId: String! parts: [UploadPart!]! }
  type ExistingUpload { filename: String! size: Float! }
  extend type Query {
    "size: the file's bytes; the URL takes exactly that many. Refused beyond the organization's upload quota."
    getPackageUploadSignedURL(filename: String!, size: Float!, contentType: String): PackageUploadUrl!
    """
    Starts a multipart upload and presigns its parts (URLs live 15 minutes): all of them up to
    100 parts, else the first 100; ask getPackageUploadPartUrls for the others. numberOfParts
    must be the shared plan's for size (numberOfPartsFor); each part URL takes exactly its
    part's length (partRange). Refused beyond the organization's upload quota.
    """
    getPackageUploadMultipartInfo(filename: String!, numberOfParts: Int!, size: Float!): MultipartInfo!
    "Fresh URLs for parts (at most 100 per call) of an unfinished upload, just before sending them."
    getPackageUploadPartUrls(filename: String!, uploadId: String!, partNumbers: [Int!]!): [UploadPart!]!
    "The parts of an unfinished upload already stored (partNumber, eTag, size), for resumption."
    getPackageUploadParts(filename: String!, uploadId: String!): [UploadPart!]!
    "The named packages already stored for the caller's organization, with their sizes."
    getExistingPackageUploads(filenamesCsv: String!): [ExistingUpload!]!
  }
  extend type Mutation {
    """
    Completes a multipart upload with the ETags of its parts joined by commas, in part order.
    referenceKey: the browser's PackageUpload log entry to mark Completed (else a new entry).
    """
    completePackageUploadMultipart(filename: String!, uploadId: String!, eTags: String!, referenceKey: String): Boolean!
    "Aborts an unfinished multipart upload; false when it had already completed."
    abortPackageUpload(filename: String!, uploadId: String!): Boolean!
    "After a single PUT: checks the package is stored and records it as Completed."
    confirmPackageUpload(filename: String!, referenceKey: String): Boolean!
  }
`;

const filename = z.string().max(1000);
const uploadId = z.string().min(1).max(1024);
const size = z.number();
const referenceKey = z.string().max(200).nullish();

const signedUrlInput = z.object({ filename, size, contentType: z.string().max(200).nullish() });
const multipartInput = z.object({ filename, numberOfParts: z.number().int(), size });
const uploadInput = z.object({ filename, uploadId });
const partUrlsInput = uploadInput.extend({ partNumbers: z.array(z.number().int()).max(10_000) });
const completeInput = uploadInput.extend({ eTags: z.string().max(1_000_000), referenceKey });
const existingInput = z.object({ filenamesCsv: z.string().max(300_000) });
const confirmInput = z.object({ filename, referenceKey });

export const packageUploadModule: GraphqlModule = {
  typeDefs,
  queries: {
    getPackageUploadSignedURL: operation('any', (args, ctx) =>
      service.signedUrl(ctx, parseInput(signedUrlInput, args)),
    ),
    getPackageUploadMultipartInfo: operation('any', (args, ctx) =>
      service.multipartInfo(ctx, parseInput(multipartInput, args)),
    ),
    getPackageUploadPartUrls: operation('any', (args, ctx) =>
      service.partUrls(ctx, parseInput(partUrlsInput, args)),
    ),
    getPackageUploadParts: operation('any', (args, ctx) =>
      service.storedParts(ctx, parseInput(uploadInput, args)),
    ),
    getExistingPackageUploads: operation('any', (args, ctx) =>
      service.existing(ctx, parseInput(existingInput, args).filenamesCsv),
    ),
  },
  mutations: {
    completePackageUploadMultipart: operation('any', (args, ctx) =>
      service.complete(ctx, parseInput(completeInput, args)),
    ),
    abortPackageUpload: operation('any', (args, ctx) =>
      service.abort(ctx, parseInput(uploadInput, args)),
    ),
    confirmPackageUpload: operation('any', (args, ctx) =>
      service.confirm(ctx, parseInput(confirmInput, args)),
    ),
  },
};
