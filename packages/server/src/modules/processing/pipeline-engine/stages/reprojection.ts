import proj4 from 'proj4';
import type { PointChunk } from '../point-chunk.ts';
import { type StageDefinition, streamingStage } from '../stage-definition.ts';

/**
 * filters.reprojection: moves X/Y/Z from `in_srs` (default: the scan's CRS) to `out_srs` with
 * proj4js. A CRS is an EPSG code proj4js knows ("EPSG:4326", "EPSG:32610", …), a proj4 string
 * ("+proj=utm +zone=10 +datum=WGS84") or WKT that proj4js parses.
 */

export interface ResolvedSrs {
  text: string;
  /** The EPSG code when the CRS was given as one (the writer records it as GeoTIFF keys). */
  epsg: number | null;
  geographic: boolean;
}

/** Checks that proj4js understands a CRS; throws with a message naming it otherwise. */
export function resolveSrs(text: string): ResolvedSrs {
  const trimmed = text.trim();
  const code = /^EPSG:(\d+)$/i.exec(trimmed);
  const name = code ? `EPSG:${code[1]}` : trimmed;
  let projection: { oProj?: { projName?: string } } | undefined;
  try {
    projection = proj4(name) as unknown as { oProj?: { projName?: string } };
  } catch {
    projection = undefined;
  }
  if (!projection?.oProj) {
    throw new Error(
      code
        ? `"${trimmed}" is not an EPSG code known to proj4js; give the proj4 string instead`
        : `"${trimmed}" is neither an EPSG code nor a proj4 string or WKT that proj4js understands`,
    );
  }
  return {
    text: name,
    epsg: code ? Number(code[1]) : null,
    geographic: projection.oProj.projName === 'longlat',
  };
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
    const fromText = resolveSrs(from).text;
    const converter = proj4(fromText, o.outSrs.text);
    const exact = (x: number, y: number, z: number) => converter.forward({ x, y, z });
    const fast = directTransform(fromText, o.outSrs.text);
    let checked = fast === null;
    let transform: Transform = exact;
    return streamingStage((chunk) => {
      const { x, y, z } = chunk;
      if (!checked && fast) {
        checked = true;
        if (agrees(fast, exact, chunk)) transform = fast;
      }
      for (let i = 0; i < chunk.count; i++) {
        const out = transform(x[i]!, y[i]!, z[i]!);
        x[i] = out.x;
        y[i] = out.y;
        z[i] = out.z ?? z[i]!;
      }
      return chunk;
    });
  },
};

type Transform = (x: number, y: number, z: number) => { x: number; y: number; z?: number };

interface ProjectionObject {
  projName?: string;
  datum?: { datum_type: number };
  a: number;
  es: number;
  to_meter?: number;
  from_greenwich?: number;
  long_wrap?: number;
  axis?: string;
  forward(p: { x: number; y: number }): { x: number; y: number };
  inverse(p: { x: number; y: number }): { x: number; y: number };
}

const PJD_WGS84 = 4;
const D2R = Math.PI / 180;
const R2D = 180 / Math.PI;

/**
 * proj4js's own projection functions called without its per-point wrapper (which clones the
 * point and checks datums each time), for the common case of two CRSs on the same WGS84 datum,
 * metres or degrees, east-north axes. Null when the case does not apply; the stage checks it
 * against the exact path on the first chunk before using it.
 */
function directTransform(fromText: string, toText: string): Transform | null {
  const Proj = (proj4 as unknown as { Proj: new (text: string) => ProjectionObject }).Proj;
  const from = new Proj(fromText);
  const to = new Proj(toText);
  const plain = (p: ProjectionObject) =>
    p.datum?.datum_type === PJD_WGS84 &&
    !p.from_greenwich &&
    (p.to_meter === undefined || p.to_meter === 1) &&
    p.long_wrap === undefined &&
    (p.axis === undefined || p.axis === 'enu');
  if (!plain(from) || !plain(to) || from.a !== to.a || from.es !== to.es) return null;
  const fromGeographic = from.projName === 'longlat';
  const toGeographic = to.projName === 'longlat';
  const point = { x: 0, y: 0 };
  const result = { x: 0, y: 0 };
  if (!fromGeographic && toGeographic) {
    return (x, y) => {
      point.x = x;
      point.y = y;
      const p = from.inverse(point);
      result.x = p.x * R2D;
      result.y = p.y * R2D;
      return result;
    };
  }
  if (fromGeographic && !toGeographic) {
    return (x, y) => {
      point.x = x * D2R;
      point.y = y * D2R;
      const p = to.forward(point);
      result.x = p.x;
      result.y = p.y;
      return result;
    };
  }
  if (!fromGeographic && !toGeographic) {
    return (x, y) => {
      point.x = x;
      point.y = y;
      const p = to.forward(from.inverse(point));
      result.x = p.x;
      result.y = p.y;
      return result;
    };
  }
  return null;
}

/** True when the direct path gives the exact path's answer on a sample of the chunk. */
function agrees(fast: Transform, exact: Transform, chunk: PointChunk): boolean {
  const step = Math.max(1, Math.floor(chunk.count / 16));
  for (let i = 0; i < chunk.count; i += step) {
    const a = { ...fast(chunk.x[i]!, chunk.y[i]!, chunk.z[i]!) };
    const b = exact(chunk.x[i]!, chunk.y[i]!, chunk.z[i]!);
    if (!(Math.abs(a.x - b.x) <= 1e-12 * Math.max(1, Math.abs(b.x)))) return false;
    if (!(Math.abs(a.y - b.y) <= 1e-12 * Math.max(1, Math.abs(b.y)))) return false;
  }
  return true;
}
