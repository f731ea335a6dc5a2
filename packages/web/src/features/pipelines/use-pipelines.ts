import { skipToken, useMutation, useQuery } from '@apollo/client/react';
import { useCallback } from 'react';
import { listLoadFailed } from '../../components/data-table/table-texts.ts';
import { graphql } from '../../graphql/generated/gql.ts';
import type { PipelineFieldsFragment } from '../../graphql/generated/graphql.ts';

/** A pipeline as the management screen shows and edits it. */
export type PipelineItem = PipelineFieldsFragment;

/** What create and update send; a global pipeline goes with no project id. */
export interface PipelineVariables {
  projectId: string | null;
  name: string;
  description: string;
  pipeline: string;
  dependencies: string[];
  global: boolean;
}

export const PIPELINE_FIELDS = graphql(`
  fragment PipelineFields on Pipeline {
    id
    name
    description
    pipeline
    dependencies
    global
    lastModified
    engineErrors
    project {
      id
    }
  }
`);

export const PIPELINES_BY_PROJECT_QUERY = graphql(`
  query PipelinesByProject($projectId: ID!) {
    pipelineByProject(projectId: $projectId) {
      ...PipelineFields
    }
  }
`);

const CREATE_PIPELINE = graphql(`
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
`);

const UPDATE_PIPELINE = graphql(`
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
`);

const DELETE_PIPELINE = graphql(`
  mutation DeletePipeline($id: ID!) {
    deletePipeline(id: $id)
  }
`);

// After every change the project's list is fetched again (spec §7).
const REFETCH = ['PipelinesByProject'];

/** The pipelines of the project plus every global one; nothing while no project is chosen. */
export function useProjectPipelines(projectId: string | null) {
  const { data, loading, error } = useQuery(
    PIPELINES_BY_PROJECT_QUERY,
    projectId === null ? skipToken : { variables: { projectId }, fetchPolicy: 'cache-and-network' },
  );
  return {
    pipelines: data?.pipelineByProject ?? [],
    loading,
    loadFailed: listLoadFailed(error, data),
  };
}

export function useCreatePipeline() {
  const [mutate, state] = useMutation(CREATE_PIPELINE, {
    refetchQueries: REFETCH,
    awaitRefetchQueries: true,
  });
  return { createPipeline: (variables: PipelineVariables) => mutate({ variables }), ...state };
}

export function useUpdatePipeline() {
  const [mutate, state] = useMutation(UPDATE_PIPELINE, {
    refetchQueries: REFETCH,
    awaitRefetchQueries: true,
  });
  return {
    updatePipeline: (variables: PipelineVariables & { id: string }) => mutate({ variables }),
    ...state,
  };
}

export function useDeletePipeline() {
  const [mutate, state] = useMutation(DELETE_PIPELINE, {
    refetchQueries: REFETCH,
    awaitRefetchQueries: true,
  });
  const deletePipeline = useCallback((id: string) => mutate({ variables: { id } }), [mutate]);
  return { deletePipeline, ...state };
}
