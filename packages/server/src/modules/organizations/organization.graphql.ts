import { entityIdSchema, requiredText } from '@asset-portal/shared';
import { z } from 'zod';
import { deviceIdSchema } from '../../device-packages/manifest.ts';
import { loaderFor, type RequestContext } from '../../graphql/context.ts';
import type { GraphqlModule } from '../../graphql/module.ts';
import { operation } from '../../graphql/operation.ts';
import { parseInput } from '../../graphql/parse-input.ts';
import { bucketRepository } from '../buckets/bucket.repository.ts';
import { organizationRepository } from './organization.repository.ts';
import { organizationService } from './organization.service.ts';

const typeDefs = `
  type Device { id: ID! name: String organization: Organization }
  type Bucket { id: ID! name: String! }
  type Organization { id: ID! name: String! devices: [Device!]! buckets: [Bucket!]! created: DateTime lastModified: DateTime }
  extend type Query {
    organizations: [Organization!]!
    devices: [Device!]!
  }
  extend type Mutation {
    createOrganization(name: String!, deviceIds: [ID!]): Organization!
    updateOrganization(id: ID!, name: String!, deviceIds: [ID!]): Organization!
    deleteOrganization(id: ID!): Boolean!
    registerDevice(id: String!, name: String!, organizationId: ID!): Device!
  }
`;

const organizationInput = z.object({
  name: z.string().max(200),
  deviceIds: z
    .array(z.string().max(64))
    .max(1000)
    .nullish()
    .transform((v) => v ?? []),
});
const idInput = z.object({ id: entityIdSchema });
// Registered ids must be ones a package manifest may carry, or its packages could never land.
const registerDeviceInput = z.object({
  id: deviceIdSchema,
  name: requiredText.max(200),
  organizationId: entityIdSchema,
});

const devicesLoader = organizationRepository.devicesByOrganizationLoader;
const bucketsLoader = bucketRepository.byOrganizationLoader;
const organizationLoader = organizationRepository.byIdLoader;

export const organizationModule: GraphqlModule = {
  typeDefs,
  queries: {
    organizations: operation('any', (_args, ctx) => organizationService.list(ctx)),
    devices: operation('any', (_args, ctx) => organizationService.listDevices(ctx)),
  },
  mutations: {
    createOrganization: operation(['Admin'], (args, ctx) =>
      organizationService.create(ctx, parseInput(organizationInput, args)),
    ),
    updateOrganization: operation(['Admin'], (args, ctx) => {
      const { id } = parseInput(idInput, args);
      return organizationService.update(ctx, id, parseInput(organizationInput, args));
    }),
    deleteOrganization: operation(['Admin'], (args, ctx) =>
      organizationService.delete(ctx, parseInput(idInput, args).id),
    ),
    registerDevice: operation(['Admin'], (args, ctx) =>
      organizationService.registerDevice(ctx, parseInput(registerDeviceInput, args)),
    ),
  },
  types: {
    Organization: {
      devices: (org: { id: number }, _args: unknown, ctx: RequestContext) =>
        loaderFor(ctx, devicesLoader).load(org.id),
      buckets: (org: { id: number }, _args: unknown, ctx: RequestContext) =>
        loaderFor(ctx, bucketsLoader).load(org.id),
    },
    Device: {
      organization: (
        device: { organizationId: number | null },
        _args: unknown,
        ctx: RequestContext,
      ) =>
        device.organizationId === null
          ? null
          : loaderFor(ctx, organizationLoader).load(device.organizationId),
    },
  },
};
