import { useMutation, useQuery } from '@apollo/client/react';
import { useCallback } from 'react';
import { listLoadFailed } from '../../components/data-table/table-texts.ts';
import { graphql } from '../../graphql/generated/gql.ts';
import type {
  DeviceOptionsQuery,
  OrganizationsAdminQuery,
} from '../../graphql/generated/graphql.ts';

/** An organization as the Organizations screen lists it. */
export type OrganizationItem = OrganizationsAdminQuery['organizations'][number];

/** A device with the organization holding it (null: free). */
export type DeviceOption = DeviceOptionsQuery['devices'][number];

export interface OrganizationVariables {
  name: string;
  deviceIds: string[];
}

export const ORGANIZATIONS_ADMIN_QUERY = graphql(`
  query OrganizationsAdmin {
    organizations {
      id
      name
      devices {
        id
        name
      }
      buckets {
        id
        name
      }
    }
  }
`);

const DEVICES_QUERY = graphql(`
  query DeviceOptions {
    devices {
      id
      name
      organization {
        id
        name
      }
    }
  }
`);

const CREATE_ORGANIZATION = graphql(`
  mutation CreateOrganization($name: String!, $deviceIds: [ID!]) {
    createOrganization(name: $name, deviceIds: $deviceIds) {
      id
      name
    }
  }
`);

const UPDATE_ORGANIZATION = graphql(`
  mutation UpdateOrganization($id: ID!, $name: String!, $deviceIds: [ID!]) {
    updateOrganization(id: $id, name: $name, deviceIds: $deviceIds) {
      id
      name
    }
  }
`);

const DELETE_ORGANIZATION = graphql(`
  mutation DeleteOrganization($id: ID!) {
    deleteOrganization(id: $id)
  }
`);

// Device ownership changes with every save, so both lists are fetched again.
export const ORGANIZATION_REFETCH = ['OrganizationsAdmin', 'DeviceOptions'];

/** Every organization with its devices and buckets (the screen is Admin only). */
export function useOrganizations() {
  const { data, loading, error } = useQuery(ORGANIZATIONS_ADMIN_QUERY, {
    fetchPolicy: 'cache-and-network',
  });
  return {
    organizations: data?.organizations ?? [],
    loading,
    loadFailed: listLoadFailed(error, data),
  };
}

/** Every device and who holds it, for the assignment select. */
export function useDeviceOptions() {
  const { data, loading } = useQuery(DEVICES_QUERY, {
    fetchPolicy: 'cache-and-network',
  });
  return { devices: data?.devices ?? [], loading };
}

export function useCreateOrganization() {
  const [mutate] = useMutation(CREATE_ORGANIZATION, {
    refetchQueries: ORGANIZATION_REFETCH,
    awaitRefetchQueries: true,
  });
  return {
    createOrganization: async (variables: OrganizationVariables) =>
      (await mutate({ variables })).data?.createOrganization,
  };
}

export function useUpdateOrganization() {
  const [mutate] = useMutation(UPDATE_ORGANIZATION, {
    refetchQueries: ORGANIZATION_REFETCH,
    awaitRefetchQueries: true,
  });
  return {
    updateOrganization: (variables: OrganizationVariables & { id: string }) =>
      mutate({ variables }),
  };
}

export function useDeleteOrganization() {
  const [mutate] = useMutation(DELETE_ORGANIZATION, {
    refetchQueries: ORGANIZATION_REFETCH,
    awaitRefetchQueries: true,
  });
  // Stable: the screen's columns depend on it, and new columns would mount every row's buttons
  // anew (the focus a dialog gives back would then land nowhere).
  const deleteOrganization = useCallback((id: string) => mutate({ variables: { id } }), [mutate]);
  return { deleteOrganization };
}

const REGISTER_DEVICE = graphql(`
  mutation RegisterDevice($id: String!, $name: String!, $organizationId: ID!) {
    registerDevice(id: $id, name: $name, organizationId: $organizationId) {
      id
      name
    }
  }
`);

export interface RegisterDeviceVariables {
  id: string;
  name: string;
  organizationId: string;
}

/** Registers a new device to an organization (Admin only). */
export function useRegisterDevice() {
  const [mutate] = useMutation(REGISTER_DEVICE, {
    refetchQueries: ORGANIZATION_REFETCH,
    awaitRefetchQueries: true,
  });
  return (variables: RegisterDeviceVariables) => mutate({ variables });
}
