import { type LasDimensionName, lasDimension } from '../../../../lib/las/las-dimensions.ts';
import { canonicalDimension, MissingDimensionError, type PointChunk } from '../point-chunk.ts';
import { type StageDefinition, streamingStage } from '../stage-definition.ts';
import { compileExpression, type Expression, parseExpression } from './expression.ts';
import { compileRanges, type DimensionRange, parseRange } from './range.ts';

/**
 * filters.assign: sets a dimension to a number. Two PDAL syntaxes: `assignment`
 * ("Classification[:]=2", the range restricting the points by the assigned dimension's own
 * value) with an optional `condition` range, and `value` ("Classification = 2 WHERE Z > 100").
 */

interface Assignment {
  dimension: string;
  value: number;
  /** Points to change: a range on the dimension (assignment) or an expression (value). */
  range: DimensionRange | null;
  where: Expression | null;
  text: string;
}

export interface AssignOptions {
  assignments: Assignment[];
  condition: DimensionRange | null;
}

const ASSIGNMENT =
  /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*(\[[^\]]*\]|\([^)]*\)|\[[^)]*\)|\([^\]]*\])\s*=\s*(\S+)\s*$/;
const VALUE =
  /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)\s*(?:\s(?:WHERE|where)\s(.+))?$/s;

/** Parses "Dim[range]=value". */
export function parseAssignment(text: string): Assignment {
  const match = ASSIGNMENT.exec(text);
  if (!match) throw new Error(`"${text}" is not an assignment like "Classification[:]=2"`);
  const dimension = canonicalDimension(match[1]!);
  if (!dimension) throw new Error(`"${text}" names an unknown dimension "${match[1]}"`);
  const value = Number(match[3]);
  if (!Number.isFinite(value)) throw new Error(`"${text}" assigns "${match[3]}", not a number`);
  const range = parseRange(`${match[1]}${match[2]}`);
  return { dimension, value, range, where: null, text: text.trim() };
}

/** Parses "Dim = value [WHERE expression]". */
export function parseValueAssignment(text: string): Assignment {
  const match = VALUE.exec(text);
  if (!match) {
    throw new Error(`"${text}" is not a value like "Classification = 2 WHERE Z > 100"`);
  }
  const dimension = canonicalDimension(match[1]!);
  if (!dimension) throw new Error(`"${text}" names an unknown dimension "${match[1]}"`);
  const where = match[3] ? parseExpression(match[3]) : null;
  return { dimension, value: Number(match[2]), range: null, where, text: text.trim() };
}

function list(value: unknown): string[] | null {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value;
  return null;
}

type Setter = (chunk: PointChunk, i: number) => void;

function setter(a: Assignment, pointFormat: number): Setter {
  const v = a.value;
  if (a.dimension === 'X')
    return (c, i) => {
      c.x[i] = v;
    };
  if (a.dimension === 'Y')
    return (c, i) => {
      c.y[i] = v;
    };
  if (a.dimension === 'Z')
    return (c, i) => {
      c.z[i] = v;
    };
  const accessor = lasDimension(a.dimension as LasDimensionName, pointFormat);
  if (!accessor) {
    throw new MissingDimensionError(`point format ${pointFormat} has no ${a.dimension} dimension`);
  }
  if (v < accessor.min || v > accessor.max || (accessor.integer && !Number.isInteger(v))) {
    throw new RangeError(
      `"${a.text}": ${a.dimension} of point format ${pointFormat} holds ${accessor.integer ? 'whole numbers' : 'values'} from ${accessor.min} to ${accessor.max}`,
    );
  }
  return (c, i) => accessor.set(c.view, i * c.recordLength, v);
}

export const assignStage: StageDefinition<AssignOptions> = {
  type: 'filters.assign',
  parse(options) {
    const assignments: Assignment[] = [];
    let condition: DimensionRange | null = null;
    for (const [name, parse] of [
      ['assignment', parseAssignment],
      ['value', parseValueAssignment],
    ] as const) {
      const raw = options.value(name);
      if (raw === undefined) continue;
      const texts = list(raw);
      if (!texts) {
        options.error(name, 'must be a string or an array of strings');
        continue;
      }
      for (const text of texts) {
        try {
          assignments.push(parse(text));
        } catch (error) {
          options.error(name, (error as Error).message);
        }
      }
    }
    const conditionText = options.string('condition');
    if (conditionText !== undefined) {
      try {
        condition = parseRange(conditionText);
      } catch (error) {
        options.error('condition', (error as Error).message);
      }
    }
    if (assignments.length === 0 && options.errors.length === 0) {
      options.error('assignment', 'or "value" is required');
    }
    return options.errors.length ? null : { assignments, condition };
  },
  summary: (o) =>
    `sets ${o.assignments.map((a) => a.text).join('; ')}${o.condition ? ` where ${o.condition.text}` : ''}`,
  create(o, setup) {
    const condition = o.condition ? compileRanges([o.condition], setup.pointFormat) : null;
    const steps = o.assignments.map((a) => ({
      set: setter(a, setup.pointFormat),
      test: a.range
        ? compileRanges([a.range], setup.pointFormat)
        : a.where
          ? compileExpression(a.where, setup.pointFormat)
          : null,
    }));
    return streamingStage((chunk) => {
      for (let i = 0; i < chunk.count; i++) {
        if (condition && !condition(chunk, i)) continue;
        for (const step of steps) if (!step.test || step.test(chunk, i)) step.set(chunk, i);
      }
      return chunk;
    });
  },
};
