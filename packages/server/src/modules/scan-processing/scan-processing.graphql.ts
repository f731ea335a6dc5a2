import { processingSubmissionSchema, stringIdSchema } from '@asset-portal/shared';
import { z } from 'zod';
import type { GraphqlModule } from '../../graphql/module.ts';
import { operation } from '../../graphql/operation.ts';
import { parseInput } from '../../graphql/parse-input.ts';
import { scanProcessingService } from './scan-processing.service.ts';

const typeDefs = `
  input ProcessingSubmission {
    "One pointcloud artifact per scan (the focused version's, else the one named unclassified, or imported for an imported scan)."
    artifactIds: [ID!]!
    "The Version Name: the name of the new pointcloud artifact of each scan."
    name: String!
    "PDAL pipeline JSON as text, placeholders already replaced by the dialog."
    pipeline: String!
  }
  type ProcessingSubmissionResult { submitted: Int! }
  extend type Query {
    "The scans among these none of whose point clouds the portal holds (the demo's reference scans, links to a customer's bucket): they can be neither processed nor published. Admin and Power User."
    scansWithoutStoredCloud(scanIds: [ID!]!): [ID!]!
  }
  extend type Mutation {
    "Queues one process-scan job per scan (docs/processing-and-publishing.md)."
    processScans(submission: ProcessingSubmission!): ProcessingSubmissionResult!
  }
`;

const submissionInput = z.object({ submission: processingSubmissionSchema });
// A selection of Bulk Processing holds at most 40 scans; room for scripts, not for the project.
const scanIdsInput = z.object({ scanIds: z.array(stringIdSchema).min(1).max(1000) });

export const scanProcessingModule: GraphqlModule = {
  typeDefs,
  queries: {
    scansWithoutStoredCloud: operation(['Admin', 'Power User'], (args, ctx) =>
      scanProcessingService.scansWithoutStoredCloud(ctx, parseInput(scanIdsInput, args).scanIds),
    ),
  },
  mutations: {
    processScans: operation(['Admin', 'Power User'], (args, ctx) =>
      scanProcessingService.submit(ctx, parseInput(submissionInput, args).submission),
    ),
  },
};
