/** The Layers screen's view of the API (docs/imported-scans-and-layers.md). */

export interface LayerGroup {
  id: string;
  name: string;
  description: string | null;
  /** null: a global group. */
  projectId: string | null;
  lastModified: string;
}

export interface LayerRow {
  id: string;
  projectId: string;
  name: string;
  comments: string | null;
  /** JSON array of MapLibre style layers without id or source. */
  layers: string;
  ignore: boolean;
  showByDefault: boolean;
  featureCount: number;
  sourceBytes: number;
  vendorId: string | null;
  vendor: { id: string; name: string } | null;
  lastModified: string;
}

/**
 * A layer with its GeoJSON, fetched one at a time for its editor: the list leaves sources out,
 * as a project's layers may hold up to 16 MiB each.
 */
export interface LayerWithSource extends LayerRow {
  /** GeoJSON FeatureCollection as JSON text. */
  source: string;
}

/** What a create or update sends; absent fields stay as they are on update. */
export interface LayerDraft {
  name: string;
  comments: string | null;
  source: string;
  layers: string;
  ignore: boolean;
  showByDefault: boolean;
}
