import { skipToken, useMutation, useQuery } from '@apollo/client/react';
import { useCallback } from 'react';
import { listLoadFailed } from '../../components/data-table/table-texts.ts';
import { graphql } from '../../graphql/generated/gql.ts';
import type {
  AssignmentOrganizationsQuery,
  DeviceAssignmentsQuery,
} from '../../graphql/generated/graphql.ts';

/** An organization with what can be assigned: its devices and its projects. */
export type AssignmentOrganization = AssignmentOrganizationsQuery['organizations'][number];

/** A period during which a device captures for a project; `to` null is open-ended. */
export type DeviceAssignmentItem = DeviceAssignmentsQuery['deviceAssignments'][number];

/** What create and update send; times are ISO strings in UTC. */
export interface DeviceAssignmentVariables {
  deviceId: string;
  projectId: string;
  from: string;
  to: string | null;
}

const ORGANIZATIONS_QUERY = graphql(`
  query AssignmentOrganizations {
    organizations {
      id
      name
      devices {
        id
        name
      }
      projects {
        id
        name
      }
    }
  }
`);

const ASSIGNMENTS_QUERY = graphql(`
  query DeviceAssignments($organizationId: ID) {
    deviceAssignments(organizationId: $organizationId) {
      id
      deviceId
      projectId
      from
      to
      placedSessions
      project {
        id
        name
      }
    }
  }
`);

const CREATE = graphql(`
  mutation CreateDeviceAssignment($deviceId: ID!, $projectId: ID!, $from: DateTime!, $to: DateTime) {
    createDeviceAssignment(deviceId: $deviceId, projectId: $projectId, from: $from, to: $to) {
      id
    }
  }
`);

const UPDATE = graphql(`
  mutation UpdateDeviceAssignment(
    $id: ID!
    $deviceId: ID!
    $projectId: ID!
    $from: DateTime!
    $to: DateTime
  ) {
    updateDeviceAssignment(
      id: $id
      deviceId: $deviceId
      projectId: $projectId
      from: $from
      to: $to
    ) {
      id
    }
  }
`);

const DELETE = graphql(`
  mutation DeleteDeviceAssignment($id: ID!) {
    deleteDeviceAssignment(id: $id)
  }
`);

// The Projects screen's From/To come from these periods, and a changed period moves scans in
// and out of projects, so those lists are refreshed as well.
const AFTER_CHANGE = {
  refetchQueries: ['DeviceAssignments', 'ProjectList', 'UnassignedScans'],
  awaitRefetchQueries: true,
};

export function useAssignmentOrganizations() {
  const { data, loading } = useQuery(ORGANIZATIONS_QUERY, { fetchPolicy: 'cache-and-network' });
  return { organizations: data?.organizations ?? [], loading };
}

export function useDeviceAssignments(organizationId: string | null) {
  const { data, loading, error } = useQuery(
    ASSIGNMENTS_QUERY,
    organizationId === null
      ? skipToken
      : { variables: { organizationId }, fetchPolicy: 'cache-and-network' },
  );
  return {
    assignments: data?.deviceAssignments ?? [],
    loading,
    loadFailed: listLoadFailed(error, data),
  };
}

export function useCreateDeviceAssignment() {
  const [mutate] = useMutation(CREATE, AFTER_CHANGE);
  return useCallback((variables: DeviceAssignmentVariables) => mutate({ variables }), [mutate]);
}

export function useUpdateDeviceAssignment() {
  const [mutate] = useMutation(UPDATE, AFTER_CHANGE);
  return useCallback(
    (id: string, variables: DeviceAssignmentVariables) =>
      mutate({ variables: { ...variables, id } }),
    [mutate],
  );
}

export function useDeleteDeviceAssignment() {
  const [mutate] = useMutation(DELETE, AFTER_CHANGE);
  return useCallback((id: string) => mutate({ variables: { id } }), [mutate]);
}
