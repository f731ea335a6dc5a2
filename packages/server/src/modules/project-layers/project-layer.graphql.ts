import { entityIdSchema } from '@asset-portal/shared';
import { z } from 'zod';
import type { GraphqlModule } from '../../graphql/module.ts';
import { operation } from '../../graphql/operation.ts';
import { parseInput } from '../../graphql/parse-input.ts';
import { projectLayerService } from './project-layer.service.ts';

const typeDefs = `
  type ProjectLayer {
    id: ID! projectId: ID! name: String! comments: String
    "GeoJSON feature collection, as JSON text."
    source: String!
    "JSON array of MapLibre layer styles, as JSON text."
    layers: String!
    "The layer's 'Hide': true keeps it off the map."
    ignore: Boolean!
    "Whether the viewer shows the layer when it opens."
    showByDefault: Boolean!
    created: DateTime! lastModified: DateTime!
  }
  extend type Query {
    "The project's map layers sorted by name; hidden ones are included with ignore true."
    projectLayers(projectId: ID!): [ProjectLayer!]!
    "The same list under its other name."
    projectLayersForProject(projectId: ID!): [ProjectLayer!]!
  }
`;

const projectInput = z.object({ projectId: entityIdSchema });

const listForProject = operation('any', (args, ctx) =>
  projectLayerService.listForProject(ctx, parseInput(projectInput, args).projectId),
);

export const projectLayerModule: GraphqlModule = {
  typeDefs,
  queries: { projectLayers: listForProject, projectLayersForProject: listForProject },
};
