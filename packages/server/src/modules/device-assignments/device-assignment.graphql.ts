import {
  deviceAssignmentInput,
  deviceAssignmentUpdateInput,
  entityIdSchema,
} from '@asset-portal/shared';
import { z } from 'zod';
import { loaderFor, type RequestContext } from '../../graphql/context.ts';
import type { GraphqlModule } from '../../graphql/module.ts';
import { operation } from '../../graphql/operation.ts';
import { parseInput } from '../../graphql/parse-input.ts';
import { projectRepository } from '../projects/project.repository.ts';
import {
  type DeviceAssignmentRow,
  deviceAssignmentRepository,
} from './device-assignment.repository.ts';
import { deviceAssignmentService } from './device-assignment.service.ts';

const typeDefs = `
  "A period during which a device captures for a project; to is null while open-ended."
  type DeviceAssignment {
    id: ID!
    deviceId: ID!
    device: Device
    projectId: ID!
    project: Project
    from: DateTime!
    to: DateTime
    created: DateTime
    "Sessions this period placed in its project: what deleting it sends to Unassigned scans."
    placedSessions: Int!
  }
  extend type Query {
    "Assignments to the projects of an organization; without it, of every visible organization."
    deviceAssignments(organizationId: ID): [DeviceAssignment!]!
  }
  extend type Mutation {
    createDeviceAssignment(deviceId: ID!, projectId: ID!, from: DateTime!, to: DateTime): DeviceAssignment!
    updateDeviceAssignment(id: ID!, deviceId: ID!, projectId: ID!, from: DateTime!, to: DateTime): DeviceAssignment!
    deleteDeviceAssignment(id: ID!): Boolean!
  }
`;

const manage = ['Admin', 'Power User'] as const;
const idInput = z.object({ id: entityIdSchema });
const listInput = z.object({
  organizationId: entityIdSchema.nullish().transform((id) => id ?? null),
});

const projectLoader = projectRepository.byIdLoader;
const deviceLoader = deviceAssignmentRepository.deviceByIdLoader;
const placedSessionsLoader = deviceAssignmentRepository.placedSessionCountLoader;

export const deviceAssignmentModule: GraphqlModule = {
  typeDefs,
  queries: {
    deviceAssignments: operation(manage, (args, ctx) =>
      deviceAssignmentService.list(ctx, parseInput(listInput, args).organizationId),
    ),
  },
  mutations: {
    createDeviceAssignment: operation(manage, (args, ctx) =>
      deviceAssignmentService.create(ctx, parseInput(deviceAssignmentInput, args)),
    ),
    updateDeviceAssignment: operation(manage, (args, ctx) => {
      const { id, ...input } = parseInput(deviceAssignmentUpdateInput, args);
      return deviceAssignmentService.update(ctx, id, input);
    }),
    deleteDeviceAssignment: operation(manage, (args, ctx) =>
      deviceAssignmentService.delete(ctx, parseInput(idInput, args).id),
    ),
  },
  types: {
    DeviceAssignment: {
      from: (row: DeviceAssignmentRow) => row.fromTimestamp,
      to: (row: DeviceAssignmentRow) => row.toTimestamp,
      device: (row: DeviceAssignmentRow, _args: unknown, ctx: RequestContext) =>
        loaderFor(ctx, deviceLoader).load(row.deviceId),
      project: (row: DeviceAssignmentRow, _args: unknown, ctx: RequestContext) =>
        loaderFor(ctx, projectLoader).load(row.projectId),
      placedSessions: (row: DeviceAssignmentRow, _args: unknown, ctx: RequestContext) =>
        loaderFor(ctx, placedSessionsLoader).load(row.id),
    },
  },
};
