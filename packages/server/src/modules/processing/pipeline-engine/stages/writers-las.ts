import type { AxisSetting } from '../../../../lib/las/las-record-writer.ts';
import type { OptionReader } from '../stage-definition.ts';
import type { AssignOptions } from './assign.ts';
import { checkFilename, isSafeFilename } from './filename.ts';

/**
 * writers.las: uncompressed LAS, LAS 1.4 unless `minor_version` says 2 or 3, the input's point
 * format and records (extra bytes included), full precision: scale and offset are the input's
 * unless given (a number or "auto" per axis); after a reprojection or transformation they default
 * to "auto". LAZ output (compression, a .laz name) is refused: no LAZ encoder exists here.
 */
export interface WriterOptions {
  minorVersion: number;
  /** Per axis; undefined = the input's (or "auto" after a coordinate change). */
  scale: Partial<Record<'x' | 'y' | 'z', AxisSetting>>;
  offset: Partial<Record<'x' | 'y' | 'z', AxisSetting>>;
}

export const LAZ_REFUSED =
  'LAZ output is not available: this engine has no LAZ encoder (laz-perf decodes only); write .las';

function axisSetting(
  options: OptionReader,
  name: string,
  positive: boolean,
): AxisSetting | undefined {
  if (options.has(name) && options.value(name) === 'auto') return 'auto';
  return options.number(name, { positive });
}

export function parseWriterOptions(options: OptionReader): WriterOptions {
  const filename = options.string('filename');
  if (filename !== undefined && isSafeFilename(filename) && /\.laz$/i.test(filename)) {
    options.error('filename', `"${filename}": ${LAZ_REFUSED}`);
  } else if (filename !== undefined) {
    checkFilename(options, filename, ['.las']);
  }
  const compression = options.value('compression');
  if (
    compression !== undefined &&
    compression !== false &&
    compression !== 'false' &&
    compression !== 'none'
  ) {
    options.error('compression', `${JSON.stringify(compression)}: ${LAZ_REFUSED}`);
  }
  const minorVersion = options.number('minor_version', { integer: true }) ?? 4;
  if (![2, 3, 4].includes(minorVersion)) {
    options.error('minor_version', `must be 2, 3 or 4, got ${minorVersion}`);
  }
  const extraDims = options.value('extra_dims');
  if (extraDims !== undefined && extraDims !== 'all') {
    options.error(
      'extra_dims',
      `must be "all" (extra bytes are always kept), got ${JSON.stringify(extraDims)}`,
    );
  }
  const scale: WriterOptions['scale'] = {};
  const offset: WriterOptions['offset'] = {};
  for (const axis of ['x', 'y', 'z'] as const) {
    scale[axis] = axisSetting(options, `scale_${axis}`, true);
    offset[axis] = axisSetting(options, `offset_${axis}`, false);
  }
  return { minorVersion, scale, offset };
}

type FilterLike = { definition: { type: string }; options: unknown };

/** Stages that move every point: after one, scale and offset default to "auto" (the input's
 * may not fit any more). */
export function rescalesPoints(filter: FilterLike): boolean {
  return (
    filter.definition.type === 'filters.reprojection' ||
    filter.definition.type === 'filters.transformation'
  );
}

/** Whether a filter changes X, Y or Z: the records' own X/Y/Z integers are then stale. */
export function movesPoints(filter: FilterLike): boolean {
  if (rescalesPoints(filter)) return true;
  if (filter.definition.type !== 'filters.assign') return false;
  return (filter.options as AssignOptions).assignments.some((a) =>
    ['X', 'Y', 'Z'].includes(a.dimension),
  );
}

export function writerSummary(o: WriterOptions, coordinatesChanged: boolean): string {
  const fallback = coordinatesChanged ? 'auto' : 'input';
  const axes = (setting: WriterOptions['scale']) =>
    (['x', 'y', 'z'] as const).map((a) => setting[a] ?? fallback).join('/');
  return `writes LAS 1.${o.minorVersion}, scale ${axes(o.scale)}, offset ${axes(o.offset)}`;
}
