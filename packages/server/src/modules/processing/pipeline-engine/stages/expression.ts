import {
  canonicalDimension,
  dimensionGetter,
  type PointChunk,
  selectPoints,
} from '../point-chunk.ts';
import { type StageDefinition, streamingStage } from '../stage-definition.ts';

/**
 * PDAL's expression syntax, the subset the engine runs: comparisons of a dimension with a number
 * (==, !=, <, <=, >, >=, either side), joined by && and ||, negated with !, grouped with ( ).
 * Used by filters.expression and by the WHERE clause of filters.assign.
 */

export type Expression =
  | { kind: 'compare'; dimension: string; op: ComparisonOperator; value: number }
  | { kind: 'not'; operand: Expression }
  | { kind: 'and' | 'or'; left: Expression; right: Expression };

type ComparisonOperator = '==' | '!=' | '<' | '<=' | '>' | '>=';

/** A point test compiled for one point format. */
export type PointPredicate = (chunk: PointChunk, i: number) => boolean;

const TOKEN =
  /\s*(&&|\|\||==|!=|<=|>=|<|>|!|\(|\)|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?|[A-Za-z_][A-Za-z0-9_]*)/y;
const FLIPPED: Record<ComparisonOperator, ComparisonOperator> = {
  '==': '==',
  '!=': '!=',
  '<': '>',
  '<=': '>=',
  '>': '<',
  '>=': '<=',
};

function tokenize(text: string): string[] {
  const tokens: string[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text.length) {
    if (/^\s*$/.test(text.slice(TOKEN.lastIndex))) break;
    const at = TOKEN.lastIndex;
    const match = TOKEN.exec(text);
    if (!match) throw new Error(`cannot read "${text.slice(at).trim()}"`);
    tokens.push(match[1]!);
  }
  return tokens;
}

/** Parses an expression; throws an Error whose message says what is wrong. */
export function parseExpression(text: string): Expression {
  const tokens = tokenize(text);
  let at = 0;
  const peek = () => tokens[at];
  const take = () => tokens[at++];
  const isNumber = (token: string | undefined) => token !== undefined && /^[-+.\d]/.test(token);

  const operand = (): { dimension?: string; value?: number } => {
    const token = take();
    if (token === undefined) throw new Error('ends early');
    if (isNumber(token)) return { value: Number(token) };
    if (/^[A-Za-z_]/.test(token)) {
      const dimension = canonicalDimension(token);
      if (!dimension) throw new Error(`unknown dimension "${token}"`);
      return { dimension };
    }
    throw new Error(`expected a dimension or a number, got "${token}"`);
  };
  const primary = (): Expression => {
    if (peek() === '!') {
      take();
      return { kind: 'not', operand: primary() };
    }
    if (peek() === '(') {
      take();
      const inner = or();
      if (take() !== ')') throw new Error('a "(" is not closed');
      return inner;
    }
    const left = operand();
    const op = take();
    if (!op || !(op in FLIPPED)) {
      throw new Error(`expected a comparison (==, !=, <, <=, >, >=), got "${op ?? 'the end'}"`);
    }
    const right = operand();
    if (left.dimension && right.value !== undefined) {
      return {
        kind: 'compare',
        dimension: left.dimension,
        op: op as ComparisonOperator,
        value: right.value,
      };
    }
    if (right.dimension && left.value !== undefined) {
      const flipped = FLIPPED[op as ComparisonOperator];
      return { kind: 'compare', dimension: right.dimension, op: flipped, value: left.value };
    }
    throw new Error('each comparison must compare one dimension with one number');
  };
  const and = (): Expression => {
    let left = primary();
    while (peek() === '&&') {
      take();
      left = { kind: 'and', left, right: primary() };
    }
    return left;
  };
  const or = (): Expression => {
    let left = and();
    while (peek() === '||') {
      take();
      left = { kind: 'or', left, right: and() };
    }
    return left;
  };
  if (tokens.length === 0) throw new Error('is empty');
  const expression = or();
  if (at < tokens.length) throw new Error(`unexpected "${tokens[at]}"`);
  return expression;
}

/** The dimensions an expression reads. */
export function expressionDimensions(expression: Expression): string[] {
  switch (expression.kind) {
    case 'compare':
      return [expression.dimension];
    case 'not':
      return expressionDimensions(expression.operand);
    default:
      return [...expressionDimensions(expression.left), ...expressionDimensions(expression.right)];
  }
}

/** Compiles an expression for a point format (throws when the format lacks a dimension). */
export function compileExpression(expression: Expression, pointFormat: number): PointPredicate {
  switch (expression.kind) {
    case 'compare': {
      const get = dimensionGetter(expression.dimension, pointFormat);
      const v = expression.value;
      switch (expression.op) {
        case '==':
          return (c, i) => get(c, i) === v;
        case '!=':
          return (c, i) => get(c, i) !== v;
        case '<':
          return (c, i) => get(c, i) < v;
        case '<=':
          return (c, i) => get(c, i) <= v;
        case '>':
          return (c, i) => get(c, i) > v;
        case '>=':
          return (c, i) => get(c, i) >= v;
      }
      break;
    }
    case 'not': {
      const inner = compileExpression(expression.operand, pointFormat);
      return (c, i) => !inner(c, i);
    }
    case 'and': {
      const left = compileExpression(expression.left, pointFormat);
      const right = compileExpression(expression.right, pointFormat);
      return (c, i) => left(c, i) && right(c, i);
    }
    case 'or': {
      const left = compileExpression(expression.left, pointFormat);
      const right = compileExpression(expression.right, pointFormat);
      return (c, i) => left(c, i) || right(c, i);
    }
  }
  throw new Error('unreachable');
}

/** Keeps the points of a chunk for which the predicate holds. */
export function keepWhere(chunk: PointChunk, predicate: PointPredicate): Uint8Array {
  const keep = new Uint8Array(chunk.count);
  for (let i = 0; i < chunk.count; i++) keep[i] = predicate(chunk, i) ? 1 : 0;
  return keep;
}

/** filters.expression: keeps the points for which `expression` holds. */
export const expressionStage: StageDefinition<{ text: string; expression: Expression }> = {
  type: 'filters.expression',
  parse(options) {
    const text = options.string('expression', true);
    if (text === undefined) return null;
    try {
      return { text, expression: parseExpression(text) };
    } catch (error) {
      options.error('expression', `${(error as Error).message} in "${text}"`);
      return null;
    }
  },
  summary: (o) => `keeps points where ${o.text}`,
  create(o, setup) {
    const predicate = compileExpression(o.expression, setup.pointFormat);
    return streamingStage((chunk) => selectWhere(chunk, predicate));
  },
};

function selectWhere(chunk: PointChunk, predicate: PointPredicate): PointChunk {
  return selectPoints(chunk, keepWhere(chunk, predicate));
}
