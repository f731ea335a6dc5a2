import { z } from 'zod';
import type { GraphqlModule } from '../../graphql/module.ts';
import { operation } from '../../graphql/operation.ts';
import { parseInput } from '../../graphql/parse-input.ts';
import { objectLinkService } from './object-link.service.ts';

const typeDefs = `
  extend type Query {
    """
    A link valid 5 minutes to GET an object the caller may read (its s3://bucket/key URL, as
    stored on base stations, runs and artifacts). Null when there is no such object.
    """
    getSignedS3Url(s3Url: String!): String
  }
`;

const s3UrlInput = z.object({ s3Url: z.string().trim().min(1).max(2048) });

export const objectLinkModule: GraphqlModule = {
  typeDefs,
  queries: {
    getSignedS3Url: operation('any', (args, ctx) =>
      objectLinkService.signedUrl(ctx, parseInput(s3UrlInput, args).s3Url),
    ),
  },
};
