import { type PointChunk, PointStore } from './point-chunk.ts';

/**
 * What every filter stage of the built-in engine provides: option parsing (which is also the
 * list of honoured options: any option a stage does not read is refused), a summary for the
 * plan, its memory bound if it holds points, and the chunk processor that runs it.
 */

/** A running stage: takes chunks, gives chunks (a streaming stage gives as it takes). */
export interface StageProcessor {
  push(chunk: PointChunk): PointChunk[];
  /** Called once after the last chunk: a stage that holds points gives them here. */
  finish(): Iterable<PointChunk>;
}

/** A stage processor from a pure chunk transform (null drops the chunk). */
export function streamingStage(
  transform: (chunk: PointChunk) => PointChunk | null,
): StageProcessor {
  return {
    push(chunk) {
      const out = transform(chunk);
      return out && out.count > 0 ? [out] : [];
    },
    finish: () => [],
  };
}

/**
 * A stage processor that holds every point (the neighbour stages) and gives them out after the
 * last chunk, through `finish` with the points held.
 */
export function holdingStage(finish: (store: PointStore) => Iterable<PointChunk>): StageProcessor {
  const store = new PointStore();
  return {
    push(chunk) {
      store.add(chunk);
      return [];
    },
    finish: () => finish(store),
  };
}

/** What a stage knows when it starts: the point format of the records and the current CRS. */
export interface StageSetup {
  pointFormat: number;
  /** proj4 text (or EPSG code) of the coordinates the stage receives; null when unknown. */
  srs: string | null;
  /** Points in the input, for memory estimates. */
  pointCount: number;
  recordLength: number;
}

/** Options keys every stage may carry, as PDAL pipelines do. */
const COMMON_KEYS = new Set(['type', 'tag', 'inputs']);

/**
 * Reads a stage's options and collects errors that name the stage and the option. Any option
 * left unread by the stage is refused by `finish`.
 */
export class OptionReader {
  readonly errors: string[] = [];
  private readonly read = new Set<string>(COMMON_KEYS);

  constructor(
    private readonly raw: Record<string, unknown>,
    /** e.g. 'stage 2 (filters.range)'. */
    readonly label: string,
  ) {}

  /** Records an error about an option. */
  error(name: string, message: string): void {
    this.errors.push(`${this.label}: option "${name}" ${message}`);
  }

  /** The raw value of an option (marks it as honoured). */
  value(name: string): unknown {
    this.read.add(name);
    return this.raw[name];
  }

  has(name: string): boolean {
    return this.raw[name] !== undefined;
  }

  string(name: string, required = false): string | undefined {
    const value = this.value(name);
    if (value === undefined) {
      if (required) this.error(name, 'is required');
      return undefined;
    }
    if (typeof value !== 'string') {
      this.error(name, 'must be a string');
      return undefined;
    }
    return value;
  }

  /** A number, given as a JSON number or a numeric string (PDAL accepts both). */
  number(
    name: string,
    rules: { min?: number; positive?: boolean; integer?: boolean; required?: boolean } = {},
  ): number | undefined {
    const value = this.value(name);
    if (value === undefined) {
      if (rules.required) this.error(name, 'is required');
      return undefined;
    }
    const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
    if (typeof number !== 'number' || !Number.isFinite(number)) {
      this.error(name, `must be a number, got ${JSON.stringify(value)}`);
      return undefined;
    }
    if (rules.integer && !Number.isInteger(number)) {
      this.error(name, `must be a whole number, got ${number}`);
      return undefined;
    }
    if (rules.positive && !(number > 0)) {
      this.error(name, `must be greater than 0, got ${number}`);
      return undefined;
    }
    if (rules.min !== undefined && number < rules.min) {
      this.error(name, `must be at least ${rules.min}, got ${number}`);
      return undefined;
    }
    return number;
  }

  /** A boolean, given as true/false or "true"/"false". */
  boolean(name: string): boolean | undefined {
    const value = this.value(name);
    if (value === undefined) return undefined;
    if (value === true || value === 'true') return true;
    if (value === false || value === 'false') return false;
    this.error(name, `must be true or false, got ${JSON.stringify(value)}`);
    return undefined;
  }

  /** Refuses every option the stage did not read; returns the errors of the stage. */
  finish(): string[] {
    for (const name of Object.keys(this.raw)) {
      if (!this.read.has(name)) {
        this.errors.push(`${this.label}: option "${name}" is not supported by this engine`);
      }
    }
    return this.errors;
  }
}

/** A filter stage of the built-in engine. */
export interface StageDefinition<O> {
  type: string;
  /** Reads and checks the options (errors go to the reader); null when they are invalid. */
  parse(options: OptionReader): O | null;
  /** One line for the plan, e.g. 'keeps Classification in [2, 2]'. */
  summary(options: O): string;
  /** For stages that hold points: their memory bound for an input of `pointCount` points. */
  memory?(options: O, pointCount: number | null, recordLength: number): string;
  /** The CRS of the stage's output (reprojection changes it). */
  outputSrs?(options: O, inputSrs: string | null): string | null;
  /** Errors known only once the input is open (e.g. a dimension the point format lacks). */
  create(options: O, setup: StageSetup): StageProcessor;
}

/** 'holds up to N points in memory (~M MB)'; N is the input's count, when known. */
export function holdsUpTo(points: number | null, bytesPerPoint: number, what = 'points'): string {
  if (points === null) {
    return `holds in memory up to one entry (${what}) per input point, ~${bytesPerPoint} bytes each`;
  }
  const mb = Math.ceil((points * bytesPerPoint) / 1e6);
  return `holds up to ${points.toLocaleString('en')} ${what} in memory (~${mb} MB)`;
}
