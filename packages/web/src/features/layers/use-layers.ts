import { skipToken, useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { useCallback } from 'react';
import { listLoadFailed } from '../../components/data-table/table-texts.ts';
import { graphql } from '../../graphql/generated/gql.ts';
import { postWithJsonVariable } from '../../graphql/post-with-json-variable.ts';
import type { LayerDraft } from './layer-types.ts';

export const LAYER_FIELDS = graphql(`
  fragment LayerRowFields on ProjectLayer {
    id
    projectId
    name
    comments
    layers
    ignore
    showByDefault
    featureCount
    sourceBytes
    vendorId
    vendor {
      id
      name
    }
    lastModified
  }
`);

export const PROJECT_LAYERS_QUERY = graphql(`
  query ProjectLayers($projectId: ID!) {
    projectLayers(projectId: $projectId) {
      ...LayerRowFields
    }
  }
`);

export const LAYER_GROUP_CHOICES_QUERY = graphql(`
  query LayerGroupChoices($projectId: ID!) {
    vendors(projectId: $projectId) {
      id
      name
      description
      projectId
      lastModified
    }
  }
`);

export const PROJECT_LAYER_QUERY = graphql(`
  query ProjectLayer($id: ID!) {
    projectLayer(id: $id) {
      ...LayerRowFields
      source
    }
  }
`);

const CREATE_LAYER = graphql(`
  mutation CreateProjectLayer(
    $projectId: ID!
    $name: String!
    $comments: String
    $source: String!
    $layers: String
    $ignore: Boolean
    $showByDefault: Boolean
    $vendorId: ID
  ) {
    createProjectLayer(
      projectId: $projectId
      name: $name
      comments: $comments
      source: $source
      layers: $layers
      ignore: $ignore
      showByDefault: $showByDefault
      vendorId: $vendorId
    ) {
      ...LayerRowFields
    }
  }
`);

const UPDATE_LAYER = graphql(`
  mutation UpdateProjectLayer(
    $id: ID!
    $name: String
    $comments: String
    $source: String
    $layers: String
    $ignore: Boolean
    $showByDefault: Boolean
  ) {
    updateProjectLayer(
      id: $id
      name: $name
      comments: $comments
      source: $source
      layers: $layers
      ignore: $ignore
      showByDefault: $showByDefault
    ) {
      ...LayerRowFields
    }
  }
`);

const DELETE_LAYER = graphql(`
  mutation DeleteProjectLayer($id: ID!) {
    deleteProjectLayer(id: $id)
  }
`);

const UPDATE_LAYER_GROUP = graphql(`
  mutation UpdateLayerGroup($layerId: ID!, $vendorId: ID) {
    updateLayerGroup(layerId: $layerId, vendorId: $vendorId) {
      ...LayerRowFields
    }
  }
`);

/**
 * The table's list is fetched again after every change. The viewer reads the same
 * `projectLayers` field, so it sees the new list too.
 */
const REFETCH = ['ProjectLayers'];
const AFTER_CHANGE = { refetchQueries: REFETCH, awaitRefetchQueries: true } as const;

/** What createProjectLayer sends: the draft plus the project and an optional group. */
export interface NewLayer extends LayerDraft {
  projectId: string;
  vendorId: string | null;
}

/** An uploaded file's layer: its source comes encoded from the conversion worker. */
export type NewUploadedLayer = Omit<NewLayer, 'source'> & { sourceJson: Uint8Array<ArrayBuffer> };

/** The project's layers (hidden ones included); nothing while no project is chosen. */
export function useProjectLayers(projectId: string | null) {
  const { data, loading, error, refetch } = useQuery(
    PROJECT_LAYERS_QUERY,
    projectId === null ? skipToken : { variables: { projectId }, fetchPolicy: 'cache-and-network' },
  );
  return {
    layers: data?.projectLayers ?? [],
    loading,
    loadFailed: listLoadFailed(error, data),
    refetch,
  };
}

/** One layer with its source, fetched fresh each time an editor opens. */
export function useLayerWithSource(id: string | null) {
  const { data, loading, error } = useQuery(
    PROJECT_LAYER_QUERY,
    id === null ? skipToken : { variables: { id }, fetchPolicy: 'network-only' },
  );
  return { layer: data?.projectLayer ?? null, loading, error };
}

/**
 * The groups a layer of the project may join: the project's own and the global ones. Fetched
 * each time a form opens, so groups made in Manage Groups are there.
 */
export function useLayerGroupChoices(projectId: string) {
  const { data, loading } = useQuery(LAYER_GROUP_CHOICES_QUERY, {
    variables: { projectId },
    fetchPolicy: 'network-only',
  });
  return { groups: data?.vendors ?? [], loading };
}

export function useCreateProjectLayer() {
  const client = useApolloClient();
  const [mutate, state] = useMutation(CREATE_LAYER, AFTER_CHANGE);
  const createProjectLayer = useCallback(
    async (layer: NewLayer) => {
      const result = await mutate({ variables: layer });
      if (!result.data) throw new Error('The layer was not created');
      return result.data.createProjectLayer;
    },
    [mutate],
  );
  /** The upload's create: the encoded source goes into the request as it is. */
  const createUploadedLayer = useCallback(
    async ({ sourceJson, ...variables }: NewUploadedLayer) => {
      const data = await postWithJsonVariable(
        CREATE_LAYER,
        { ...variables },
        { name: 'source', json: sourceJson },
      );
      await client.refetchQueries({ include: REFETCH });
      return data.createProjectLayer;
    },
    [client],
  );
  return { createProjectLayer, createUploadedLayer, ...state };
}

export function useUpdateProjectLayer() {
  const [mutate, state] = useMutation(UPDATE_LAYER, AFTER_CHANGE);
  const updateProjectLayer = useCallback(
    async (id: string, changes: Partial<LayerDraft>) => {
      const result = await mutate({ variables: { id, ...changes } });
      if (!result.data) throw new Error('The layer was not updated');
      return result.data.updateProjectLayer;
    },
    [mutate],
  );
  return { updateProjectLayer, ...state };
}

export function useDeleteProjectLayer() {
  const [mutate, state] = useMutation(DELETE_LAYER, AFTER_CHANGE);
  const deleteProjectLayer = useCallback((id: string) => mutate({ variables: { id } }), [mutate]);
  return { deleteProjectLayer, ...state };
}

/** Puts a layer in a group, or ungroups it with `vendorId` null. */
export function useUpdateLayerGroup() {
  const [mutate, state] = useMutation(UPDATE_LAYER_GROUP, AFTER_CHANGE);
  const updateLayerGroup = useCallback(
    (layerId: string, vendorId: string | null) => mutate({ variables: { layerId, vendorId } }),
    [mutate],
  );
  return { updateLayerGroup, ...state };
}
