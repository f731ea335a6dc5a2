import type { BoundingBox } from '@asset-portal/shared';
import type { PipelineContext } from './pipeline-engine/pipeline-engine.ts';

/**
 * What the pipeline engine knows of a scan: its CRS and size from the metadata ingestion
 * recorded. `pdal(submission)` checks with it and the `process-scan` job runs with it, so a
 * pipeline runs exactly as it was checked.
 */
export function scanPipelineContext(
  metadata: Record<string, unknown> | null | undefined,
  boundingBox: BoundingBox | null = null,
): PipelineContext {
  const { crs, point_count: pointCount } = (metadata ?? {}) as {
    crs?: unknown;
    point_count?: unknown;
  };
  return {
    srs: typeof crs === 'string' ? crs : null,
    boundingBox,
    pointCount: typeof pointCount === 'number' ? pointCount : null,
  };
}
