import {
  PROFILE_CORRIDOR_WIDTH,
  PROFILE_CORRIDOR_WIDTH_INVALID,
  stringIdSchema,
} from '@asset-portal/shared';
import { z } from 'zod';
import type { GraphqlModule } from '../../graphql/module.ts';
import { operation } from '../../graphql/operation.ts';
import { parseInput } from '../../graphql/parse-input.ts';
import { pointCloudService } from './point-cloud.service.ts';
import { MAX_STREAM_SCANS } from './point-cloud-rules.ts';

const typeDefs = `
  type PointCloudStream {
    scanId: ID!
    "ready | building | failed | missing"
    status: String!
    "potree-2.0"
    format: String!
    "Presigned GET links (at most 15 minutes), one per object; the octree is read with HTTP Range requests."
    metadataUrl: String
    hierarchyUrl: String
    octreeUrl: String
    expiresAt: DateTime
    "proj4 definition of the cloud's coordinates (e.g. the UTM zone of the scan)."
    crs: String
    pointCount: Float
  }
  input ElevationProfileInput {
    scanIds: [ID!]!
    "[[lon, lat], ...], at least 2 vertices."
    line: JSON!
    "Metres, between 0.1 and 50 (default 1)."
    corridorWidth: Float
  }
  type ElevationProfile {
    "[[distanceAlongLineMetres, elevation, lon, lat], ...] sorted by distance"
    points: JSON!
    lengthMetres: Float!
    pointCount: Int!
    "true when the point limit cut the profile (then thinned evenly along the line)"
    truncated: Boolean!
  }
  extend type Query {
    "Streaming links to the level-of-detail point clouds of up to ${MAX_STREAM_SCANS} scans."
    pointCloudStreams(scanIds: [ID!]!): [PointCloudStream!]!
    "Points of the scans' clouds within a corridor along a line, at full detail."
    elevationProfile(input: ElevationProfileInput!): ElevationProfile!
  }
`;

const scanIds = z
  .array(stringIdSchema)
  .min(1, { error: 'Choose at least one scan' })
  .max(MAX_STREAM_SCANS, { error: `Choose at most ${MAX_STREAM_SCANS} scans` });

const streamsInput = z.object({ scanIds });

const vertex = z.tuple([
  z.number().finite().min(-180).max(180),
  z.number().finite().min(-90).max(90),
]);

const profileInput = z.object({
  input: z.object({
    scanIds,
    line: z
      .array(vertex, { error: 'The profile line must be a list of [lon, lat] vertices' })
      .min(2, { error: 'The profile line needs at least 2 vertices' })
      .max(1000, { error: 'The profile line may have at most 1000 vertices' }),
    corridorWidth: z
      .number()
      .min(PROFILE_CORRIDOR_WIDTH.min, { error: PROFILE_CORRIDOR_WIDTH_INVALID })
      .max(PROFILE_CORRIDOR_WIDTH.max, { error: PROFILE_CORRIDOR_WIDTH_INVALID })
      .nullish()
      .transform((width) => width ?? PROFILE_CORRIDOR_WIDTH.default),
  }),
});

export const pointCloudModule: GraphqlModule = {
  typeDefs,
  queries: {
    pointCloudStreams: operation('any', (args, ctx) => {
      const input = parseInput(streamsInput, args);
      return pointCloudService.streams(ctx, input.scanIds);
    }),
    elevationProfile: operation('any', (args, ctx) => {
      const { input } = parseInput(profileInput, args);
      return pointCloudService.elevationProfile(ctx, {
        scanIds: input.scanIds,
        line: input.line as [number, number][],
        corridorWidth: input.corridorWidth,
      });
    }),
  },
};
