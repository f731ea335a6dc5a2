import { open } from 'node:fs/promises';
import { lasDimension } from '../../../lib/las/las-dimensions.ts';
import {
  assertPointDataComplete,
  LasFormatError,
  readLasHeader,
} from '../../../lib/las/las-header.ts';
import { pointRecordChunks } from '../../../lib/las/las-reader.ts';
import { type AxisSetting, LasRecordWriter } from '../../../lib/las/las-record-writer.ts';
import { readEvlrBytes, readLasPreambleForCopy } from '../../../lib/las/las-rewrite.ts';
import { lasCrsOf } from '../../../lib/transform/crs-wkt.ts';
import {
  type PipelineIo,
  type PipelinePlan,
  PipelineRunError,
  type PipelineRunResult,
} from './pipeline-engine.ts';
import { makeChunk, type PointChunk } from './point-chunk.ts';
import type { StageProcessor } from './stage-definition.ts';
import { resolveSrs } from './stages/reprojection.ts';
import { movesPoints, rescalesPoints } from './stages/writers-las.ts';

/**
 * Runs a plan: the scan's records stream from the reader through each filter to the LAS writer,
 * one chunk at a time; only the neighbour stages hold points (their bound is in the plan).
 */

function stageError(label: string, error: unknown): PipelineRunError {
  const message = error instanceof Error ? error.message : String(error);
  return new PipelineRunError(`${label}: ${message}`, { cause: error });
}

