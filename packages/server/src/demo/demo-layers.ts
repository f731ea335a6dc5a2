import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { convertLayerFile } from '@asset-portal/layer-formats';
import { checkLayerSource, validateLayerStyles } from '@asset-portal/shared';
import type { Db } from '../db/database.ts';
import { projectLayerRepository } from '../modules/project-layers/project-layer.repository.ts';
import { vendorRepository } from '../modules/vendors/vendor.repository.ts';
import type { DemoProjectKey } from './demo-catalog.ts';

/** A demo layer group: a project's, or (project null) global to every organization. */
export interface DemoLayerGroup {
  name: string;
  description: string;
  project: DemoProjectKey | null;
}

/** A demo layer: a file of the fixtures' `layers` folder, converted as an upload would be. */
export interface DemoLayer {
  project: DemoProjectKey;
  file: string;
  name: string;
  comments: string;
  /** The group's name, or null for an ungrouped layer. */
  group: string | null;
  showByDefault: boolean;
  /** Replaces the styles the conversion produced (the editor's predefined styles). */
  styles?: Record<string, unknown>[];
}

export const DEMO_LAYER_GROUPS: DemoLayerGroup[] = [
  {
    name: 'Public boundaries',
    description: 'Administrative boundaries shared by every organization.',
    project: null,
  },
  {
    name: 'Reference areas',
    description: 'Areas the test drives are compared against.',
    project: 'paris',
  },
  { name: 'Road network', description: 'Roads around the test range.', project: 'tokyo' },
];

/** The editor's predefined 'Ditchline' style: a dashed blue line. */
const DITCHLINE_STYLE = [
  {
    type: 'line',
    filter: ['in', ['geometry-type'], ['literal', ['LineString', 'Polygon']]],
    layout: { 'line-cap': 'butt', 'line-join': 'round' },
    paint: { 'line-color': '#1565c0', 'line-width': 3, 'line-dasharray': [2, 1.5] },
  },
];

export const DEMO_LAYERS: DemoLayer[] = [
  {
    project: 'eugene',
    file: 'states.kml',
    name: 'US states',
    comments: 'State outlines with the styles of the KML file.',
    group: 'Public boundaries',
    showByDefault: true,
  },
  {
    project: 'paris',
    file: 'switzerland.geojson',
    name: 'Switzerland',
    comments: 'Country outline.',
    group: 'Reference areas',
    showByDefault: true,
  },
  {
    project: 'paris',
    file: 'iceland.kmz',
    name: 'Iceland regions',
    comments: 'Ungrouped and off until switched on.',
    group: null,
    showByDefault: false,
  },
  {
    project: 'tokyo',
    file: 'roads-seoul.geojson',
    name: 'Seoul roads',
    comments: "Drawn with the predefined 'Ditchline' style.",
    group: 'Road network',
    showByDefault: true,
    styles: DITCHLINE_STYLE,
  },
];

/** A demo layer ready to store. */
export interface ConvertedDemoLayer {
  plan: DemoLayer;
  source: string;
  layers: string;
  featureCount: number;
  sourceBytes: number;
}

/**
 * Converts the demo layer files with the upload's own converter. Without the `layers` folder it
 * returns nothing (the caller warns); a file that fails is left out with a warning.
 */
export async function convertDemoLayers(
  layersDir: string,
  warn: (message: string) => void,
): Promise<ConvertedDemoLayer[]> {
  if (!existsSync(layersDir)) return [];
  const converted: ConvertedDemoLayer[] = [];
  for (const plan of DEMO_LAYERS) {
    try {
      const bytes = new Uint8Array(readFileSync(path.join(layersDir, plan.file)));
      const result = await convertLayerFile(plan.file, bytes);
      const source = JSON.stringify(result.featureCollection);
      const layers = JSON.stringify(plan.styles ?? result.styles);
      const check = checkLayerSource(source);
      if (!check.ok) throw new Error(check.message);
      const styleError = validateLayerStyles(layers);
      if (styleError) throw new Error(styleError);
      converted.push({
        plan,
        source,
        layers,
        featureCount: check.featureCount,
        sourceBytes: check.sourceBytes,
      });
    } catch (error) {
      warn(`Demo data: layer ${plan.file} left out: ${(error as Error).message}`);
    }
  }
  return converted;
}

/** Inserts the groups and the converted layers, each in its group. */
export async function insertDemoLayers(
  db: Db,
  converted: ConvertedDemoLayer[],
  project: (key: DemoProjectKey) => { id: number; organizationId: number },
): Promise<void> {
  if (converted.length === 0) return;
  const groups = new Map<string, number>();
  for (const group of DEMO_LAYER_GROUPS) {
    const id = await vendorRepository.create(db, {
      name: group.name,
      description: group.description,
      projectId: group.project === null ? null : project(group.project).id,
      // Global to every organization, as an Admin creates it.
      organizationId: group.project === null ? null : project(group.project).organizationId,
    });
    groups.set(group.name, id);
  }
  for (const layer of converted) {
    await projectLayerRepository.create(
      db,
      {
        projectId: project(layer.plan.project).id,
        name: layer.plan.name,
        comments: layer.plan.comments,
        source: layer.source,
        layers: layer.layers,
        ignore: false,
        showByDefault: layer.plan.showByDefault,
        featureCount: layer.featureCount,
        sourceBytes: layer.sourceBytes,
      },
      layer.plan.group === null ? null : (groups.get(layer.plan.group) ?? null),
    );
  }
}
