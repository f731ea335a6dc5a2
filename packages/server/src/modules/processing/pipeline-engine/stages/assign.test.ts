import { describe, expect, it } from 'vitest';
import { assignStage } from './assign.ts';
import { optionErrors, pointsOf, runStage, syntheticChunk } from './synthetic-points.ts';

const points = [
  { x: 0, y: 0, z: 10, Classification: 1 },
  { x: 1, y: 0, z: 50, Classification: 2 },
  { x: 2, y: 0, z: 100, Classification: 1 },
];
const classes = (options: Record<string, unknown>, format = 1) =>
  pointsOf(runStage(assignStage, options, [syntheticChunk(points, format)]), [
    'Classification',
  ]).map((p) => p.Classification);

describe('filters.assign', () => {
  it('assigns to every point with [:]', () => {
    expect(classes({ assignment: 'Classification[:]=2' })).toEqual([2, 2, 2]);
  });

  it('assigns where the dimension is in the range', () => {
    expect(classes({ assignment: 'Classification[1:1]=6' })).toEqual([6, 2, 6]);
  });

  it('honours the condition range', () => {
    expect(classes({ assignment: 'Classification[:]=9', condition: 'Z[0:50]' })).toEqual([9, 9, 1]);
  });

  it('honours the value syntax with WHERE, and arrays', () => {
    expect(classes({ value: 'Classification = 3 WHERE Z > 60' })).toEqual([1, 2, 3]);
    expect(classes({ value: ['Classification = 3', 'Classification = 4 WHERE Z < 20'] })).toEqual([
      4, 3, 3,
    ]);
  });

  it('assigns coordinates', () => {
    const out = pointsOf(runStage(assignStage, { value: 'Z = 0' }, [syntheticChunk(points)]));
    expect(out.map((p) => p.z)).toEqual([0, 0, 0]);
  });

  it('refuses values the point format cannot hold', () => {
    expect(() => classes({ value: 'Classification = 40' })).toThrow(
      '"Classification = 40": Classification of point format 1 holds whole numbers from 0 to 31',
    );
    expect(classes({ value: 'Classification = 40' }, 6)).toEqual([40, 40, 40]);
    expect(() => classes({ value: 'Intensity = 1.5' })).toThrow(
      'holds whole numbers from 0 to 65535',
    );
  });

  it('refuses malformed assignments', () => {
    expect(optionErrors(assignStage, { assignment: 'Classification=2' })[0]).toMatch(
      /option "assignment" "Classification=2" is not an assignment like/,
    );
    expect(optionErrors(assignStage, { value: 'Classification = two' })[0]).toMatch(
      /option "value" "Classification = two" is not a value like/,
    );
    expect(optionErrors(assignStage, {})).toEqual([
      'stage 1 (filters.assign): option "assignment" or "value" is required',
    ]);
  });
});
