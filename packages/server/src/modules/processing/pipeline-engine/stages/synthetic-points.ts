import { type LasDimensionName, lasDimension } from '../../../../lib/las/las-dimensions.ts';
import { makeChunk, type PointChunk } from '../point-chunk.ts';
import { OptionReader, type StageDefinition } from '../stage-definition.ts';

/** Small hand-made point chunks and a stage runner for the stage tests. */

export interface SyntheticPoint {
  x: number;
  y: number;
  z: number;
  [dimension: string]: number;
}

const RECORD_LENGTH: Record<number, number> = { 0: 20, 1: 28, 3: 34, 6: 30, 7: 36 };

/** A chunk of point format `format` (default 1: GPS time, no colour) holding the points. */
export function syntheticChunk(points: SyntheticPoint[], format = 1): PointChunk {
  const recordLength = RECORD_LENGTH[format]!;
  const chunk = makeChunk(
    format,
    recordLength,
    Buffer.alloc(points.length * recordLength),
    Float64Array.from(points, (p) => p.x),
    Float64Array.from(points, (p) => p.y),
    Float64Array.from(points, (p) => p.z),
  );
  for (const [i, point] of points.entries()) {
    for (const [name, value] of Object.entries(point)) {
      if (name === 'x' || name === 'y' || name === 'z') continue;
      lasDimension(name as LasDimensionName, format)!.set(chunk.view, i * recordLength, value);
    }
  }
  return chunk;
}

/** Reads X, Y, Z and the named dimensions of every point of chunks. */
export function pointsOf(chunks: PointChunk[], dimensions: LasDimensionName[] = []) {
  return chunks.flatMap((chunk) =>
    Array.from({ length: chunk.count }, (_, i) => {
      const point: SyntheticPoint = { x: chunk.x[i]!, y: chunk.y[i]!, z: chunk.z[i]! };
      for (const name of dimensions) {
        point[name] = lasDimension(name, chunk.pointFormat)!.get(
          chunk.view,
          i * chunk.recordLength,
        );
      }
      return point;
    }),
  );
}

/** Parses options as the planner does (throws on errors), then pushes the chunks through. */
export function runStage<O>(
  stage: StageDefinition<O>,
  options: Record<string, unknown>,
  chunks: PointChunk[],
  srs: string | null = null,
): PointChunk[] {
  const reader = new OptionReader({ type: stage.type, ...options }, `stage 1 (${stage.type})`);
  const parsed = stage.parse(reader);
  const errors = reader.finish();
  if (parsed === null || errors.length) throw new Error(errors.join('; '));
  const first = chunks[0]!;
  const processor = stage.create(parsed, {
    pointFormat: first.pointFormat,
    srs,
    pointCount: chunks.reduce((n, c) => n + c.count, 0),
    recordLength: first.recordLength,
  });
  const out = chunks.flatMap((chunk) => processor.push(chunk));
  return [...out, ...processor.finish()];
}

/** The errors of a stage's options. */
export function optionErrors<O>(
  stage: StageDefinition<O>,
  options: Record<string, unknown>,
): string[] {
  const reader = new OptionReader({ type: stage.type, ...options }, `stage 1 (${stage.type})`);
  stage.parse(reader);
  return reader.finish();
}
