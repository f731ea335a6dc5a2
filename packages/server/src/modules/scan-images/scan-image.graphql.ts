import { stringIdSchema } from '@asset-portal/shared';
import { z } from 'zod';
import type { GraphqlModule } from '../../graphql/module.ts';
import { operation } from '../../graphql/operation.ts';
import { parseInput } from '../../graphql/parse-input.ts';
import { scanImageService } from './scan-image.service.ts';

const typeDefs = `
  type ScanImageLink {
    "Presigned GET of the full-resolution JPEG."
    url: String!
    "Presigned GET of its thumbnail (the full image when it has none)."
    thumbnailUrl: String!
    "Degrees clockwise to turn the stored JPEG (and its thumbnail) to view it upright."
    jpegRotation: Int!
  }
  type ScanFrameImages {
    scanId: ID! frame: Int! gpsTime: Float lat: Float! lon: Float!
    "When the frame was taken (from its GPS time)."
    capturedAt: DateTime
    "When the links stop working; ask again for fresh ones."
    expiresAt: DateTime!
    left: ScanImageLink center: ScanImageLink right: ScanImageLink
  }
  extend type Query {
    "Links to one frame's camera images (left, center, right) of a scan, valid 10 minutes."
    scanImageUrls(scanId: ID!, frame: Int!): ScanFrameImages!
  }
`;

const frameInput = z.object({
  scanId: stringIdSchema,
  frame: z.number().int().min(0),
});

export const scanImageModule: GraphqlModule = {
  typeDefs,
  queries: {
    scanImageUrls: operation('any', (args, ctx) => {
      const { scanId, frame } = parseInput(frameInput, args);
      return scanImageService.frameUrls(ctx, scanId, frame);
    }),
  },
};
