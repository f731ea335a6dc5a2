import { entityIdSchema, stringIdSchema } from '@asset-portal/shared';
import { z } from 'zod';
import type { GraphqlModule } from '../../graphql/module.ts';
import { operation } from '../../graphql/operation.ts';
import { parseInput } from '../../graphql/parse-input.ts';
import { unassignedScanService } from './unassigned-scan.service.ts';

const typeDefs = `
  type SessionAssignment { sessionId: String! projectId: ID! scanCount: Int! }
  extend type Mutation {
    "Moves a session and its scans into a project of the session's organization."
    assignSessionToProject(sessionId: String!, projectId: ID!): SessionAssignment!
  }
`;

const manage = ['Admin', 'Power User'] as const;
const assignInput = z.object({ sessionId: stringIdSchema, projectId: entityIdSchema });

export const unassignedScanModule: GraphqlModule = {
  typeDefs,
  mutations: {
    assignSessionToProject: operation(manage, (args, ctx) => {
      const { sessionId, projectId } = parseInput(assignInput, args);
      return unassignedScanService.assignSession(ctx, sessionId, projectId);
    }),
  },
};
