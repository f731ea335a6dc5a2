import { describe, expect, it } from 'vitest';
import { expressionStage, parseExpression } from './expression.ts';
import { pointsOf, runStage, syntheticChunk } from './synthetic-points.ts';

const points = [
  { x: 0, y: 0, z: 10, Classification: 1, Intensity: 100 },
  { x: 1, y: 0, z: 50, Classification: 2, Intensity: 200 },
  { x: 2, y: 0, z: 100, Classification: 2, Intensity: 300 },
  { x: 3, y: 0, z: 150, Classification: 7, Intensity: 400 },
];
const kept = (expression: string) =>
  pointsOf(runStage(expressionStage, { expression }, [syntheticChunk(points)])).map((p) => p.x);

describe('filters.expression', () => {
  it('evaluates comparisons', () => {
    expect(kept('Classification == 2')).toEqual([1, 2]);
    expect(kept('Z != 50')).toEqual([0, 2, 3]);
    expect(kept('100 <= Z')).toEqual([2, 3]);
    expect(kept('Intensity < 200')).toEqual([0]);
  });

  it('binds && tighter than ||, and honours parentheses and !', () => {
    expect(kept('Classification == 2 && Z > 60')).toEqual([2]);
    expect(kept('Classification == 2 && Z > 60 || Intensity >= 400')).toEqual([2, 3]);
    expect(kept('Classification == 2 && (Z > 60 || Intensity >= 100)')).toEqual([1, 2]);
    expect(kept('!(Z < 100)')).toEqual([2, 3]);
  });

  it('refuses what it cannot run, saying why', () => {
    expect(() => parseExpression('Z >')).toThrow('ends early');
    expect(() => parseExpression('Z == Intensity')).toThrow(
      'each comparison must compare one dimension with one number',
    );
    expect(() => parseExpression('Foo > 1')).toThrow('unknown dimension "Foo"');
    expect(() => parseExpression('(Z > 1')).toThrow('a "(" is not closed');
    expect(() => parseExpression('Z * 2 > 1')).toThrow('cannot read "* 2 > 1"');
    expect(() => parseExpression('Z > 1 Z')).toThrow('unexpected "Z"');
  });
});
