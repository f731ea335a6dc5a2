import type {
  PipelineContext,
  PipelinePlan,
  PipelineValidation,
  PlannedFilter,
} from './pipeline-engine.ts';
import { fillAndParsePipeline } from './placeholders.ts';
import { OptionReader } from './stage-definition.ts';
import { parseReaderOptions, type ReaderOptions, readerSummary } from './stages/readers-las.ts';
import {
  FILTER_STAGES,
  READER_TYPE,
  SUPPORTED_STAGE_TYPES,
  WRITER_TYPE,
} from './stages/stage-registry.ts';
import {
  LAZ_REFUSED,
  parseWriterOptions,
  rescalesPoints,
  type WriterOptions,
  writerSummary,
} from './stages/writers-las.ts';

/**
 * Validation and planning of a PDAL JSON pipeline for the built-in engine: the PDAL forms
 * (`{"pipeline": [...]}` or a bare array; stages as objects or filename strings; `tag` and
 * `inputs`), one reader first (implicit when absent), filters, one writer last (implicit when
 * absent), every option checked by its stage. Only linear pipelines: the scan is the one input.
 */

const CHUNK_POINTS = 65_536;

type Result = { ok: true; plan: PipelinePlan } | { ok: false; errors: string[] };

function stageType(element: unknown, index: number, last: number): string | null {
  const filename =
    typeof element === 'string'
      ? element
      : element && typeof element === 'object'
        ? (element as { filename?: unknown }).filename
        : undefined;
  if (element && typeof element === 'object' && 'type' in element) {
    const type = (element as { type: unknown }).type;
    return typeof type === 'string' ? type : null;
  }
  if (typeof filename !== 'string') return null;
  // PDAL infers the driver from the position: a leading file is read, a trailing one written.
  if (index === 0) return READER_TYPE;
  if (index === last) return /\.laz$/i.test(filename) ? 'writers.las(laz)' : WRITER_TYPE;
  return null;
}

/** Validates a pipeline and builds its plan; the errors name the stage and the option. */
export function planPipeline(text: string, context: PipelineContext): Result {
  const parsed = fillAndParsePipeline(text, context.boundingBox);
  if (!parsed.ok) return parsed;
  const root = parsed.value;
  let elements: unknown[];
  if (Array.isArray(root)) {
    elements = root;
  } else if (
    root &&
    typeof root === 'object' &&
    Array.isArray((root as { pipeline?: unknown }).pipeline)
  ) {
    const extra = Object.keys(root).filter((key) => key !== 'pipeline');
    if (extra.length) {
      return {
        ok: false,
        errors: extra.map((key) => `The pipeline's "${key}" key is not supported`),
      };
    }
    elements = (root as { pipeline: unknown[] }).pipeline;
  } else {
    return {
      ok: false,
      errors: ['The pipeline must be a JSON array of stages or an object {"pipeline": [...]}'],
    };
  }
  if (elements.length === 0) return { ok: false, errors: ['The pipeline holds no stage'] };

  const errors: string[] = [];
  let reader: ReaderOptions = { count: null };
  let writer: WriterOptions | null = null;
  const filters: PlannedFilter[] = [];
  let previousTag: string | null = null;
  const last = elements.length - 1;
  for (const [index, element] of elements.entries()) {
    const type = stageType(element, index, last);
    const label = `stage ${index + 1} (${type ?? 'unknown'})`;
    if (type === null) {
      errors.push(
        `stage ${index + 1}: needs a "type" (or a filename as the first or last stage), got ${JSON.stringify(element)}`,
      );
      continue;
    }
    if (type === 'writers.las(laz)') {
      errors.push(`stage ${index + 1} (writers.las): option "filename": ${LAZ_REFUSED}`);
      continue;
    }
    const raw: Record<string, unknown> =
      typeof element === 'string' ? { filename: element } : (element as Record<string, unknown>);
    const options = new OptionReader(raw, label);
    // Linear pipelines only: `inputs`, if given, must name the stage just before.
    const tag = options.value('tag');
    const inputs = options.value('inputs');
    if (tag !== undefined && typeof tag !== 'string') options.error('tag', 'must be a string');
    if (inputs !== undefined) {
      const list = Array.isArray(inputs) ? inputs : [inputs];
      if (list.length !== 1 || list[0] !== previousTag || previousTag === null) {
        options.error(
          'inputs',
          `${JSON.stringify(inputs)}: only linear pipelines are supported (inputs must name the tag of the stage just before)`,
        );
      }
    }
    previousTag = typeof tag === 'string' ? tag : null;
    if (type === READER_TYPE) {
      if (index !== 0)
        options.error('type', 'the reader must be the first stage (the scan is the one input)');
      reader = parseReaderOptions(options);
    } else if (type === WRITER_TYPE) {
      if (index !== last) options.error('type', 'the writer must be the last stage');
      writer = parseWriterOptions(options);
    } else {
      const definition = FILTER_STAGES.get(type);
      if (!definition) {
        errors.push(
          `${label}: stage type "${type}" is not supported by this engine (supported: ${SUPPORTED_STAGE_TYPES.join(', ')})`,
        );
        continue;
      }
      const stageOptions = definition.parse(options);
      if (stageOptions !== null) filters.push({ label, definition, options: stageOptions });
    }
    errors.push(...options.finish());
  }
  if (errors.length) return { ok: false, errors };

  const writerOptions = writer ?? { minorVersion: 4, scale: {}, offset: {} };
  const pointCount = context.pointCount ?? null;
  const recordLength = context.pointRecordLength ?? 34;
  const describe = (memory: ((n: number | null, r: number) => string) | undefined) =>
    memory
      ? memory(pointCount, recordLength)
      : `streams (${CHUNK_POINTS.toLocaleString('en')} points at a time)`;
  const stages = [
    { type: READER_TYPE, summary: readerSummary(reader), memory: describe(undefined) },
    ...filters.map((f) => ({
      type: f.definition.type,
      summary: f.definition.summary(f.options),
      memory: describe(
        f.definition.memory ? (n, r) => f.definition.memory!(f.options, n, r) : undefined,
      ),
    })),
    {
      type: WRITER_TYPE,
      summary: writerSummary(writerOptions, filters.some(rescalesPoints)),
      memory: describe(undefined),
    },
  ];
  return {
    ok: true,
    plan: { stages, reader, filters, writer: writerOptions, context, chunkPoints: CHUNK_POINTS },
  };
}

/** The validation answer of a plan result. */
export function toValidation(result: Result): PipelineValidation {
  if (!result.ok) return result;
  return { ok: true, stages: result.plan.stages.map(({ type, summary }) => ({ type, summary })) };
}
