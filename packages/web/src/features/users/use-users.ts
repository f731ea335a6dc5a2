import { gql } from '@apollo/client';
import { useMutation, useQuery } from '@apollo/client/react';
import type { UserType } from '@asset-portal/shared';
import { useCallback } from 'react';

/** A user as the Users screen shows and edits it. */
export interface UserItem {
  id: string;
  name: string;
  userType: UserType;
  username: string;
  email: string;
  phone: string | null;
  enabled: boolean;
  organization: { id: string; name: string } | null;
}

export interface OrganizationOption {
  id: string;
  name: string;
}

/** How the invitation went out; see the server's User.invitationDelivery. */
export type InvitationDelivery = 'EMAIL' | 'OUTBOX' | 'FAILED' | null;

export interface CreatedUser {
  id: string;
  name: string;
  email: string;
  invitationUrl: string | null;
  invitationDelivery: InvitationDelivery;
}

export interface CreateUserVariables {
  name: string;
  email: string;
  phone: string | null;
  username: string;
  organizationId: string;
}

export interface UpdateUserVariables {
  id: string;
  name: string;
  enabled: boolean;
  organizationId: string;
  userType: UserType;
  email: string;
  phone: string | null;
}

const USER_LIST_QUERY = gql`
  query OrgUsers {
    orgUsers {
      id
      name
      userType
      username
      email
      phone
      enabled
      organization {
        id
        name
      }
    }
  }
`;

const ORGANIZATIONS_QUERY = gql`
  query UserOrganizations {
    organizations {
      id
      name
    }
  }
`;

const CREATE_USER = gql`
  mutation CreateOrgUser(
    $name: String
    $email: String
    $phone: String
    $username: String
    $organizationId: ID
  ) {
    createOrgUser(
      name: $name
      email: $email
      phone: $phone
      username: $username
      organizationId: $organizationId
    ) {
      id
      name
      email
      invitationUrl
      invitationDelivery
    }
  }
`;

const UPDATE_USER = gql`
  mutation UpdateOrgUser(
    $id: ID!
    $name: String
    $enabled: Boolean!
    $organizationId: ID
    $userType: String
    $email: String
    $phone: String
  ) {
    updateOrgUser(
      id: $id
      name: $name
      enabled: $enabled
      organizationId: $organizationId
      userType: $userType
      email: $email
      phone: $phone
    ) {
      id
    }
  }
`;

const DELETE_USER = gql`
  mutation DeleteOrgUser($id: ID!) {
    deleteOrgUser(id: $id)
  }
`;

const AFTER_CHANGE = { refetchQueries: ['OrgUsers'], awaitRefetchQueries: true };

/** The users the signed-in user may see: Admin all, a Power User their organization's. */
export function useOrgUsers() {
  const { data, loading } = useQuery<{ orgUsers: UserItem[] }>(USER_LIST_QUERY, {
    fetchPolicy: 'cache-and-network',
  });
  return { users: data?.orgUsers ?? [], loading };
}

/** Organizations the user may assign: the server answers all for Admin, the own one otherwise. */
export function useUserOrganizations() {
  const { data, loading } = useQuery<{ organizations: OrganizationOption[] }>(ORGANIZATIONS_QUERY);
  return { organizations: data?.organizations ?? [], loading };
}

export function useCreateUser() {
  const [mutate] = useMutation<{ createOrgUser: CreatedUser }, CreateUserVariables>(
    CREATE_USER,
    AFTER_CHANGE,
  );
  return useCallback(
    async (variables: CreateUserVariables) => {
      const result = await mutate({ variables });
      if (!result.data) throw new Error('createOrgUser returned no user');
      return result.data.createOrgUser;
    },
    [mutate],
  );
}

export function useUpdateUser() {
  const [mutate] = useMutation<{ updateOrgUser: { id: string } }, UpdateUserVariables>(
    UPDATE_USER,
    AFTER_CHANGE,
  );
  return useCallback((variables: UpdateUserVariables) => mutate({ variables }), [mutate]);
}

export function useDeleteUser() {
  const [mutate] = useMutation<{ deleteOrgUser: boolean }, { id: string }>(
    DELETE_USER,
    AFTER_CHANGE,
  );
  return useCallback((id: string) => mutate({ variables: { id } }), [mutate]);
}
