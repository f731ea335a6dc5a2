import { type StageDefinition, streamingStage } from '../stage-definition.ts';

/**
 * filters.merge: joins its inputs into one stream. With the scan's single reader it passes the
 * points through unchanged.
 */
export const mergeStage: StageDefinition<Record<string, never>> = {
  type: 'filters.merge',
  parse: () => ({}),
  summary: () => 'passes the points through (one input)',
  create: () => streamingStage((chunk) => chunk),
};
