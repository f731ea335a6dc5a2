import { epsgDefinition } from '@asset-portal/shared';
import {
  buildTransform,
  type CoordinateTransform,
  describeCrs,
} from '../../../../lib/transform/transform-pipeline.ts';
import { type StageDefinition, streamingStage } from '../stage-definition.ts';

/**
 * filters.reprojection: moves X/Y/Z from `in_srs` (default: the scan's CRS) to `out_srs` with
 * the transform module publishing uses (`lib/transform`), applying the definitions' `+towgs84`
 * as PDAL would. A CRS is an EPSG code the portal knows (`epsgDefinition`: UTM on WGS 84, NAD83
 * and its realizations, ETRS89, GDA, …) or proj4js knows, a proj4 string
 * ("+proj=utm +zone=10 +datum=WGS84") or WKT that proj4js parses.
 */

export interface ResolvedSrs {
  /** As given: 'EPSG:26910', or the proj4 string or WKT. */
  text: string;
  /** What the transform module is given. */
  definition: string;
  /** The EPSG code when the CRS was given as one. */
  epsg: number | null;
  geographic: boolean;
}

/** Checks that the transform module understands a CRS; throws with a message naming it. */
export function resolveSrs(text: string): ResolvedSrs {
  const trimmed = text.trim();
  const code = /^EPSG:(\d+)$/i.exec(trimmed);
  const name = code ? `EPSG:${code[1]}` : trimmed;
  const definition = (code && epsgDefinition(Number(code[1]))) || name;
  let geographic: boolean;
  try {
    geographic = describeCrs(definition).geographic;
  } catch {
    throw new Error(
      code
        ? `"${trimmed}" is not an EPSG code the portal knows; give the proj4 string instead`
        : `"${trimmed}" is neither an EPSG code nor a proj4 string or WKT that proj4js understands`,
    );
  }
  return { text: name, definition, epsg: code ? Number(code[1]) : null, geographic };
}

export interface ReprojectionOptions {
  inSrs: ResolvedSrs | null;
  outSrs: ResolvedSrs;
}

function readSrs(
  options: Parameters<StageDefinition<unknown>['parse']>[0],
  name: string,
  required: boolean,
) {
  const text = options.string(name, required);
  if (text === undefined) return null;
  try {
    return resolveSrs(text);
  } catch (error) {
    options.error(name, (error as Error).message);
    return undefined;
  }
}

export const reprojectionStage: StageDefinition<ReprojectionOptions> = {
  type: 'filters.reprojection',
  parse(options) {
    const inSrs = readSrs(options, 'in_srs', false);
    const outSrs = readSrs(options, 'out_srs', true);
    if (inSrs === undefined || !outSrs) return null;
    return { inSrs, outSrs };
  },
  summary: (o) =>
    `reprojects from ${o.inSrs ? o.inSrs.text : "the scan's CRS"} to ${o.outSrs.text}`,
  outputSrs: (o) => o.outSrs.text,
  create(o, setup) {
    const from = o.inSrs?.text ?? setup.srs;
    if (!from) {
      throw new Error('the scan has no coordinate system: give "in_srs"');
    }
    const transform: CoordinateTransform = buildTransform({
      sourceCrs: resolveSrs(from).definition,
      targetProjection: o.outSrs.definition,
      datumShift: 'towgs84',
    });
    return streamingStage((chunk) => {
      transform.arrays(
        chunk.x.subarray(0, chunk.count),
        chunk.y.subarray(0, chunk.count),
        chunk.z.subarray(0, chunk.count),
      );
      return chunk;
    });
  },
};
