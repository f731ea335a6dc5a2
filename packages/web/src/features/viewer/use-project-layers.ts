import { useQuery } from '@apollo/client/react';
import { useMemo } from 'react';
import { graphql } from '../../graphql/generated/gql.ts';
import { listedLayers, type ViewerProjectLayer } from './project-layer-rules.ts';

export const PROJECT_LAYERS_QUERY = graphql(`
  query ViewerProjectLayers($projectId: ID!) {
    projectLayers(projectId: $projectId) {
      id
      name
      source
      layers
      ignore
      showByDefault
    }
  }
`);

/** The project's layers the viewer lists: not ignored, sorted by name. */
export function useProjectLayers(projectId: string | null): {
  layers: ViewerProjectLayer[];
  loaded: boolean;
} {
  const { data } = useQuery(PROJECT_LAYERS_QUERY, {
    variables: { projectId: projectId ?? '' },
    skip: projectId === null,
  });
  const rows = data?.projectLayers;
  const layers = useMemo(() => listedLayers(rows ?? []), [rows]);
  return { layers, loaded: rows !== undefined };
}
