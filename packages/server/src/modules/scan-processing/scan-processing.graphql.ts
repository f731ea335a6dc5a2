import { processingSubmissionSchema } from '@asset-portal/shared';
import { z } from 'zod';
import type { GraphqlModule } from '../../graphql/module.ts';
import { operation } from '../../graphql/operation.ts';
import { parseInput } from '../../graphql/parse-input.ts';
import { scanProcessingService } from './scan-processing.service.ts';

const typeDefs = `
  input ProcessingSubmission {
    "One pointcloud artifact per scan (the focused version's, or the one named unclassified)."
    artifactIds: [ID!]!
    "The Version Name: the name of the new pointcloud artifact of each scan."
    name: String!
    "PDAL pipeline JSON as text, placeholders already replaced by the dialog."
    pipeline: String!
  }
  type ProcessingSubmissionResult { submitted: Int! }
  extend type Mutation {
    "Queues one process-scan job per scan (docs/processing-and-publishing.md)."
    processScans(submission: ProcessingSubmission!): ProcessingSubmissionResult!
  }
`;

const submissionInput = z.object({ submission: processingSubmissionSchema });

export const scanProcessingModule: GraphqlModule = {
  typeDefs,
  mutations: {
    processScans: operation(['Admin', 'Power User'], (args, ctx) =>
      scanProcessingService.submit(ctx, parseInput(submissionInput, args).submission),
    ),
  },
};
