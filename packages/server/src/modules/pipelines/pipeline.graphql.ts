import { entityIdSchema, pipelineInput, pipelineUpdateInput } from '@asset-portal/shared';
import { z } from 'zod';
import type { PipelineRow } from '../../db/schema.ts';
import { loaderFor, type RequestContext } from '../../graphql/context.ts';
import type { GraphqlModule } from '../../graphql/module.ts';
import { operation } from '../../graphql/operation.ts';
import { parseInput } from '../../graphql/parse-input.ts';
import { projectRepository } from '../projects/project.repository.ts';
import { pipelineService } from './pipeline.service.ts';

// Name, description and pipeline are nullable here so a missing value gets the spec's
// 'Value is required' from the shared schema instead of a GraphQL type error.
const pipelineArgs = `
    projectId: ID, name: String, description: String, pipeline: String,
    dependencies: [String!], global: Boolean`;

const typeDefs = `
  type Pipeline {
    id: ID!
    "The project; null for a global pipeline."
    project: Project
    name: String!
    description: String!
    "PDAL pipeline JSON, as text."
    pipeline: String!
    dependencies: [String!]!
    created: DateTime
    lastModified: DateTime
    global: Boolean!
    "Why the built-in engine would refuse this pipeline on any scan; empty when it runs it."
    engineErrors: [String!]!
  }
  extend type Query {
    pipelineByProject(projectId: ID!): [Pipeline!]!
    pipelines: [Pipeline!]!
  }
  extend type Mutation {
    createPipeline(${pipelineArgs}): Pipeline!
    updatePipeline(id: ID!, ${pipelineArgs}): Pipeline!
    deletePipeline(id: ID!): Boolean!
  }
`;

const idInput = z.object({ id: entityIdSchema });
const projectIdInput = z.object({ projectId: entityIdSchema });
const manage = ['Admin', 'Power User'] as const;
const projectLoader = projectRepository.byIdLoader;

export const pipelineModule: GraphqlModule = {
  typeDefs,
  queries: {
    pipelineByProject: operation('any', (args, ctx) =>
      pipelineService.listForProject(ctx, parseInput(projectIdInput, args).projectId),
    ),
    pipelines: operation('any', (_args, ctx) => pipelineService.list(ctx)),
  },
  mutations: {
    createPipeline: operation(manage, (args, ctx) =>
      pipelineService.create(ctx, parseInput(pipelineInput, args)),
    ),
    updatePipeline: operation(manage, (args, ctx) => {
      const { id, ...input } = parseInput(pipelineUpdateInput, args);
      return pipelineService.update(ctx, id, input);
    }),
    deletePipeline: operation(manage, (args, ctx) =>
      pipelineService.delete(ctx, parseInput(idInput, args).id),
    ),
  },
  types: {
    Pipeline: {
      project: (pipeline: PipelineRow, _args: unknown, ctx: RequestContext) =>
        pipeline.projectId === null ? null : loaderFor(ctx, projectLoader).load(pipeline.projectId),
      engineErrors: (pipeline: PipelineRow) => pipelineService.engineErrors(pipeline.pipeline),
    },
  },
};
