import { entityIdSchema } from '@asset-portal/shared';
import { z } from 'zod';
import type { GraphqlModule } from '../../graphql/module.ts';
import { operation } from '../../graphql/operation.ts';
import { parseInput } from '../../graphql/parse-input.ts';
import { logFileService } from './log-file.service.ts';

const typeDefs = `
  extend type Query {
    """
    A link to the log file of an activity log the caller may see, valid 5 minutes:
    GET it for the log text. Null when the log has no file.
    """
    activityLogFileUrl(id: ID!): String
  }
`;

const idInput = z.object({ id: entityIdSchema });

export const logFileModule: GraphqlModule = {
  typeDefs,
  queries: {
    activityLogFileUrl: operation('any', (args, ctx) =>
      logFileService.signedUrl(ctx, parseInput(idInput, args).id),
    ),
  },
};
