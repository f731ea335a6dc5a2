import type { BoundingBox } from '@asset-portal/shared';
import type { RequestContext } from '../../graphql/context.ts';
import { scanService } from '../scans/scan.service.ts';
import {
  builtInPipelineEngine,
  type PipelineContext,
  PipelineValidationError,
} from './pipeline-engine/pipeline-engine.ts';
import { scanPipelineContext } from './scan-pipeline-context.ts';

export interface PdalSubmission {
  pipeline: string;
  scanId?: string | null | undefined;
  boundingBox?: BoundingBox | null | undefined;
}

/** What `pdal(submission)` answers: the stages a pipeline will run, or why it cannot. */
export interface PdalValidation {
  ok: boolean;
  errors: string[];
  stages: { type: string; summary: string; memory: string | null }[];
}

/** Post-processing: checking pipelines against a scan before anything is queued. */
export const processingService = {
  /**
   * Validates a pipeline as the engine would run it on the scan (its CRS and size), with the
   * drawn bounding box for the placeholders; a scan of another organization is 'Not found'.
   */
  async validate(ctx: RequestContext, submission: PdalSubmission): Promise<PdalValidation> {
    const boundingBox = submission.boundingBox ?? null;
    const context: PipelineContext = submission.scanId
      ? scanPipelineContext((await scanService.byId(ctx, submission.scanId)).metadata, boundingBox)
      : { srs: null, boundingBox };
    try {
      const plan = builtInPipelineEngine.plan(submission.pipeline, context);
      return { ok: true, errors: [], stages: plan.stages };
    } catch (error) {
      if (error instanceof PipelineValidationError) {
        return { ok: false, errors: error.errors, stages: [] };
      }
      throw error;
    }
  },
};
