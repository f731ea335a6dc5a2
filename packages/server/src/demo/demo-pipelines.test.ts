import { describe, expect, it } from 'vitest';
import { builtInPipelineEngine } from '../modules/processing/pipeline-engine/pipeline-engine.ts';
import {
  CROP_TO_BOUNDING_BOX_PIPELINE,
  GROUND_CLASSIFICATION_PIPELINE,
  REMOVE_NOISE_PIPELINE,
} from './demo-catalog.ts';

const box = { minx: 500_000, maxx: 500_100, miny: 4_000_000, maxy: 4_000_100, minz: 0, maxz: 50 };

// The demo's pipelines are the first a visitor opens: the engine must run every one of them.
describe('the demo pipelines', () => {
  it.each([
    ['Crop to bounding box', CROP_TO_BOUNDING_BOX_PIPELINE, 'filters.crop'],
    ['Ground classification', GROUND_CLASSIFICATION_PIPELINE, 'filters.smrf'],
    ['Remove noise', REMOVE_NOISE_PIPELINE, 'filters.outlier'],
  ])('%s passes the built-in engine', (_name, pipeline, stage) => {
    const result = builtInPipelineEngine.validate(pipeline, {
      srs: 'EPSG:32610',
      boundingBox: box,
    });
    expect(result.ok ? [] : result.errors).toEqual([]);
    expect(result.ok && result.stages.map((s) => s.type)).toContain(stage);
  });
});
