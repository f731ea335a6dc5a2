import { randomUUID } from 'node:crypto';
// Types only: authorization-cases.ts spreads this file, so a value import would be circular.
import type { AuthorizationCase } from './authorization-cases.ts';
import { scanFactories } from './factories-scans.ts';

/** Admin in any organization, Power User in their own, Standard nowhere. */
const processors: AuthorizationCase['expect'] = {
  Admin: { own: 'allow', other: 'allow' },
  'Power User': { own: 'allow', other: 'deny' },
  Standard: { own: 'deny', other: 'deny' },
};
const adminOnly: AuthorizationCase['expect'] = {
  Admin: { own: 'allow', other: 'allow' },
  'Power User': { own: 'deny', other: 'deny' },
  Standard: { own: 'deny', other: 'deny' },
};

export const unassignedScansCases: Record<string, AuthorizationCase> = {
  unassignedScans: {
    document: 'query($o:ID){ unassignedScans(organizationId:$o){ id deviceId } }',
    variables: async ({ db, aimed }) => {
      await scanFactories.scan(db, aimed.organizationId, { deviceId: aimed.deviceId });
      return { o: aimed.organizationId };
    },
    // Allowed when the aimed organization's scan in no project is in the answer.
    judge: (result, aimed) => {
      const list = (result.data?.unassignedScans ?? []) as { deviceId: string }[];
      return list.some((scan) => scan.deviceId === aimed.deviceId) ? 'allow' : 'deny';
    },
    expect: processors,
  },
  assignSessionToProject: {
    document:
      'mutation($s:String!,$p:ID!){ assignSessionToProject(sessionId:$s,projectId:$p){ scanCount } }',
    variables: async ({ db, aimed }) => {
      const session = await scanFactories.session(db, aimed.organizationId, {
        deviceId: aimed.deviceId,
      });
      await scanFactories.scan(db, aimed.organizationId, {
        sessionId: session.id,
        deviceId: aimed.deviceId,
      });
      return { s: session.id, p: aimed.projectId };
    },
    expect: processors,
  },
  registerDevice: {
    document:
      'mutation($id:String!,$n:String!,$o:ID!){ registerDevice(id:$id,name:$n,organizationId:$o){ id } }',
    variables: ({ aimed }) => ({
      id: `LG-${randomUUID().slice(0, 8)}`,
      n: 'Registered',
      o: aimed.organizationId,
    }),
    expect: adminOnly,
  },
};
