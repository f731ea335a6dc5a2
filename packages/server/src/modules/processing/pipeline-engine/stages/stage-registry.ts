import type { StageDefinition } from '../stage-definition.ts';
import { assignStage } from './assign.ts';
import { cropStage } from './crop.ts';
import { expressionStage } from './expression.ts';
import { mergeStage } from './merge.ts';
import { outlierStage } from './outlier.ts';
import { rangeStage } from './range.ts';
import { reprojectionStage } from './reprojection.ts';
import { sampleStage } from './sample.ts';
import { smrfStage } from './smrf.ts';
import { transformationStage } from './transformation.ts';
import { voxelCenterNearestNeighborStage, voxelDownsizeStage } from './voxel.ts';

/** The filter stages of the built-in engine, by PDAL type (docs/pipelines.md lists them). */
export const FILTER_STAGES: ReadonlyMap<string, StageDefinition<unknown>> = new Map(
  (
    [
      cropStage,
      rangeStage,
      expressionStage,
      assignStage,
      voxelCenterNearestNeighborStage,
      voxelDownsizeStage,
      sampleStage,
      outlierStage,
      smrfStage,
      reprojectionStage,
      transformationStage,
      mergeStage,
    ] as StageDefinition<unknown>[]
  ).map((stage) => [stage.type, stage]),
);

export const READER_TYPE = 'readers.las';
export const WRITER_TYPE = 'writers.las';

/** Every stage type the engine accepts. */
export const SUPPORTED_STAGE_TYPES = [READER_TYPE, ...FILTER_STAGES.keys(), WRITER_TYPE];
