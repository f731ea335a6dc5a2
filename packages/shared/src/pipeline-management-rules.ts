/** Texts of the Pipeline Management screen (spec §2, §8) shared by the web app and its tests. */
import { DEFAULT_PIPELINE_TAG, PIPELINE_DESCRIPTION_MAX } from './constants.ts';
import { PIPELINE_INVALID_JSON } from './messages.ts';

export const PIPELINE_CREATE_TITLE = 'Create Pipeline';
export const PIPELINE_EDIT_TITLE = 'Edit Pipeline';
export const PIPELINE_DELETE_TITLE = 'Confirm Pipeline Deletion';
export const PIPELINE_GLOBAL_LABEL = 'Global Pipeline';

export function pipelineDeleteMessage(name: string): string {
  return `Are you sure you want to delete pipeline '${name}'?`;
}

export const PIPELINE_CREATED = 'Pipeline created';
export const PIPELINE_UPDATED = 'Pipeline updated';
export const PIPELINE_DELETED = 'Pipeline deleted';

/** What a new pipeline's JSON editor starts with: an empty PDAL stage list. */
export const PIPELINE_JSON_TEMPLATE = '{\n  "pipeline": []\n}';

/**
 * Under the editor when the JSON uses <%xmin%> … without the dependency: such a pipeline is
 * offered for processing even when no bounding box is defined, and then cannot run.
 */
export const PIPELINE_PLACEHOLDERS_NEED_DEPENDENCY = `This pipeline uses the bounding-box placeholders: add the dependency '${DEFAULT_PIPELINE_TAG}', so that it is offered only when a bounding box is defined.`;

/** Heads the built-in engine's errors under the editor; saving stays possible (see PipelineDialog). */
export const PIPELINE_ENGINE_REFUSES = 'The built-in pipeline engine would refuse this pipeline:';
/** Beside such a pipeline's name in the Post Processing dialog's Pipeline select. */
export const PIPELINE_REFUSED_MARK = '(refused by the built-in engine)';

/** Under the editor for a pipeline the built-in engine accepts, e.g. 'readers.las → writers.las'. */
export function pipelineEngineRuns(stageTypes: readonly string[]): string {
  return `The built-in pipeline engine runs: ${stageTypes.join(' → ')}`;
}

/** The description counter, e.g. '12/200'. */
export function pipelineDescriptionCounter(description: string | null | undefined): string {
  return `${(description ?? '').length}/${PIPELINE_DESCRIPTION_MAX}`;
}

/** Where JSON.parse stopped, as 1-based line and column. */
export interface JsonErrorPosition {
  line: number;
  column: number;
}

/** Line and column of a 0-based character offset. */
export function positionOf(text: string, offset: number): JsonErrorPosition {
  const before = text.slice(0, Math.max(0, Math.min(offset, text.length)));
  const lines = before.split('\n');
  return { line: lines.length, column: (lines.at(-1)?.length ?? 0) + 1 };
}

/**
 * The parser's own words without the echoed input and offset: V8 says either
 * "… in JSON at position 7" or "Unexpected token 'x', "<the whole text>" is not valid JSON".
 */
export function shortJsonParserMessage(message: string): string {
  return message
    .replace(/, (\.\.\.)?".*" is not valid JSON$/s, '')
    .replace(/ in JSON at position \d+.*$/s, '')
    .replace(/ at position \d+.*$/s, '')
    .trim()
    .replace(/\n/g, '\\n')
    .replace(/\r/g, '\\r')
    .replace(/\t/g, '\\t');
}

/** The character offset V8 reports in a JSON.parse message, if any. */
export function jsonParserOffset(message: string): number | null {
  const match = /at position (\d+)/.exec(message);
  return match ? Number(match[1]) : null;
}

/**
 * 'Pipeline must be valid JSON: <reason> (line L, column C)' for a JSON text that does not parse,
 * null for valid JSON. `locate` finds the offset when the parser's message does not carry one.
 */
export function describePipelineJsonError(
  text: string,
  locate?: (text: string) => number | null,
): string | null {
  try {
    JSON.parse(text);
    return null;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const offset = jsonParserOffset(message) ?? locate?.(text) ?? null;
    const reason = shortJsonParserMessage(message);
    const where = offset === null ? '' : ` (line ${formatPosition(positionOf(text, offset))})`;
    return `${PIPELINE_INVALID_JSON}: ${reason}${where}`;
  }
}

function formatPosition({ line, column }: JsonErrorPosition): string {
  return `${line}, column ${column}`;
}
