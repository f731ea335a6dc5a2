import {
  entityIdSchema,
  normalizeUtm,
  projectInput,
  projectUpdateInput,
} from '@asset-portal/shared';
import { z } from 'zod';
import type { ProjectRow } from '../../db/schema.ts';
import { loaderFor, type RequestContext } from '../../graphql/context.ts';
import type { GraphqlModule } from '../../graphql/module.ts';
import { operation } from '../../graphql/operation.ts';
import { parseInput } from '../../graphql/parse-input.ts';
import { organizationRepository } from '../organizations/organization.repository.ts';
import { projectRepository } from './project.repository.ts';
import { projectService } from './project.service.ts';

// utm is JSON so both forms of spec §7 arrive: plain '10N' (create) and a JSON object or string
// wrapping it, {"utm":"10N"} (update). It is stored as {utm} and read back as the plain value.
const projectArgs = `
    name: String!, comments: String, active: Boolean, organizationId: ID,
    tagOptions: [String!], projection: String, helmertParameters: String,
    geoidGridFile: String, utm: JSON, classifiers: String`;

const typeDefs = `
  type Project {
    id: ID!
    name: String!
    comments: String
    active: Boolean!
    organization: Organization
    "Plain UTM zone, e.g. '10N'."
    utm: String
    "proj4 definition; blank means none."
    projection: String
    "Same as projection."
    proj4: String
    geoidGridFile: String
    "Helmert parameters as a JSON string."
    helmertParameters: String
    tagOptions: [String!]!
    classifiers: String!
    "Earliest start of the project's device assignments; null when it has none."
    from: DateTime
    "Latest end of the project's device assignments; null when none or one is still open."
    to: DateTime
    created: DateTime
    lastModified: DateTime
  }
  extend type Organization { projects: [Project!]! }
  extend type Query {
    projects: [Project!]!
    projectsByOrgId(orgId: ID!): [Project!]!
    project(id: ID!): Project
    "Geoid grid file names to choose from: the files under geoid/ in the object store, plus names projects already use."
    getGeoidGridFiles: [String!]!
  }
  extend type Mutation {
    createProject(${projectArgs}): Project!
    updateProject(id: ID!, ${projectArgs}): Project!
    deleteProject(id: ID!): Boolean!
  }
`;

const idInput = z.object({ id: entityIdSchema });
const orgIdInput = z.object({ orgId: entityIdSchema });
const manage = ['Admin', 'Power User'] as const;

const organizationLoader = organizationRepository.byIdLoader;
const projectsLoader = projectRepository.byOrganizationLoader;
const periodLoader = projectRepository.assignmentPeriodLoader;

export const projectModule: GraphqlModule = {
  typeDefs,
  queries: {
    projects: operation('any', (_args, ctx) => projectService.list(ctx)),
    projectsByOrgId: operation('any', (args, ctx) =>
      projectService.listByOrganization(ctx, parseInput(orgIdInput, args).orgId),
    ),
    project: operation('any', (args, ctx) => projectService.get(ctx, parseInput(idInput, args).id)),
    getGeoidGridFiles: operation('any', (_args, ctx) => projectService.geoidGridFiles(ctx)),
  },
  mutations: {
    createProject: operation(manage, (args, ctx) =>
      projectService.create(ctx, parseInput(projectInput, args)),
    ),
    updateProject: operation(manage, (args, ctx) => {
      const { id, ...input } = parseInput(projectUpdateInput, args);
      return projectService.update(ctx, id, input);
    }),
    deleteProject: operation(manage, (args, ctx) =>
      projectService.delete(ctx, parseInput(idInput, args).id),
    ),
  },
  types: {
    Project: {
      utm: (project: ProjectRow) => normalizeUtm(project.utm),
      proj4: (project: ProjectRow) => project.projection,
      organization: (project: ProjectRow, _args: unknown, ctx: RequestContext) =>
        loaderFor(ctx, organizationLoader).load(project.organizationId),
      from: async (project: ProjectRow, _args: unknown, ctx: RequestContext) =>
        (await loaderFor(ctx, periodLoader).load(project.id)).from,
      to: async (project: ProjectRow, _args: unknown, ctx: RequestContext) =>
        (await loaderFor(ctx, periodLoader).load(project.id)).to,
    },
    Organization: {
      projects: (organization: { id: number }, _args: unknown, ctx: RequestContext) =>
        loaderFor(ctx, projectsLoader).load(organization.id),
    },
  },
};
