import { gql } from '@apollo/client';
import { useMutation, useQuery } from '@apollo/client/react';
import { useCallback } from 'react';

/** A pipeline as the management screen shows and edits it. */
export interface PipelineItem {
  id: string;
  name: string;
  description: string;
  pipeline: string;
  dependencies: string[];
  global: boolean;
  lastModified: string | null;
  project: { id: string } | null;
}

/** What create and update send; a global pipeline goes with no project id. */
export interface PipelineVariables {
  projectId: string | null;
  name: string;
  description: string;
  pipeline: string;
  dependencies: string[];
  global: boolean;
}

const PIPELINE_FIELDS = gql`
  fragment PipelineFields on Pipeline {
    id
    name
    description
    pipeline
    dependencies
    global
    lastModified
    project {
      id
    }
  }
`;

export const PIPELINES_BY_PROJECT_QUERY = gql`
  query PipelinesByProject($projectId: ID!) {
    pipelineByProject(projectId: $projectId) {
      ...PipelineFields
    }
  }
  ${PIPELINE_FIELDS}
`;

const CREATE_PIPELINE = gql`
  mutation CreatePipeline(
    $projectId: ID
    $name: String
    $description: String
    $pipeline: String
    $dependencies: [String!]
    $global: Boolean
  ) {
    createPipeline(
      projectId: $projectId
      name: $name
      description: $description
      pipeline: $pipeline
      dependencies: $dependencies
      global: $global
    ) {
      ...PipelineFields
    }
  }
  ${PIPELINE_FIELDS}
`;

const UPDATE_PIPELINE = gql`
  mutation UpdatePipeline(
    $id: ID!
    $projectId: ID
    $name: String
    $description: String
    $pipeline: String
    $dependencies: [String!]
    $global: Boolean
  ) {
    updatePipeline(
      id: $id
      projectId: $projectId
      name: $name
      description: $description
      pipeline: $pipeline
      dependencies: $dependencies
      global: $global
    ) {
      ...PipelineFields
    }
  }
  ${PIPELINE_FIELDS}
`;

const DELETE_PIPELINE = gql`
  mutation DeletePipeline($id: ID!) {
    deletePipeline(id: $id)
  }
`;

// After every change the project's list is fetched again (spec §7).
const REFETCH = ['PipelinesByProject'];

/** The pipelines of the project plus every global one; nothing while no project is chosen. */
export function useProjectPipelines(projectId: string | null) {
  const { data, loading } = useQuery<{ pipelineByProject: PipelineItem[] }>(
    PIPELINES_BY_PROJECT_QUERY,
    projectId === null
      ? { skip: true }
      : { variables: { projectId }, fetchPolicy: 'cache-and-network' },
  );
  return { pipelines: data?.pipelineByProject ?? [], loading };
}

export function useCreatePipeline() {
  const [mutate, state] = useMutation<{ createPipeline: PipelineItem }, PipelineVariables>(
    CREATE_PIPELINE,
    { refetchQueries: REFETCH, awaitRefetchQueries: true },
  );
  return { createPipeline: (variables: PipelineVariables) => mutate({ variables }), ...state };
}

export function useUpdatePipeline() {
  const [mutate, state] = useMutation<
    { updatePipeline: PipelineItem },
    PipelineVariables & { id: string }
  >(UPDATE_PIPELINE, { refetchQueries: REFETCH, awaitRefetchQueries: true });
  return {
    updatePipeline: (variables: PipelineVariables & { id: string }) => mutate({ variables }),
    ...state,
  };
}

export function useDeletePipeline() {
  const [mutate, state] = useMutation<{ deletePipeline: boolean }, { id: string }>(
    DELETE_PIPELINE,
    { refetchQueries: REFETCH, awaitRefetchQueries: true },
  );
  const deletePipeline = useCallback((id: string) => mutate({ variables: { id } }), [mutate]);
  return { deletePipeline, ...state };
}
