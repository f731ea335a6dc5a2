import { stringIdSchema } from '@asset-portal/shared';
import { z } from 'zod';
import type { GraphqlModule } from '../../graphql/module.ts';
import { operation } from '../../graphql/operation.ts';
import { parseInput } from '../../graphql/parse-input.ts';
import { processingService } from './processing.service.ts';

const typeDefs = `
  input BoundingBoxInput {
    minx: Float! miny: Float! minz: Float! maxx: Float! maxy: Float! maxz: Float!
  }
  input PdalSubmission {
    "PDAL pipeline JSON, as text; the bounding-box placeholders are filled from boundingBox."
    pipeline: String!
    "The scan the pipeline is meant for: its CRS and size are checked against."
    scanId: ID
    boundingBox: BoundingBoxInput
  }
  type PipelineStagePlan { type: String! summary: String! memory: String }
  type PdalValidation { ok: Boolean! errors: [String!]! stages: [PipelineStagePlan!]! }
  extend type Query {
    "Checks a pipeline and lists the stages it will run (docs/pipelines.md), or its errors."
    pdal(submission: PdalSubmission!): PdalValidation!
  }
`;

const finite = z.number().finite();
const submissionInput = z.object({
  submission: z.object({
    pipeline: z.string().max(1_000_000),
    scanId: stringIdSchema.nullish(),
    boundingBox: z
      .object({
        minx: finite,
        miny: finite,
        minz: finite,
        maxx: finite,
        maxy: finite,
        maxz: finite,
      })
      .nullish(),
  }),
});

export const processingModule: GraphqlModule = {
  typeDefs,
  queries: {
    pdal: operation(['Admin', 'Power User'], (args, ctx) =>
      processingService.validate(ctx, parseInput(submissionInput, args).submission),
    ),
  },
};
