/** The Layers screen's view of the API (docs/imported-scans-and-layers.md). */

import type {
  LayerGroupFieldsFragment,
  LayerRowFieldsFragment,
  ProjectLayerQuery,
} from '../../graphql/generated/graphql.ts';

/** A layer group (a Vendor in the API); `projectId` null is a global group. */
export type LayerGroup = LayerGroupFieldsFragment;

/** A layer of the list; `layers` is the JSON array of MapLibre style layers without id or source. */
export type LayerRow = LayerRowFieldsFragment;

/**
 * A layer with its GeoJSON (`source`, a FeatureCollection as JSON text), fetched one at a time
 * for its editor: the list leaves sources out, as a project's layers may hold up to 16 MiB each.
 */
export type LayerWithSource = NonNullable<ProjectLayerQuery['projectLayer']>;

/** What a create or update sends; absent fields stay as they are on update. */
export interface LayerDraft {
  name: string;
  comments: string | null;
  source: string;
  layers: string;
  ignore: boolean;
  showByDefault: boolean;
}
