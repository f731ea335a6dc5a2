import { describe, expect, it } from 'vitest';
import {
  availablePipelines,
  fillPipelinePlaceholders,
  needsBoundingBox,
  preparePipeline,
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
