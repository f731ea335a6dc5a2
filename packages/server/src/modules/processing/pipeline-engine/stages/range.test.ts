import { describe, expect, it } from 'vitest';
import { parseRange, parseRanges, rangeStage } from './range.ts';
import { optionErrors, pointsOf, runStage, syntheticChunk } from './synthetic-points.ts';

const points = [1, 2, 2, 7, 18].map((Classification, i) => ({
  x: i,
  y: 0,
  z: i * 50,
  Classification,
}));
const kept = (limits: string) =>
  pointsOf(runStage(rangeStage, { limits }, [syntheticChunk(points)])).map((p) => p.x);

describe('filters.range', () => {
  it('keeps a class', () => {
    expect(kept('Classification[2:2]')).toEqual([1, 2]);
  });

  it('honours inclusive, exclusive and open bounds', () => {
    expect(kept('Z[0:100]')).toEqual([0, 1, 2]);
    expect(kept('Z(0:100)')).toEqual([1]);
    expect(kept('Z[:100)')).toEqual([0, 1]);
    expect(kept('Z(100:]')).toEqual([3, 4]);
  });

  it("negates with PDAL's ! after the name, and with a ! before it as earlier pipelines wrote", () => {
    expect(kept('Classification![7:7]')).toEqual([0, 1, 2, 4]);
    expect(kept('Classification ! [7:7]')).toEqual([0, 1, 2, 4]);
    expect(kept('!Classification[7:7]')).toEqual([0, 1, 2, 4]);
    expect(() => parseRange('!Classification![7:7]')).toThrow('is negated twice');
  });

  it('ORs ranges of one dimension and ANDs across dimensions, as PDAL', () => {
    expect(kept('Classification[2:2], Classification[7:7]')).toEqual([1, 2, 3]);
    expect(kept('Classification[2:2],Z[100:200]')).toEqual([2]);
    // PDAL's own semantics: two negations of one dimension are ORed, so nothing is dropped.
    expect(kept('Classification![7:7], Classification![18:18]')).toEqual([0, 1, 2, 3, 4]);
  });

  it('reads dimension names case-insensitively', () => {
    expect(parseRange('classification[2:2]').dimension).toBe('Classification');
    expect(parseRanges('gpstime[1:2], Z[0:1]').map((r) => r.dimension)).toEqual(['GpsTime', 'Z']);
  });

  it('refuses malformed ranges with the reason', () => {
    expect(() => parseRange('Classification[7:2]')).toThrow(
      'has its lower bound above its upper bound',
    );
    expect(() => parseRange('Classification[a:2]')).toThrow('has a bound "a" that is not a number');
    expect(() => parseRange('Classification')).toThrow('is not a range like');
    expect(() => parseRange('Colour[1:2]')).toThrow('names an unknown dimension "Colour"');
    expect(optionErrors(rangeStage, { limits: 42 })).toEqual([
      'stage 1 (filters.range): option "limits" must be a string',
    ]);
  });

  it('fails at run time on a dimension the point format lacks', () => {
    expect(() => runStage(rangeStage, { limits: 'Red[0:10]' }, [syntheticChunk(points)])).toThrow(
      'point format 1 has no Red dimension',
    );
  });
});
