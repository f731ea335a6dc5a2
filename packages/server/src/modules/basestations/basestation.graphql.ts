import { entityIdSchema, stringIdSchema } from '@asset-portal/shared';
import { z } from 'zod';
import type { BasestationRow } from '../../db/schema.ts';
import { loaderFor, type RequestContext } from '../../graphql/context.ts';
import type { GraphqlModule } from '../../graphql/module.ts';
import { operation } from '../../graphql/operation.ts';
import { parseInput } from '../../graphql/parse-input.ts';
import { basestationRepository } from './basestation.repository.ts';
import { basestationService as service } from './basestation.service.ts';

const typeDefs = `
  "A RINEX file read from a base-station zip; kind is observation or navigation."
  type BasestationFile { name: String! kind: String! rinexVersion: String! size: Float! }
  type Basestation {
    id: ID!
    projectId: ID
    filename: String!
    "The uploaded zip (s3://bucket/key)."
    s3Url: String!
    "Submitted, Processing, Ready or Failed."
    status: String!
    "Why the file was refused, when Failed."
    statusMessage: String
    markerName: String
    "The header's APPROX POSITION as [longitude, latitude] (WGS84)."
    point: GeoJSONPoint
    "Ellipsoidal height of the marker (WGS84), metres."
    height: Float
    "ANTENNA: DELTA H, metres."
    antennaHeight: Float
    "Seconds between epochs."
    interval: Float
    rinexVersion: String
    "First and last observation epoch, UTC."
    startTimestamp: DateTime
    endTimestamp: DateTime
    created: DateTime!
    files: [BasestationFile!]!
    trajectoryProcessingRuns: [TrajectoryProcessingRun!]!
  }
  "A presigned PUT of one zip (Content-Type application/zip; valid 15 minutes)."
  type BasestationUploadUrl { s3Uri: String! uploadUrl: String! }
  type MatchedSession {
    sessionId: String!
    projectId: ID
    "Capture start and end, UTC."
    timestamps: [DateTime!]!
    scanCount: Int!
    "First and last vertex of the session's scan paths, [longitude, latitude]."
    startPoint: [Float!]
    endPoint: [Float!]
  }
  type PotentialBasestationMatch {
    basestation: Basestation!
    session: MatchedSession!
    "Longest great-circle distance from the base to the session's path, km."
    distance: Float!
    "Matched to the session when the base station was uploaded."
    recommended: Boolean!
    "The session's own rover observations uploaded as a base station: never usable for it."
    ownReceiver: Boolean!
  }
  extend type Query {
    basestationsForProject(projectId: ID!): [Basestation!]!
    basestation(id: ID!): Basestation
    "Sessions of the base station's organization whose capture window it covers (time only)."
    timeMatchedSessionsForBasestation(basestationId: ID!): [SessionSummary!]!
    "The base stations matched to the session at upload ('Recommended')."
    matchedBasestationsForSessionId(sessionId: String!): [Basestation!]!
    matchedBasestations(sessionId: String!): [Basestation!]!
    "Ready base stations covering the session's window, recommended first, then nearest first."
    potentialBasestations(sessionId: String!): [PotentialBasestationMatch!]!
    potentialBasestationsForSessionIdAudit(sessionId: String!): [PotentialBasestationMatch!]!
    """
    size: the zip's bytes; the URL takes exactly that many. projectId: the project the zip is for;
    its organization stores it (the caller's without one). Refused beyond that organization's
    upload quota.
    """
    getBasestationUploadSignedURL(filename: String!, size: Float!, projectId: ID): BasestationUploadUrl!
  }
  extend type Mutation {
    "After the PUT: registers the zip to the project and queues its processing."
    registerUploadedBasestationFile(projectId: ID!, filename: String!): Basestation!
    "Refused while a Submitted or In progress run uses the base station."
    deleteBasestation(id: ID!): Boolean!
  }
`;

const manage = ['Admin', 'Power User'] as const;
const idInput = z.object({ id: entityIdSchema });
const projectInput = z.object({ projectId: entityIdSchema });
const basestationInput = z.object({ basestationId: entityIdSchema });
const sessionInput = z.object({ sessionId: stringIdSchema });
const uploadUrlInput = z.object({
  filename: z.string().max(1000),
  size: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  projectId: entityIdSchema.nullish(),
});
const registerInput = z.object({ projectId: entityIdSchema, filename: z.string().max(1000) });
const runsLoader = basestationRepository.runsByBasestationLoader;

const matched = operation(manage, (args, ctx) =>
  service.matchedForSession(ctx, parseInput(sessionInput, args).sessionId),
);
const potential = operation(manage, (args, ctx) =>
  service.potentialForSession(ctx, parseInput(sessionInput, args).sessionId),
);

export const basestationModule: GraphqlModule = {
  typeDefs,
  queries: {
    basestationsForProject: operation(manage, (args, ctx) =>
      service.listForProject(ctx, parseInput(projectInput, args).projectId),
    ),
    basestation: operation(manage, (args, ctx) => service.get(ctx, parseInput(idInput, args).id)),
    timeMatchedSessionsForBasestation: operation(manage, (args, ctx) =>
      service.timeMatchedSessions(ctx, parseInput(basestationInput, args).basestationId),
    ),
    matchedBasestationsForSessionId: matched,
    matchedBasestations: matched,
    potentialBasestations: potential,
    potentialBasestationsForSessionIdAudit: potential,
    getBasestationUploadSignedURL: operation(manage, (args, ctx) =>
      service.uploadUrl(ctx, parseInput(uploadUrlInput, args)),
    ),
  },
  mutations: {
    registerUploadedBasestationFile: operation(manage, (args, ctx) =>
      service.registerUploaded(ctx, parseInput(registerInput, args)),
    ),
    deleteBasestation: operation(manage, (args, ctx) =>
      service.delete(ctx, parseInput(idInput, args).id),
    ),
  },
  types: {
    Basestation: {
      interval: (basestation: BasestationRow) => basestation.intervalSeconds,
      files: (basestation: BasestationRow) => basestation.files ?? [],
      trajectoryProcessingRuns: (
        basestation: BasestationRow,
        _args: unknown,
        ctx: RequestContext,
      ) => loaderFor(ctx, runsLoader).load(basestation.id),
    },
  },
};
