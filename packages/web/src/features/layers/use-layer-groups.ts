import { skipToken, useMutation, useQuery } from '@apollo/client/react';
import { useCallback } from 'react';
import { graphql } from '../../graphql/generated/gql.ts';
import type { GroupLayerChoicesQuery } from '../../graphql/generated/graphql.ts';

/** A project layer as the group dialogs list it: enough to pick it and to show its group. */
export type GroupLayerChoice = GroupLayerChoicesQuery['projectLayers'][number];

export const GROUP_FIELDS = graphql(`
  fragment LayerGroupFields on Vendor {
    id
    name
    description
    projectId
    lastModified
    canChange
  }
`);

export const LAYER_GROUPS_QUERY = graphql(`
  query LayerGroups($projectId: ID) {
    vendors(projectId: $projectId) {
      ...LayerGroupFields
    }
  }
`);

// Without the source: a project's sources may be megabytes each.
export const GROUP_LAYER_CHOICES_QUERY = graphql(`
  query GroupLayerChoices($projectId: ID!) {
    projectLayers(projectId: $projectId) {
      id
      name
      vendorId
      vendor {
        id
        name
      }
    }
  }
`);

const CREATE_GROUP = graphql(`
  mutation CreateLayerGroup($name: String!, $description: String, $projectId: ID) {
    createVendor(name: $name, description: $description, projectId: $projectId) {
      ...LayerGroupFields
    }
  }
`);

const UPDATE_GROUP = graphql(`
  mutation UpdateLayerGroupDetails(
    $id: ID!
    $name: String
    $description: String
    $projectId: ID
  ) {
    updateVendor(id: $id, name: $name, description: $description, projectId: $projectId) {
      ...LayerGroupFields
    }
  }
`);

const DELETE_GROUP = graphql(`
  mutation DeleteLayerGroup($id: ID!) {
    deleteVendor(id: $id)
  }
`);

const ASSIGN_LAYER = graphql(`
  mutation AssignLayerGroup($layerId: ID!, $vendorId: ID) {
    updateLayerGroup(layerId: $layerId, vendorId: $vendorId) {
      id
      vendorId
      vendor {
        id
        name
      }
      lastModified
    }
  }
`);

/**
 * Every list a group change can alter: the groups, the layer choices here and the Layers table
 * (deleting a group ungroups its layers; renaming it renames the table's group rows).
 */
const CHANGES_LISTS = {
  refetchQueries: ['ProjectLayers', 'LayerGroups', 'GroupLayerChoices'],
  awaitRefetchQueries: true,
};

/** The groups usable in the project: its own and the global ones. */
export function useLayerGroups(projectId: string | null) {
  const { data, loading } = useQuery(
    LAYER_GROUPS_QUERY,
    projectId === null ? skipToken : { variables: { projectId }, fetchPolicy: 'cache-and-network' },
  );
  return { groups: data?.vendors ?? [], loading };
}

/** The project's layers with their group, for assigning them. */
export function useGroupLayerChoices(projectId: string | null) {
  const { data, loading } = useQuery(
    GROUP_LAYER_CHOICES_QUERY,
    projectId === null ? skipToken : { variables: { projectId }, fetchPolicy: 'cache-and-network' },
  );
  return { layers: data?.projectLayers ?? [], loading };
}

export interface GroupVariables {
  name: string;
  description: string | null;
  /** null: a global group. */
  projectId: string | null;
}

export function useCreateLayerGroup() {
  const [mutate, state] = useMutation(CREATE_GROUP, CHANGES_LISTS);
  const createGroup = useCallback((variables: GroupVariables) => mutate({ variables }), [mutate]);
  return { createGroup, ...state };
}

export function useUpdateLayerGroup() {
  const [mutate, state] = useMutation(UPDATE_GROUP, CHANGES_LISTS);
  const updateGroup = useCallback(
    (variables: GroupVariables & { id: string }) => mutate({ variables }),
    [mutate],
  );
  return { updateGroup, ...state };
}

export function useDeleteLayerGroup() {
  const [mutate, state] = useMutation(DELETE_GROUP, CHANGES_LISTS);
  const deleteGroup = useCallback((id: string) => mutate({ variables: { id } }), [mutate]);
  return { deleteGroup, ...state };
}

/** Puts a layer in a group, or (vendorId null) takes it out of its group. */
export function useAssignLayerGroup() {
  const [mutate, state] = useMutation(ASSIGN_LAYER, CHANGES_LISTS);
  const assignLayer = useCallback(
    (layerId: string, vendorId: string | null) => mutate({ variables: { layerId, vendorId } }),
    [mutate],
  );
  return { assignLayer, ...state };
}
