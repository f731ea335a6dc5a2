import {
  checkLayerSource,
  entityIdSchema,
  optionalText,
  TEXT_LIMITS,
  TEXT_TOO_LONG,
  validateLayerName,
  validateLayerStyles,
} from '@asset-portal/shared';
import { z } from 'zod';
import { loaderFor, type RequestContext } from '../../graphql/context.ts';
import { ValidationError } from '../../graphql/errors.ts';
import type { GraphqlModule } from '../../graphql/module.ts';
import { operation } from '../../graphql/operation.ts';
import { parseInput } from '../../graphql/parse-input.ts';
import { vendorPolicy } from '../../policies/vendor.policy.ts';
import { projectRepository } from '../projects/project.repository.ts';
import { vendorRepository } from '../vendors/vendor.repository.ts';
import { layerStyleSpecError } from './layer-style-spec.ts';
import type { ProjectLayerRecord } from './project-layer.repository.ts';
import {
  type LayerChanges,
  type LayerSource,
  type NewLayer,
  projectLayerService,
} from './project-layer.service.ts';

const typeDefs = `
  "The project a layer or group belongs to."
  type LayerProject { id: ID! name: String! }
  type ProjectLayer {
    id: ID! projectId: ID! project: LayerProject! name: String! comments: String
    "GeoJSON feature collection, as JSON text."
    source: String!
    "JSON array of MapLibre layer styles without id or source, as JSON text."
    layers: String!
    "The layer's 'Hide': true keeps it off the map."
    ignore: Boolean!
    "Whether the viewer shows the layer when it opens."
    showByDefault: Boolean!
    "Features in the source."
    featureCount: Int!
    "UTF-8 size of the source in bytes."
    sourceBytes: Int!
    "The group the layer is in (at most one), null when ungrouped."
    vendorId: ID
    vendor: Vendor
    created: DateTime! lastModified: DateTime!
  }
  extend type Query {
    "The project's map layers sorted by name; hidden ones are included with ignore true."
    projectLayers(projectId: ID!): [ProjectLayer!]!
    "The same list under its other name."
    projectLayersForProject(projectId: ID!): [ProjectLayer!]!
    "One layer, for its editor: lists can leave the source out and fetch it here."
    projectLayer(id: ID!): ProjectLayer!
  }
  extend type Mutation {
    "Defaults: layers [], ignore false, showByDefault true; vendorId puts it in that group."
    createProjectLayer(name: String!, comments: String, source: String!, layers: String,
      ignore: Boolean, showByDefault: Boolean, projectId: ID!, vendorId: ID): ProjectLayer!
    "Absent fields stay as they are; a new projectId moves the layer (out of a group that no longer fits)."
    updateProjectLayer(id: ID!, name: String, comments: String, source: String, layers: String,
      ignore: Boolean, showByDefault: Boolean, projectId: ID): ProjectLayer!
    deleteProjectLayer(id: ID!): Boolean!
    "Puts the layer in the group (a layer is in at most one group); vendorId null ungroups it."
    updateLayerGroup(layerId: ID!, vendorId: ID): ProjectLayer!
  }
`;

const layerName = z
  .string()
  .transform((value) => value.trim())
  .superRefine((value, ctx) => {
    const message = validateLayerName(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

/**
 * Checked after the other fields, outside zod: its texts begin 'Invalid GeoJSON', which
 * parseInput would otherwise prefix with the field name. Parsed once; the check yields the counts
 * stored with the text.
 */
function checkedSource(text: string): LayerSource {
  const check = checkLayerSource(text);
  if (!check.ok) throw new ValidationError(check.message);
  return { text, featureCount: check.featureCount, sourceBytes: check.sourceBytes };
}

const layerStyles = z
  .string()
  .max(TEXT_LIMITS.layerStyles, TEXT_TOO_LONG(TEXT_LIMITS.layerStyles))
  .transform((text) => (text.trim() === '' ? '[]' : text))
  .superRefine((text, ctx) => {
    const message = validateLayerStyles(text) ?? layerStyleSpecError(text);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

const nullableId = entityIdSchema.nullish().transform((id) => id ?? null);

const createInput = z.object({
  name: layerName,
  comments: optionalText,
  source: z.string(),
  layers: layerStyles.nullish().transform((text) => text ?? '[]'),
  ignore: z
    .boolean()
    .nullish()
    .transform((value) => value ?? false),
  showByDefault: z
    .boolean()
    .nullish()
    .transform((value) => value ?? true),
  projectId: entityIdSchema,
  vendorId: nullableId,
});

// null reads as absent, except for comments, where it clears them.
const updateInput = z.object({
  id: entityIdSchema,
  name: layerName.nullish(),
  comments: optionalText,
  source: z.string().nullish(),
  layers: layerStyles.nullish(),
  ignore: z.boolean().nullish(),
  showByDefault: z.boolean().nullish(),
  projectId: entityIdSchema.nullish(),
});

function changesOf(args: Record<string, unknown>): { id: number; changes: LayerChanges } {
  const { id, comments, source, ...rest } = parseInput(updateInput, args);
  const changes: LayerChanges = Object.fromEntries(
    Object.entries(rest).filter(([, value]) => value !== null && value !== undefined),
  );
  if ('comments' in args) changes.comments = comments;
  if (source != null) changes.source = checkedSource(source);
  return { id, changes };
}

function newLayerOf(args: Record<string, unknown>): NewLayer {
  const { source, ...fields } = parseInput(createInput, args);
  return { ...fields, source: checkedSource(source) };
}

const projectInput = z.object({ projectId: entityIdSchema });
const idInput = z.object({ id: entityIdSchema });
const groupInput = z.object({ layerId: entityIdSchema, vendorId: nullableId });
const manage = ['Admin', 'Power User'] as const;

const listForProject = operation('any', (args, ctx) =>
  projectLayerService.listForProject(ctx, parseInput(projectInput, args).projectId),
);

export const projectLayerModule: GraphqlModule = {
  typeDefs,
  queries: {
    projectLayers: listForProject,
    projectLayersForProject: listForProject,
    projectLayer: operation('any', (args, ctx) =>
      projectLayerService.byId(ctx, parseInput(idInput, args).id),
    ),
  },
  mutations: {
    createProjectLayer: operation(manage, (args: Record<string, unknown>, ctx) =>
      projectLayerService.create(ctx, newLayerOf(args)),
    ),
    updateProjectLayer: operation(manage, (args: Record<string, unknown>, ctx) => {
      const { id, changes } = changesOf(args);
      return projectLayerService.update(ctx, id, changes);
    }),
    deleteProjectLayer: operation(manage, (args, ctx) =>
      projectLayerService.delete(ctx, parseInput(idInput, args).id),
    ),
    updateLayerGroup: operation(manage, (args, ctx) => {
      const { layerId, vendorId } = parseInput(groupInput, args);
      return projectLayerService.setGroup(ctx, layerId, vendorId);
    }),
  },
  types: {
    ProjectLayer: {
      project: (layer: ProjectLayerRecord, _args: unknown, ctx: RequestContext) =>
        loaderFor(ctx, projectRepository.byIdLoader).load(layer.projectId),
      // A group the caller may not see (its project moved to another organization) stays hidden.
      vendor: async (layer: ProjectLayerRecord, _args: unknown, ctx: RequestContext) => {
        if (layer.vendorId === null) return null;
        const group = await loaderFor(ctx, vendorRepository.byIdLoader).load(layer.vendorId);
        return group && vendorPolicy.canRead(ctx.viewer, group) ? group : null;
      },
    },
  },
};
