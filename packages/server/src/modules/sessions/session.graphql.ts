import { entityIdSchema } from '@asset-portal/shared';
import { z } from 'zod';
import { loaderFor, type RequestContext } from '../../graphql/context.ts';
import type { GraphqlModule } from '../../graphql/module.ts';
import { operation } from '../../graphql/operation.ts';
import { parseInput } from '../../graphql/parse-input.ts';
import { trajectoryRunRepository } from '../trajectory/trajectory-run.repository.ts';
import { sessionService } from './session.service.ts';

const typeDefs = `
  type TrajectoryProcessingRun {
    id: ID! sessionId: String! basestationIds: [Int!]! status: String!
    "Spelled so in the product's API."
    statusMessge: String
    logS3Url: String ambStatusS3Url: String altitudeSeparationsS3Url: String
    distanceSeparationsS3Url: String numSatsS3Url: String trajectoryAuditS3Url: String
    submitted: DateTime started: DateTime completed: DateTime
    "The RTKLIB options file the run used."
    optionsS3Url: String
    "The point-cloud version the run wrote when it passed."
    versionName: String
    "The run's audit: epochs, fixed and float shares, separations, baseline, passed or why not."
    metrics: JSON
  }
  type SessionSummary {
    projectId: ID sessionId: String! assignmentType: String
    capturedTimestamp: DateTime! endCapturedTimestamp: DateTime!
    "Distinct final/provisional statuses of the session's point clouds, joined by ', '."
    status: String!
    scanCount: Int!
    "True when the session's package brought the rover's GNSS observations, which a trajectory run needs."
    roverObservation: Boolean!
    trajectoryProcessingRuns: [TrajectoryProcessingRun!]!
  }
  extend type Query {
    sessionSummary(projectId: ID!): [SessionSummary!]!
    sessionsForProject(projectId: ID!): [SessionSummary!]!
    sessionsForProjects(projectIds: [ID!]!): [SessionSummary!]!
  }
`;

const projectInput = z.object({ projectId: entityIdSchema });
const projectsInput = z.object({ projectIds: z.array(entityIdSchema).max(1000) });
const runsLoader = trajectoryRunRepository.runsBySessionLoader;

const forProject = operation('any', (args, ctx) =>
  sessionService.summaries(ctx, [parseInput(projectInput, args).projectId]),
);

export const sessionModule: GraphqlModule = {
  typeDefs,
  queries: {
    sessionSummary: forProject,
    sessionsForProject: forProject,
    sessionsForProjects: operation('any', (args, ctx) =>
      sessionService.summaries(ctx, parseInput(projectsInput, args).projectIds),
    ),
  },
  types: {
    SessionSummary: {
      trajectoryProcessingRuns: (
        session: { sessionId: string },
        _args: unknown,
        ctx: RequestContext,
      ) => loaderFor(ctx, runsLoader).load(session.sessionId),
    },
    TrajectoryProcessingRun: {
      statusMessge: (run: { statusMessage: string | null }) => run.statusMessage,
    },
  },
};
