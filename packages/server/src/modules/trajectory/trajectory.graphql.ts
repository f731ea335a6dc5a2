import { trajectoryRunInput } from '@asset-portal/shared';
import { z } from 'zod';
import type { GraphqlModule } from '../../graphql/module.ts';
import { operation } from '../../graphql/operation.ts';
import { parseInput } from '../../graphql/parse-input.ts';
import { trajectoryRunService } from './trajectory-run.service.ts';

// TrajectoryProcessingRun itself is declared by the sessions module, whose summaries list runs.
const typeDefs = `
  type ProcessingAvailability { available: Boolean! message: String }
  input TrajectoryProcessingRunInput { sessionId: String! basestationIds: [ID!]! }
  extend type Query {
    trajectoryProcessingRunsForSession(sessionId: String!): [TrajectoryProcessingRun!]!
    "Whether trajectory processing can run here (RTKLIB's rnx2rtkp is installed), and if not why."
    trajectoryProcessingAvailability: ProcessingAvailability!
  }
  extend type Mutation {
    createSessionTrajectoryProcessingRun(
      trajectoryProcessingRun: TrajectoryProcessingRunInput!
    ): TrajectoryProcessingRun!
  }
`;

const manage = ['Admin', 'Power User'] as const;
const sessionInput = z.object({ sessionId: z.string().trim().min(1).max(29) });
const createInput = z.object({ trajectoryProcessingRun: trajectoryRunInput });

export const trajectoryModule: GraphqlModule = {
  typeDefs,
  queries: {
    trajectoryProcessingRunsForSession: operation('any', (args, ctx) =>
      trajectoryRunService.listForSession(ctx, parseInput(sessionInput, args).sessionId),
    ),
    trajectoryProcessingAvailability: operation(manage, () => trajectoryRunService.availability()),
  },
  mutations: {
    createSessionTrajectoryProcessingRun: operation(manage, (args, ctx) =>
      trajectoryRunService.create(ctx, parseInput(createInput, args).trajectoryProcessingRun),
    ),
  },
};
