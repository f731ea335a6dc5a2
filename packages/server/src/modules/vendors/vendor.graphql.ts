import {
  entityIdSchema,
  optionalText,
  TEXT_LIMITS,
  TEXT_TOO_LONG,
  validateGroupName,
} from '@asset-portal/shared';
import { z } from 'zod';
import { loaderFor, type RequestContext } from '../../graphql/context.ts';
import type { GraphqlModule } from '../../graphql/module.ts';
import { operation } from '../../graphql/operation.ts';
import { parseInput } from '../../graphql/parse-input.ts';
import { vendorPolicy } from '../../policies/vendor.policy.ts';
import { projectLayerRepository } from '../project-layers/project-layer.repository.ts';
import { projectRepository } from '../projects/project.repository.ts';
import {
  type VendorLayerRecord,
  type VendorRecord,
  vendorRepository,
} from './vendor.repository.ts';
import { type GroupChanges, vendorService } from './vendor.service.ts';

const typeDefs = `
  "A layer group."
  type Vendor {
    id: ID! name: String! description: String
    "null: a global group (Admin: all organizations; Power User: the caller's organization)."
    projectId: ID
    project: LayerProject
    created: DateTime! lastModified: DateTime!
    "The group's layers the caller may see."
    vendorLayers: [VendorLayer!]!
    "Whether the caller may edit or delete it: an Admin or Power User, a group shared by every organization an Admin only."
    canChange: Boolean!
  }
  "A layer in a group."
  type VendorLayer { layerId: ID! vendorId: ID! vendor: Vendor! layer: ProjectLayer! }
  extend type Query {
    "Groups usable in the project (its own and the global ones), or all visible ones without it."
    vendors(projectId: ID): [Vendor!]!
    vendor(id: ID!): Vendor!
    "Links of the project's layers, or of every visible layer without it."
    vendorLayers(projectId: ID): [VendorLayer!]!
    vendorLayersByVendorId(vendorId: ID!): [VendorLayer!]!
    "Groups whose name contains the term, case-insensitive."
    searchVendors(searchTerm: String!, projectId: ID): [Vendor!]!
  }
  extend type Mutation {
    "Without projectId the group is global."
    createVendor(name: String!, description: String, projectId: ID): Vendor!
    "Absent fields stay as they are; projectId null makes the group global."
    updateVendor(id: ID!, name: String, description: String, projectId: ID): Vendor!
    "Its layers stay, ungrouped."
    deleteVendor(id: ID!): Boolean!
    "Puts an ungrouped layer in the group."
    createVendorLayer(layerId: ID!, vendorId: ID!): VendorLayer!
    deleteVendorLayer(layerId: ID!, vendorId: ID!): Boolean!
  }
`;

const groupName = z
  .string()
  .max(TEXT_LIMITS.name, TEXT_TOO_LONG(TEXT_LIMITS.name))
  .transform((value) => value.trim())
  .superRefine((value, ctx) => {
    const message = validateGroupName(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  });
const nullableId = entityIdSchema.nullish().transform((id) => id ?? null);

const createInput = z.object({
  name: groupName,
  description: optionalText,
  projectId: nullableId,
});
const updateInput = z.object({
  id: entityIdSchema,
  name: groupName.nullish(),
  description: optionalText,
  projectId: nullableId,
});

// A missing name stays; a missing description or projectId stays, while null clears it.
function changesOf(args: Record<string, unknown>): { id: number; changes: GroupChanges } {
  const { id, name, description, projectId } = parseInput(updateInput, args);
  const changes: GroupChanges = {};
  if (name != null) changes.name = name;
  if ('description' in args) changes.description = description;
  if ('projectId' in args) changes.projectId = projectId;
  return { id, changes };
}

const idInput = z.object({ id: entityIdSchema });
const projectFilter = z.object({ projectId: nullableId });
const vendorIdInput = z.object({ vendorId: entityIdSchema });
const searchInput = z.object({ searchTerm: z.string().trim(), projectId: nullableId });
const linkInput = z.object({ layerId: entityIdSchema, vendorId: entityIdSchema });
const manage = ['Admin', 'Power User'] as const;

const projectOf = (row: { projectId: number | null }, ctx: RequestContext) =>
  row.projectId === null ? null : loaderFor(ctx, projectRepository.byIdLoader).load(row.projectId);

export const vendorModule: GraphqlModule = {
  typeDefs,
  queries: {
    vendors: operation('any', (args, ctx) =>
      vendorService.list(ctx, parseInput(projectFilter, args).projectId),
    ),
    vendor: operation('any', (args, ctx) => vendorService.get(ctx, parseInput(idInput, args).id)),
    vendorLayers: operation('any', (args, ctx) =>
      vendorService.links(ctx, parseInput(projectFilter, args).projectId),
    ),
    vendorLayersByVendorId: operation('any', (args, ctx) =>
      vendorService.linksOfGroup(ctx, parseInput(vendorIdInput, args).vendorId),
    ),
    searchVendors: operation('any', (args, ctx) => {
      const { searchTerm, projectId } = parseInput(searchInput, args);
      return vendorService.search(ctx, searchTerm, projectId);
    }),
  },
  mutations: {
    createVendor: operation(manage, (args, ctx) =>
      vendorService.create(ctx, parseInput(createInput, args)),
    ),
    updateVendor: operation(manage, (args: Record<string, unknown>, ctx) => {
      const { id, changes } = changesOf(args);
      return vendorService.update(ctx, id, changes);
    }),
    deleteVendor: operation(manage, (args, ctx) =>
      vendorService.delete(ctx, parseInput(idInput, args).id),
    ),
    createVendorLayer: operation(manage, (args, ctx) => {
      const { layerId, vendorId } = parseInput(linkInput, args);
      return vendorService.addLayer(ctx, layerId, vendorId);
    }),
    deleteVendorLayer: operation(manage, (args, ctx) => {
      const { layerId, vendorId } = parseInput(linkInput, args);
      return vendorService.removeLayer(ctx, layerId, vendorId);
    }),
  },
  types: {
    Vendor: {
      project: (group: VendorRecord, _args: unknown, ctx: RequestContext) => projectOf(group, ctx),
      canChange: (group: VendorRecord, _args: unknown, ctx: RequestContext) =>
        vendorPolicy.canManage(ctx.viewer) && vendorPolicy.canChange(ctx.viewer, group),
      vendorLayers: async (group: VendorRecord, _args: unknown, ctx: RequestContext) =>
        vendorService.visibleLinks(
          ctx,
          await loaderFor(ctx, vendorRepository.linksByVendorLoader).load(group.id),
        ),
    },
    VendorLayer: {
      vendor: (link: VendorLayerRecord, _args: unknown, ctx: RequestContext) =>
        loaderFor(ctx, vendorRepository.byIdLoader).load(link.vendorId),
      layer: (link: VendorLayerRecord, _args: unknown, ctx: RequestContext) =>
        loaderFor(ctx, projectLayerRepository.byIdLoader).load(link.layerId),
    },
  },
};
