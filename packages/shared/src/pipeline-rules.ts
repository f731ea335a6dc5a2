/** Post-processing rules of spec §5: bounding-box placeholders in pipeline JSON. */
import { DEFAULT_PIPELINE_TAG } from './constants.ts';

export interface BoundingBox {
  minx: number;
  miny: number;
  minz: number;
  maxx: number;
  maxy: number;
  maxz: number;
}

const PLACEHOLDER_PATTERN = /<%(xmin|xmax|ymin|ymax|zmin|zmax)%>/g;
// Not global, so that test() keeps no position between calls.
const ANY_PLACEHOLDER = new RegExp(PLACEHOLDER_PATTERN.source);

/** True when the pipeline depends on the bounding box. */
export function needsBoundingBox(pipeline: { dependencies?: readonly string[] | null }): boolean {
  return (pipeline.dependencies ?? []).includes(DEFAULT_PIPELINE_TAG);
}

/** Pipelines offered for processing: those needing a bounding box are hidden without one. */
export function availablePipelines<T extends { dependencies?: readonly string[] | null }>(
  pipelines: readonly T[],
  boundingBox: BoundingBox | null | undefined,
): T[] {
  return pipelines.filter((pipeline) => boundingBox || !needsBoundingBox(pipeline));
}

/**
 * Stands in for the box drawn at processing time when a pipeline is checked on its own (its
 * editor, the Pipeline Management list), so that its placeholders read as numbers.
 */
export const PLACEHOLDER_CHECK_BOX: BoundingBox = {
  minx: 0,
  miny: 0,
  minz: 0,
  maxx: 1,
  maxy: 1,
  maxz: 1,
};

/** True when the pipeline text uses any of the bounding-box placeholders. */
export function usesBoundingBoxPlaceholders(text: string): boolean {
  return ANY_PLACEHOLDER.test(text);
}

/** Replaces <%xmin%> … <%zmax%> with the bounding-box values. */
export function fillPipelinePlaceholders(text: string, boundingBox: BoundingBox): string {
  return text.replace(PLACEHOLDER_PATTERN, (_match, key: string) => {
    const axis = key.slice(0, 1);
    const bound = key.slice(1);
    return String(boundingBox[`${bound}${axis}` as keyof BoundingBox]);
  });
}

/** Fills the placeholders and parses the result as JSON (throws on invalid JSON). */
export function preparePipeline(text: string, boundingBox: BoundingBox | null): unknown {
  return JSON.parse(boundingBox ? fillPipelinePlaceholders(text, boundingBox) : text);
}
