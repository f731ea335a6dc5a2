import {
  annotationInput,
  annotationUpdateInput,
  entityIdSchema,
  stringIdSchema,
} from '@asset-portal/shared';
import { z } from 'zod';
import { loaderFor, type RequestContext } from '../../graphql/context.ts';
import type { GraphqlModule } from '../../graphql/module.ts';
import { operation } from '../../graphql/operation.ts';
import { parseInput } from '../../graphql/parse-input.ts';
import { scanRepository } from '../scans/scan.repository.ts';
import { annotationRepository } from './annotation.repository.ts';
import { annotationService } from './annotation.service.ts';

// The point arrives as JSON so the shared schema, not GraphQL coercion, words the error.
const typeDefs = `
  type GeoJSONPoint { type: String! coordinates: [Float!]! }
  type AnnotationUser { id: ID! name: String! }
  type Annotation {
    id: ID! scanId: ID! scan: Scan title: String! type: String comment: String
    point: GeoJSONPoint! created: DateTime! lastModified: DateTime!
    "The author; null when that user was deleted."
    user: AnnotationUser
  }
  extend type Query {
    "Annotations the caller may see, newest id first; optionally of one project or one scan."
    annotations(projectId: ID, scanId: ID): [Annotation!]!
  }
  extend type Mutation {
    createAnnotation(scanId: ID!, title: String!, type: String, comment: String, point: JSON!): Annotation!
    updateAnnotation(id: ID!, title: String!, type: String, comment: String, point: JSON!): Annotation!
    deleteAnnotation(id: ID!): Boolean!
  }
`;

const listInput = z.object({
  projectId: entityIdSchema.nullish().transform((v) => v ?? undefined),
  scanId: stringIdSchema.nullish().transform((v) => v ?? undefined),
});
const idInput = z.object({ id: entityIdSchema });
const authorLoader = annotationRepository.authorLoader;
const scanLoader = scanRepository.byIdLoader;

export const annotationModule: GraphqlModule = {
  typeDefs,
  queries: {
    annotations: operation('any', (args, ctx) => {
      const { projectId, scanId } = parseInput(listInput, args);
      return annotationService.list(ctx, {
        ...(projectId !== undefined ? { projectId } : {}),
        ...(scanId !== undefined ? { scanId } : {}),
      });
    }),
  },
  mutations: {
    createAnnotation: operation('any', (args, ctx) =>
      annotationService.create(ctx, parseInput(annotationInput, args)),
    ),
    updateAnnotation: operation('any', (args, ctx) =>
      annotationService.update(ctx, parseInput(annotationUpdateInput, args)),
    ),
    deleteAnnotation: operation('any', (args, ctx) =>
      annotationService.delete(ctx, parseInput(idInput, args).id),
    ),
  },
  types: {
    Annotation: {
      user: (annotation: { userId: number | null }, _args: unknown, ctx: RequestContext) =>
        annotation.userId === null ? null : loaderFor(ctx, authorLoader).load(annotation.userId),
      scan: (annotation: { scanId: string }, _args: unknown, ctx: RequestContext) =>
        loaderFor(ctx, scanLoader).load(annotation.scanId),
    },
  },
};
