import { gql } from '@apollo/client';
import { useMutation, useQuery } from '@apollo/client/react';
import { useCallback } from 'react';
import type { UnassignedScanItem } from './unassigned-sessions.ts';

const UNASSIGNED_QUERY = gql`
  query UnassignedScans($organizationId: ID) {
    unassignedScans(organizationId: $organizationId) {
      id
      sessionId
      deviceId
      friendlyName
      capturedTimestamp
      endCapturedTimestamp
    }
  }
`;

const ASSIGN = gql`
  mutation AssignSessionToProject($sessionId: String!, $projectId: ID!) {
    assignSessionToProject(sessionId: $sessionId, projectId: $projectId) {
      sessionId
      projectId
      scanCount
    }
  }
`;

export function useUnassignedScans(organizationId: string | null) {
  const { data, loading } = useQuery<{ unassignedScans: UnassignedScanItem[] }>(
    UNASSIGNED_QUERY,
    organizationId === null
      ? { skip: true }
      : { variables: { organizationId }, fetchPolicy: 'cache-and-network' },
  );
  return { scans: data?.unassignedScans ?? [], loading };
}

export function useAssignSessionToProject() {
  // The project's scan lists now hold the session, so the viewer's lists are refreshed too.
  const [mutate] = useMutation<
    { assignSessionToProject: { sessionId: string; projectId: string; scanCount: number } },
    { sessionId: string; projectId: string }
  >(ASSIGN, {
    refetchQueries: ['UnassignedScans', 'ProjectList'],
    awaitRefetchQueries: true,
  });
  return useCallback(
    (sessionId: string, projectId: string) => mutate({ variables: { sessionId, projectId } }),
    [mutate],
  );
}
