import { describe, expect, it } from 'vitest';
import {
  availablePipelines,
  fillPipelinePlaceholders,
  needsBoundingBox,
  preparePipeline,
  usesBoundingBoxPlaceholders,
} from './pipeline-rules.ts';

const box = { minx: 1, miny: 2, minz: 3, maxx: 4, maxy: 5, maxz: 6 };

describe('pipeline placeholders', () => {
  it('replaces every placeholder', () => {
    const text = '{"bounds":"([<%xmin%>,<%xmax%>],[<%ymin%>,<%ymax%>],[<%zmin%>,<%zmax%>])"}';
    expect(fillPipelinePlaceholders(text, box)).toBe('{"bounds":"([1,4],[2,5],[3,6])"}');
    expect(preparePipeline('[<%xmin%>,<%zmax%>]', box)).toEqual([1, 6]);
    expect(() => preparePipeline('[<%xmin%>', box)).toThrow();
  });

  it('hides bounding-box pipelines without a box', () => {
    const pipelines = [{ dependencies: ['3D Bounding Box'] }, { dependencies: [] }, {}];
    expect(needsBoundingBox(pipelines[0]!)).toBe(true);
    expect(availablePipelines(pipelines, null)).toHaveLength(2);
    expect(availablePipelines(pipelines, box)).toHaveLength(3);
  });
});

describe('usesBoundingBoxPlaceholders', () => {
  it('finds a known placeholder, and only a known one', () => {
    expect(usesBoundingBoxPlaceholders('{"bounds":"([<%xmin%>,1],[0,1])"}')).toBe(true);
    expect(usesBoundingBoxPlaceholders('{"limits":"Z[<%zmax%>:]"}')).toBe(true);
    expect(usesBoundingBoxPlaceholders('{"pipeline":["in.las"]}')).toBe(false);
    expect(usesBoundingBoxPlaceholders('{"x":"<%width%>"}')).toBe(false);
  });

  it('answers the same for the same text, called again', () => {
    const text = '[<%ymin%>]';
    expect([1, 2, 3].map(() => usesBoundingBoxPlaceholders(text))).toEqual([true, true, true]);
  });
});
