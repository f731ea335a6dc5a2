import type { BoundingBox } from '@asset-portal/shared';
import type { LasVector } from '../../../lib/las/las-header.ts';
import { planPipeline, toValidation } from './pipeline-plan.ts';
import { runPipeline } from './pipeline-run.ts';
import type { StageDefinition } from './stage-definition.ts';
import type { ReaderOptions } from './stages/readers-las.ts';
import type { WriterOptions } from './stages/writers-las.ts';

/**
 * The pipeline engine behind post-processing (docs/pipelines.md): PDAL JSON pipelines validated,
 * planned and run on a scan's point cloud. `builtInPipelineEngine` streams with its own stages;
 * a real `pdal` can implement the same interface later.
 */

/** What the engine knows about the scan a pipeline runs on. */
export interface PipelineContext {
  /** The scan's CRS (proj4 text, or an EPSG code such as "EPSG:32610"); null when unknown. */
  srs: string | null;
  /** For the <%xmin%> … <%zmax%> placeholders; pipelines using them need it. */
  boundingBox?: BoundingBox | null;
  /** The input's point count and record length, for the memory bounds of the plan. */
  pointCount?: number | null;
  pointRecordLength?: number | null;
}

export type PipelineValidation =
  | { ok: true; stages: { type: string; summary: string }[] }
  | { ok: false; errors: string[] };

/** One stage of a plan: what it does and how much memory it needs. */
export interface PlannedStage {
  type: string;
  summary: string;
  /** 'streams (65,536 points at a time)' or 'holds up to N points in memory (~M MB)'. */
  memory: string;
}

/** A filter stage with its parsed options (internal to the built-in engine). */
export interface PlannedFilter {
  label: string;
  definition: StageDefinition<unknown>;
  options: unknown;
}

/** A validated pipeline, ready to run. */
export interface PipelinePlan {
  /** Reader, filters, writer, in order. */
  stages: PlannedStage[];
  reader: ReaderOptions;
  filters: PlannedFilter[];
  writer: WriterOptions;
  context: PipelineContext;
  chunkPoints: number;
}

export interface PipelineIo {
  /** The scan's LAS/LAZ file (replaces the pipeline's readers.las filename). */
  inputPath: string;
  /** The LAS file to write (replaces the pipeline's writers.las filename). */
  outputPath: string;
  onProgress?(done: number, total: number): void;
  signal?: AbortSignal;
}

export interface PipelineRunResult {
  pointsIn: number;
  pointsOut: number;
  bounds: { min: LasVector; max: LasVector };
  outputBytes: number;
  seconds: number;
  /** The output's CRS: the scan's, or the last reprojection's out_srs. */
  srs: string | null;
  /** Why a reprojected output names its CRS without a WKT record (PROJ missing), else null. */
  crsNote: string | null;
  scale: LasVector;
  offset: LasVector;
  /** Points in and out of each stage, reader first. */
  stages: { type: string; pointsIn: number; pointsOut: number }[];
  /** The output's points by their Classification code (codes with none left out). */
  classes: Record<number, number>;
}

/** Thrown by `plan` for an invalid pipeline; `errors` as `validate` gives them. */
export class PipelineValidationError extends Error {
  override name = 'PipelineValidationError';
  constructor(readonly errors: string[]) {
    super(`The pipeline is invalid: ${errors.join('; ')}`);
  }
}

/** Thrown by `run` when the pipeline fails on the data (the message names the stage). */
export class PipelineRunError extends Error {
  override name = 'PipelineRunError';
}

export interface PipelineEngine {
  /** Checks a pipeline without running it. */
  validate(pipelineJson: string, context: PipelineContext): PipelineValidation;
  /** The run plan of a valid pipeline; throws PipelineValidationError otherwise. */
  plan(pipelineJson: string, context: PipelineContext): PipelinePlan;
  /** Runs a plan from the scan's file to a LAS file (removed again on failure or abort). */
  run(plan: PipelinePlan, io: PipelineIo): Promise<PipelineRunResult>;
}

/** The embedded engine: streaming stages written in TypeScript (docs/pipelines.md). */
export const builtInPipelineEngine: PipelineEngine = {
  validate: (pipelineJson, context) => toValidation(planPipeline(pipelineJson, context)),
  plan(pipelineJson, context) {
    const result = planPipeline(pipelineJson, context);
    if (!result.ok) throw new PipelineValidationError(result.errors);
    return result.plan;
  },
  run: (plan, io) => runPipeline(plan, io),
};
