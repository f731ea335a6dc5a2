import fs from 'node:fs';
import { z } from 'zod';

const demTileset = z
  .object({
    name: z.string().default(''),
    /** Tile addresses; `{key}` takes the project's map access key. */
    tiles: z.array(z.string().min(1)).min(1),
    encoding: z.enum(['terrarium', 'mapbox']).default('terrarium'),
    tileSize: z.number().int().positive().default(256),
    maxzoom: z.number().int().min(0).max(24).default(15),
  })
  .strict();

/**
 * One project's map settings (spec §3 'Per-project map configuration'). Every field is meant
 * for the browser: the map access key is a public, browser-side key of the tile provider.
 */
export const projectMapSettingsSchema = z
  .object({
    accessKey: z.string().min(1).nullable().default(null),
    hillshade: demTileset.nullable().default(null),
    terrain: demTileset.nullable().default(null),
    customTerrainSources: z.array(demTileset).default([]),
    hillshadePaint: z.record(z.string(), z.unknown()).default({}),
    terrainExaggeration: z.number().positive().max(100).default(2),
    maxDetailZoom: z.union([z.literal(22), z.literal(24)]).default(22),
    pointCloud: z
      .object({
        attribute: z.string().min(1).default('elevation'),
        gradient: z.string().min(1).default('YELLOW_GREEN'),
      })
      .strict()
      .default({ attribute: 'elevation', gradient: 'YELLOW_GREEN' }),
    center: z
      .object({
        lon: z.number().min(-180).max(180),
        lat: z.number().min(-90).max(90),
        zoom: z.number().min(0).max(24).default(3),
      })
      .strict()
      .default({ lon: -100, lat: 50, zoom: 3 }),
  })
  .strict();

export type ProjectMapSettings = z.infer<typeof projectMapSettingsSchema>;

/** The file: project id → settings. */
export const projectMapFileSchema = z.record(
  z.string().regex(/^\d+$/, 'keys must be project ids'),
  projectMapSettingsSchema,
);

/** Reads and checks the file; the error names the first problem and where it is. */
export function readProjectMapConfig(file: string): Record<string, ProjectMapSettings> {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`cannot read ${file}: ${(error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`${file} is not JSON: ${(error as Error).message}`);
  }
  const parsed = projectMapFileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? issue.path.join('.') : '(top level)';
    // A bad key's own message says what a key must be.
    const inner = issue && 'issues' in issue ? issue.issues[0]?.message : undefined;
    throw new Error(`${file}: ${where}: ${inner ?? issue?.message ?? 'invalid'}`);
  }
  return parsed.data;
}
