import { type BoundingBox, fillPipelinePlaceholders } from '@asset-portal/shared';

/**
 * The bounding-box placeholders of spec §5, as the shared pipeline rules define them:
 * <%xmin%>, <%xmax%>, <%ymin%>, <%ymax%>, <%zmin%>, <%zmax%>. They are replaced by the scan's
 * bounding-box values and the result is parsed as JSON, e.g. a crop with
 * "bounds": "([<%xmin%>, <%xmax%>], [<%ymin%>, <%ymax%>], [<%zmin%>, <%zmax%>])".
 */

const ANY_PLACEHOLDER = /<%([^%]*)%>/g;
const KNOWN = new Set(['xmin', 'xmax', 'ymin', 'ymax', 'zmin', 'zmax']);

export type PlaceholderResult = { ok: true; value: unknown } | { ok: false; errors: string[] };

/** Replaces the placeholders with the bounding box and parses the pipeline JSON. */
export function fillAndParsePipeline(
  text: string,
  boundingBox: BoundingBox | null | undefined,
): PlaceholderResult {
  const used = [...text.matchAll(ANY_PLACEHOLDER)].map((m) => m[1]!);
  const unknown = [...new Set(used.filter((name) => !KNOWN.has(name)))];
  if (unknown.length) {
    return {
      ok: false,
      errors: unknown.map(
        (name) =>
          `Unknown placeholder <%${name}%> (known: <%xmin%>, <%xmax%>, <%ymin%>, <%ymax%>, <%zmin%>, <%zmax%>)`,
      ),
    };
  }
  if (used.length && !boundingBox) {
    return {
      ok: false,
      errors: [
        `The pipeline uses the bounding-box placeholder <%${used[0]}%> but the scan has no bounding box`,
      ],
    };
  }
  const filled = boundingBox ? fillPipelinePlaceholders(text, boundingBox) : text;
  try {
    return { ok: true, value: JSON.parse(filled) };
  } catch (error) {
    return { ok: false, errors: [`The pipeline is not valid JSON: ${(error as Error).message}`] };
  }
}
