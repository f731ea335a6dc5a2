import { skipToken, useMutation, useQuery } from '@apollo/client/react';
import { useCallback } from 'react';
import { graphql } from '../../graphql/generated/gql.ts';

const UNASSIGNED_QUERY = graphql(`
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
`);

const ASSIGN = graphql(`
  mutation AssignSessionToProject($sessionId: String!, $projectId: ID!) {
    assignSessionToProject(sessionId: $sessionId, projectId: $projectId) {
      sessionId
      projectId
      scanCount
    }
  }
`);

export function useUnassignedScans(organizationId: string | null) {
  const { data, loading } = useQuery(
    UNASSIGNED_QUERY,
    organizationId === null
      ? skipToken
      : { variables: { organizationId }, fetchPolicy: 'cache-and-network' },
  );
  return { scans: data?.unassignedScans ?? [], loading };
}

export function useAssignSessionToProject() {
  // The project's scan lists now hold the session, so the viewer's lists are refreshed too.
  const [mutate] = useMutation(ASSIGN, {
    refetchQueries: ['UnassignedScans', 'ProjectList'],
    awaitRefetchQueries: true,
  });
  return useCallback(
    (sessionId: string, projectId: string) => mutate({ variables: { sessionId, projectId } }),
    [mutate],
  );
}
