import { gql } from '@apollo/client';
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { useCallback } from 'react';
import { RUN_FIELDS, type TrajectoryRun } from '../trajectory/use-trajectory.ts';

export interface BasestationFile {
  name: string;
  kind: string;
  rinexVersion: string;
  size: number;
}

/** A base station as the Basestation Files screen shows it. */
export interface BasestationItem {
  id: string;
  projectId: string | null;
  filename: string;
  s3Url: string;
  status: string;
  statusMessage: string | null;
  markerName: string | null;
  point: { coordinates: number[] } | null;
  height: number | null;
  antennaHeight: number | null;
  interval: number | null;
  rinexVersion: string | null;
  startTimestamp: string | null;
  endTimestamp: string | null;
  created: string;
  files: BasestationFile[];
  trajectoryProcessingRuns: TrajectoryRun[];
}

const BASESTATION_FIELDS = gql`
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
  ${RUN_FIELDS}
`;

const BASESTATIONS_FOR_PROJECT = gql`
  query BasestationsForProject($projectId: ID!) {
    basestationsForProject(projectId: $projectId) {
      ...BasestationFields
    }
  }
  ${BASESTATION_FIELDS}
`;

const UPLOAD_URL = gql`
  query BasestationUploadSignedUrl($filename: String!, $size: Float!) {
    getBasestationUploadSignedURL(filename: $filename, size: $size) {
      s3Uri
      uploadUrl
    }
  }
`;

const REGISTER = gql`
  mutation RegisterUploadedBasestationFile($projectId: ID!, $filename: String!) {
    registerUploadedBasestationFile(projectId: $projectId, filename: $filename) {
      ...BasestationFields
    }
  }
  ${BASESTATION_FIELDS}
`;

const DELETE = gql`
  mutation DeleteBasestation($id: ID!) {
    deleteBasestation(id: $id)
  }
`;

const REFETCH = ['BasestationsForProject'];

/** The project's base stations with their runs; nothing while no project is chosen. */
export function useProjectBasestations(projectId: string | null) {
  const { data, loading, startPolling, stopPolling } = useQuery<{
    basestationsForProject: BasestationItem[];
  }>(
    BASESTATIONS_FOR_PROJECT,
    projectId === null
      ? { skip: true }
      : { variables: { projectId }, fetchPolicy: 'cache-and-network' },
  );
  return {
    basestations: data?.basestationsForProject ?? [],
    loading,
    polling: { startPolling, stopPolling },
  };
}

/** Asks where to PUT a base-station zip of `size` bytes (the link takes exactly that many). */
export function useBasestationUploadUrl() {
  const client = useApolloClient();
  return useCallback(
    async (filename: string, size: number) => {
      const result = await client.query<{
        getBasestationUploadSignedURL: { s3Uri: string; uploadUrl: string };
      }>({ query: UPLOAD_URL, variables: { filename, size }, fetchPolicy: 'network-only' });
      const answer = result.data?.getBasestationUploadSignedURL;
      if (!answer) throw new Error(`No upload link for ${filename}`);
      return answer;
    },
    [client],
  );
}

/** Registers an uploaded zip, which queues its processing; the list is fetched again. */
export function useRegisterBasestation() {
  const [mutate] = useMutation<
    { registerUploadedBasestationFile: BasestationItem },
    { projectId: string; filename: string }
  >(REGISTER, { refetchQueries: REFETCH, awaitRefetchQueries: true });
  return useCallback(
    (projectId: string, filename: string) => mutate({ variables: { projectId, filename } }),
    [mutate],
  );
}

/** Deletes a base station; the server refuses while a run uses it. */
export function useDeleteBasestation() {
  const [mutate] = useMutation<{ deleteBasestation: boolean }, { id: string }>(DELETE, {
    refetchQueries: REFETCH,
    awaitRefetchQueries: true,
  });
  return useCallback((id: string) => mutate({ variables: { id } }), [mutate]);
}