export async function runPipeline(plan: PipelinePlan, io: PipelineIo): Promise<PipelineRunResult> {
  const started = performance.now();
  const input = await open(io.inputPath, 'r');
  let writer: LasRecordWriter | null = null;
  try {
    const header = await readLasHeader(input);
    assertPointDataComplete(header, (await input.stat()).size);
    const total = Math.min(header.pointCount, plan.reader.count ?? Number.POSITIVE_INFINITY);

    // Stages start in order, each learning the CRS its predecessors leave.
    let srs = plan.context.srs;
    const processors: StageProcessor[] = [];
    for (const filter of plan.filters) {
      try {
        processors.push(
          filter.definition.create(filter.options, {
            pointFormat: header.pointFormat,
            srs,
            pointCount: total,
            recordLength: header.pointRecordLength,
          }),
        );
      } catch (error) {
        throw stageError(filter.label, error);
      }
      srs = filter.definition.outputSrs?.(filter.options, srs) ?? srs;
    }
    const reprojected = plan.filters.some((f) => f.definition.type === 'filters.reprojection');
    const coordinatesChanged = plan.filters.some(rescalesPoints);
    const axisSetting = (given: AxisSetting | undefined, input: number): AxisSetting =>
      given ?? (coordinatesChanged ? 'auto' : input);
    const { scale, offset } = plan.writer;
    const output = srs && reprojected ? resolveSrs(srs) : null;
    // The out_srs is named in the output (PROJ's WKT, GeoTIFF keys for a known code).
    const crs = output ? await lasCrsOf(output.text) : null;
    try {
      writer = await LasRecordWriter.create(
        io.outputPath,
        header,
        await readLasPreambleForCopy(input, header),
        await readEvlrBytes(input, header),
        {
          minorVersion: plan.writer.minorVersion,
          scale: {
            x: axisSetting(scale.x, header.scale.x),
            y: axisSetting(scale.y, header.scale.y),
            z: axisSetting(scale.z, header.scale.z),
          },
          offset: {
            x: axisSetting(offset.x, header.offset.x),
            y: axisSetting(offset.y, header.offset.y),
            z: axisSetting(offset.z, header.offset.z),
          },
          projection:
            output && crs ? { epsg: crs.epsg, geographic: output.geographic, wkt: crs.wkt } : null,
        },
      );
    } catch (error) {
      throw stageError('writers.las', error);
    }
    const activeWriter = writer;
    // Unmoved points written at the input's scale and offset keep their X/Y/Z integers as read:
    // the writer skips encoding them again (the same bytes, a third of the writing time).
    const recordsHoldXyz =
      !plan.filters.some(movesPoints) &&
      (['x', 'y', 'z'] as const).every(
        (a) =>
          (scale[a] ?? header.scale[a]) === header.scale[a] &&
          (offset[a] ?? header.offset[a]) === header.offset[a],
      );

    const counts = plan.stages.map((stage) => ({ type: stage.type, pointsIn: 0, pointsOut: 0 }));
    const classOf = lasDimension('Classification', header.pointFormat)!;
    const classCounts = new Float64Array(classOf.max + 1);
    const last = processors.length;
    const feed = async (k: number, chunk: PointChunk): Promise<void> => {
      counts[k + 1]!.pointsIn += chunk.count;
      if (k === last) {
        counts[k + 1]!.pointsOut += chunk.count;
        for (let i = 0, base = 0; i < chunk.count; i++, base += chunk.recordLength) {
          classCounts[classOf.get(chunk.view, base)]! += 1;
        }
        try {
          await activeWriter.write(
            chunk.records,
            chunk.x,
            chunk.y,
            chunk.z,
            chunk.count,
            recordsHoldXyz,
          );
        } catch (error) {
          throw stageError('writers.las', error);
        }
        return;
      }
      let out: PointChunk[];
      try {
        out = processors[k]!.push(chunk);
      } catch (error) {
        throw stageError(plan.filters[k]!.label, error);
      }
      for (const next of out) {
        counts[k + 1]!.pointsOut += next.count;
        await feed(k + 1, next);
      }
    };

    const { scale: s, offset: o, pointRecordLength } = header;
    let read = 0;
    for await (const raw of pointRecordChunks(io.inputPath, header, plan.chunkPoints)) {
      if (io.signal?.aborted) throw io.signal.reason ?? new Error('The pipeline was aborted');
      if (raw.recordLength !== pointRecordLength) {
        throw new LasFormatError(
          `The LAZ decoder gives records of ${raw.recordLength} bytes but the header says ${pointRecordLength}`,
        );
      }
      const count = Math.min(raw.count, total - read);
      if (count <= 0) break;
      const records = Buffer.from(raw.bytes.subarray(0, count * pointRecordLength));
      const x = new Float64Array(count);
      const y = new Float64Array(count);
      const z = new Float64Array(count);
      const view = new DataView(records.buffer, records.byteOffset, records.length);
      for (let i = 0, base = 0; i < count; i++, base += pointRecordLength) {
        x[i] = view.getInt32(base, true) * s.x + o.x;
        y[i] = view.getInt32(base + 4, true) * s.y + o.y;
        z[i] = view.getInt32(base + 8, true) * s.z + o.z;
      }
      counts[0]!.pointsIn += count;
      counts[0]!.pointsOut += count;
      read += count;
      await feed(0, makeChunk(header.pointFormat, pointRecordLength, records, x, y, z));
      io.onProgress?.(read, total);
      if (read >= total) break;
    }
    for (let k = 0; k < last; k++) {
      let held: Iterable<PointChunk>;
      try {
        held = processors[k]!.finish();
        for (const chunk of held) {
          if (io.signal?.aborted) throw io.signal.reason ?? new Error('The pipeline was aborted');
          counts[k + 1]!.pointsOut += chunk.count;
          await feed(k + 1, chunk);
        }
      } catch (error) {
        throw error instanceof PipelineRunError ? error : stageError(plan.filters[k]!.label, error);
      }
    }

    const pointsOut = counts[counts.length - 1]!.pointsOut;
    if (pointsOut === 0)
      throw new PipelineRunError(`The pipeline left no points: ${noPointsReason(plan, counts)}`);
    const summary = await activeWriter.finish().catch((error: unknown) => {
      throw stageError('writers.las', error);
    });
    writer = null;
    return {
      pointsIn: read,
      pointsOut,
      bounds: { min: summary.min, max: summary.max },
      outputBytes: summary.bytes,
      seconds: (performance.now() - started) / 1000,
      srs,
      crsNote: crs?.note ?? null,
      scale: summary.scale,
      offset: summary.offset,
      stages: counts,
      classes: Object.fromEntries(
        [...classCounts.entries()].filter(([, count]) => count > 0),
      ) as Record<number, number>,
    };
  } catch (error) {
    await writer?.abort();
    throw error;
  } finally {
    await input.close();
  }
}

function noPointsReason(
  plan: PipelinePlan,
  counts: { type: string; pointsIn: number; pointsOut: number }[],
): string {
  if (counts[0]!.pointsOut === 0) return 'the input holds no points';
  const index = counts.findIndex((c) => c.pointsIn > 0 && c.pointsOut === 0);
  const stage = counts[index]!;
  const label = plan.filters[index - 1]?.label ?? `stage ${index + 1} (${stage.type})`;
  return `${label} kept 0 of ${stage.pointsIn.toLocaleString('en')} points`;
}
