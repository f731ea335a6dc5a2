import { gql } from '@apollo/client';
import { useMutation, useQuery } from '@apollo/client/react';
import { useCallback } from 'react';

/** An organization with what can be assigned: its devices and its projects. */
export interface AssignmentOrganization {
  id: string;
  name: string;
  devices: { id: string; name: string | null }[];
  projects: { id: string; name: string }[];
}

/** A period during which a device captures for a project; `to` null is open-ended. */
export interface DeviceAssignmentItem {
  id: string;
  deviceId: string;
  projectId: string;
  from: string;
  to: string | null;
  project: { id: string; name: string } | null;
}

/** What create and update send; times are ISO strings in UTC. */
export interface DeviceAssignmentVariables {
  deviceId: string;
  projectId: string;
  from: string;
  to: string | null;
}

const ORGANIZATIONS_QUERY = gql`
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
`;

const ASSIGNMENTS_QUERY = gql`
  query DeviceAssignments($organizationId: ID) {
    deviceAssignments(organizationId: $organizationId) {
      id
      deviceId
      projectId
      from
      to
      project {
        id
        name
      }
    }
  }
`;

const CREATE = gql`
  mutation CreateDeviceAssignment($deviceId: ID!, $projectId: ID!, $from: DateTime!, $to: DateTime) {
    createDeviceAssignment(deviceId: $deviceId, projectId: $projectId, from: $from, to: $to) {
      id
    }
  }
`;

const UPDATE = gql`
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
`;

const DELETE = gql`
  mutation DeleteDeviceAssignment($id: ID!) {
    deleteDeviceAssignment(id: $id)
  }
`;

// The Projects screen's From/To come from these periods, and a changed period moves scans in
// and out of projects, so those lists are refreshed as well.
const AFTER_CHANGE = {
  refetchQueries: ['DeviceAssignments', 'ProjectList', 'UnassignedScans'],
  awaitRefetchQueries: true,
};

export function useAssignmentOrganizations() {
  const { data, loading } = useQuery<{ organizations: AssignmentOrganization[] }>(
    ORGANIZATIONS_QUERY,
    { fetchPolicy: 'cache-and-network' },
  );
  return { organizations: data?.organizations ?? [], loading };
}

export function useDeviceAssignments(organizationId: string | null) {
  const { data, loading } = useQuery<{ deviceAssignments: DeviceAssignmentItem[] }>(
    ASSIGNMENTS_QUERY,
    organizationId === null
      ? { skip: true }
      : { variables: { organizationId }, fetchPolicy: 'cache-and-network' },
  );
  return { assignments: data?.deviceAssignments ?? [], loading };
}

export function useCreateDeviceAssignment() {
  const [mutate] = useMutation<unknown, DeviceAssignmentVariables>(CREATE, AFTER_CHANGE);
  return useCallback((variables: DeviceAssignmentVariables) => mutate({ variables }), [mutate]);
}

export function useUpdateDeviceAssignment() {
  const [mutate] = useMutation<unknown, DeviceAssignmentVariables & { id: string }>(
    UPDATE,
    AFTER_CHANGE,
  );
  return useCallback(
    (id: string, variables: DeviceAssignmentVariables) =>
      mutate({ variables: { ...variables, id } }),
    [mutate],
  );
}

export function useDeleteDeviceAssignment() {
  const [mutate] = useMutation<{ deleteDeviceAssignment: boolean }, { id: string }>(
    DELETE,
    AFTER_CHANGE,
  );
  return useCallback((id: string) => mutate({ variables: { id } }), [mutate]);
}
