import {
  canonicalDimension,
  dimensionGetter,
  type PointChunk,
  type PointGetter,
  selectPoints,
} from '../point-chunk.ts';
import { type StageDefinition, streamingStage } from '../stage-definition.ts';

/**
 * PDAL's range syntax: `Name[lower:upper]`, `(`/`)` for exclusive bounds, an empty bound for no
 * limit, `!` after the name to negate (`Classification![7:7]`; a `!` before the name, which
 * pipelines of earlier versions of the portal hold, is read the same). As in PDAL, ranges on the
 * same dimension are ORed and ranges on different dimensions are ANDed (so
 * `Classification![7:7], Classification![18:18]` keeps every point: write two filters.range
 * stages to drop both).
 */
export interface DimensionRange {
  dimension: string;
  negate: boolean;
  lower: number;
  upper: number;
  lowerInclusive: boolean;
  upperInclusive: boolean;
  text: string;
}

const RANGE =
  /^\s*(!?)\s*([A-Za-z_][A-Za-z0-9_]*)\s*(!?)\s*([[(])\s*([^:\])]*?)\s*:\s*([^\])]*?)\s*([\])])\s*$/;

/** Parses one range, e.g. 'Classification[2:2]'; throws with a message naming the problem. */
export function parseRange(text: string): DimensionRange {
  const match = RANGE.exec(text);
  if (!match) {
    throw new Error(
      `"${text}" is not a range like "Classification[2:2]", "Z[0:100]" or "Classification![7:7]"`,
    );
  }
  const [, bangBefore, name, bangAfter, open, low, high, close] = match;
  if (bangBefore && bangAfter) throw new Error(`"${text}" is negated twice`);
  const dimension = canonicalDimension(name!);
  if (!dimension) throw new Error(`"${text}" names an unknown dimension "${name}"`);
  const bound = (value: string, fallback: number) => {
    if (value === '') return fallback;
    const number = Number(value);
    if (!Number.isFinite(number))
      throw new Error(`"${text}" has a bound "${value}" that is not a number`);
    return number;
  };
  const lower = bound(low!, Number.NEGATIVE_INFINITY);
  const upper = bound(high!, Number.POSITIVE_INFINITY);
  if (lower > upper) throw new Error(`"${text}" has its lower bound above its upper bound`);
  return {
    dimension,
    negate: Boolean(bangBefore || bangAfter),
    lower,
    upper,
    lowerInclusive: open === '[',
    upperInclusive: close === ']',
    text: text.trim(),
  };
}

/** Splits a PDAL limits string ('A[1:2], B[3:4]') into ranges, commas inside brackets kept. */
export function parseRanges(limits: string): DimensionRange[] {
  const parts = limits.match(/[^,[(]*[[(][^\])]*[\])]|[^,]+/g) ?? [];
  const ranges = parts.map((part) => part.trim()).filter((part) => part !== '');
  if (ranges.length === 0) throw new Error('holds no range');
  return ranges.map(parseRange);
}

function rangeTest(range: DimensionRange, get: PointGetter) {
  const { lower, upper, lowerInclusive, upperInclusive, negate } = range;
  return (chunk: PointChunk, i: number) => {
    const v = get(chunk, i);
    const inside =
      (lowerInclusive ? v >= lower : v > lower) && (upperInclusive ? v <= upper : v < upper);
    return inside !== negate;
  };
}

/** A predicate for a set of ranges (ORed by dimension, ANDed across dimensions). */
export function compileRanges(ranges: DimensionRange[], pointFormat: number) {
  const byDimension = new Map<string, ((chunk: PointChunk, i: number) => boolean)[]>();
  for (const range of ranges) {
    const tests = byDimension.get(range.dimension) ?? [];
    tests.push(rangeTest(range, dimensionGetter(range.dimension, pointFormat)));
    byDimension.set(range.dimension, tests);
  }
  const groups = [...byDimension.values()];
  return (chunk: PointChunk, i: number) =>
    groups.every((tests) => tests.some((test) => test(chunk, i)));
}

/** filters.range: keeps the points inside `limits`. */
export const rangeStage: StageDefinition<{ ranges: DimensionRange[] }> = {
  type: 'filters.range',
  parse(options) {
    const limits = options.string('limits', true);
    if (limits === undefined) return null;
    try {
      return { ranges: parseRanges(limits) };
    } catch (error) {
      options.error('limits', (error as Error).message);
      return null;
    }
  },
  summary: (o) => `keeps points in ${o.ranges.map((r) => r.text).join(', ')}`,
  create(o, setup) {
    const test = compileRanges(o.ranges, setup.pointFormat);
    return streamingStage((chunk) => {
      const keep = new Uint8Array(chunk.count);
      for (let i = 0; i < chunk.count; i++) keep[i] = test(chunk, i) ? 1 : 0;
      return selectPoints(chunk, keep);
    });
  },
};
