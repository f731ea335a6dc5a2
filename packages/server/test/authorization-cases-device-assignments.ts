// Types only: authorization-cases.ts spreads this file, so a value import would be circular.
import type { AuthorizationCase } from './authorization-cases.ts';
import { adminFactories } from './factories-admin.ts';

/** Admin in any organization, Power User in their own, Standard nowhere. */
const processors: AuthorizationCase['expect'] = {
  Admin: { own: 'allow', other: 'allow' },
  'Power User': { own: 'allow', other: 'deny' },
  Standard: { own: 'deny', other: 'deny' },
};

// Each case works on its own organization fixture, so a period made here never meets another.
const FROM = '2030-01-01T00:00:00.000Z';
const TO = '2030-02-01T00:00:00.000Z';

export const deviceAssignmentsCases: Record<string, AuthorizationCase> = {
  deviceAssignments: {
    document: 'query($o:ID!){ deviceAssignments(organizationId:$o){ id } }',
    variables: ({ aimed }) => ({ o: aimed.organizationId }),
    expect: processors,
  },
  createDeviceAssignment: {
    document:
      'mutation($d:ID!,$p:ID!,$f:DateTime!,$t:DateTime){ createDeviceAssignment(deviceId:$d,projectId:$p,from:$f,to:$t){ id } }',
    variables: ({ aimed }) => ({ d: aimed.deviceId, p: aimed.projectId, f: FROM, t: TO }),
    expect: processors,
  },
  updateDeviceAssignment: {
    document:
      'mutation($id:ID!,$d:ID!,$p:ID!,$f:DateTime!){ updateDeviceAssignment(id:$id,deviceId:$d,projectId:$p,from:$f){ id } }',
    variables: async ({ db, aimed }) => {
      const row = await adminFactories.deviceAssignment(
        db,
        aimed.deviceId,
        aimed.projectId,
        new Date(FROM),
        new Date(TO),
      );
      return { id: row.id, d: aimed.deviceId, p: aimed.projectId, f: FROM };
    },
    expect: processors,
  },
  deleteDeviceAssignment: {
    document: 'mutation($id:ID!){ deleteDeviceAssignment(id:$id) }',
    variables: async ({ db, aimed }) => {
      const row = await adminFactories.deviceAssignment(
        db,
        aimed.deviceId,
        aimed.projectId,
        new Date(FROM),
        null,
      );
      return { id: row.id };
    },
    expect: processors,
  },
};
