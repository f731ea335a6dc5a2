import { skipToken, useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { useCallback } from 'react';
import { listLoadFailed } from '../../components/data-table/table-texts.ts';
import { graphql } from '../../graphql/generated/gql.ts';
import type { BasestationFieldsFragment } from '../../graphql/generated/graphql.ts';

export type BasestationFile = BasestationItem['files'][number];

/** A base station as the Basestation Files screen shows it. */
export type BasestationItem = BasestationFieldsFragment;

export const BASESTATION_FIELDS = graphql(`
  fragment BasestationFields on Basestation {
    id
    projectId
    filename
    s3Url
    status
    statusMessage
    markerName
    point {
      coordinates
    }
    height
    antennaHeight
    interval
    rinexVersion
    startTimestamp
    endTimestamp
    created
    files {
      name
      kind
      rinexVersion
      size
    }
    trajectoryProcessingRuns {
      ...TrajectoryRunFields
    }
  }
`);

const BASESTATIONS_FOR_PROJECT = graphql(`
  query BasestationsForProject($projectId: ID!) {
    basestationsForProject(projectId: $projectId) {
      ...BasestationFields
    }
  }
`);

const UPLOAD_URL = graphql(`
  query BasestationUploadSignedUrl($filename: String!, $size: Float!, $projectId: ID!) {
    getBasestationUploadSignedURL(filename: $filename, size: $size, projectId: $projectId) {
      s3Uri
      uploadUrl
    }
  }
`);

const REGISTER = graphql(`
  mutation RegisterUploadedBasestationFile($projectId: ID!, $filename: String!) {
    registerUploadedBasestationFile(projectId: $projectId, filename: $filename) {
      ...BasestationFields
    }
  }
`);

const DELETE = graphql(`
  mutation DeleteBasestation($id: ID!) {
    deleteBasestation(id: $id)
  }
`);

const REFETCH = ['BasestationsForProject'];

/** The project's base stations with their runs; nothing while no project is chosen. */
export function useProjectBasestations(projectId: string | null) {
  const { data, loading, error, startPolling, stopPolling } = useQuery(
    BASESTATIONS_FOR_PROJECT,
    projectId === null ? skipToken : { variables: { projectId }, fetchPolicy: 'cache-and-network' },
  );
  return {
    basestations: data?.basestationsForProject ?? [],
    loading,
    loadFailed: listLoadFailed(error, data),
    polling: { startPolling, stopPolling },
  };
}

/**
 * Asks where to PUT a base-station zip of `size` bytes for the project (the link takes exactly
 * that many; the zip is stored with the project's organization).
 */
export function useBasestationUploadUrl() {
  const client = useApolloClient();
  return useCallback(
    async (projectId: string, filename: string, size: number) => {
      const result = await client.query({
        query: UPLOAD_URL,
        variables: { filename, size, projectId },
        fetchPolicy: 'network-only',
      });
      const answer = result.data?.getBasestationUploadSignedURL;
      if (!answer) throw new Error(`No upload link for ${filename}`);
      return answer;
    },
    [client],
  );
}

/** Registers an uploaded zip, which queues its processing; the list is fetched again. */
export function useRegisterBasestation() {
  const [mutate] = useMutation(REGISTER, { refetchQueries: REFETCH, awaitRefetchQueries: true });
  return useCallback(
    (projectId: string, filename: string) => mutate({ variables: { projectId, filename } }),
    [mutate],
  );
}

/** Deletes a base station; the server refuses while a run uses it. */
export function useDeleteBasestation() {
  const [mutate] = useMutation(DELETE, {
    refetchQueries: REFETCH,
    awaitRefetchQueries: true,
  });
  return useCallback((id: string) => mutate({ variables: { id } }), [mutate]);
}
