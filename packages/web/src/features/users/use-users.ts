import { useMutation, useQuery } from '@apollo/client/react';
import { isUserType, type UserType } from '@asset-portal/shared';
import { useCallback, useMemo } from 'react';
import { listLoadFailed } from '../../components/data-table/table-texts.ts';
import { graphql } from '../../graphql/generated/gql.ts';
import type {
  CreateOrgUserMutation,
  OrgUsersQuery,
  UserOrganizationsQuery,
} from '../../graphql/generated/graphql.ts';

type OrgUser = OrgUsersQuery['orgUsers'][number];

/**
 * A user as the Users screen shows and edits it. The schema leaves contact details and sign-in
 * names null for a caller who may not read them; this screen shows them blank.
 */
export type UserItem = Omit<OrgUser, 'userType' | 'email' | 'username'> & {
  userType: UserType;
  email: string;
  username: string;
};

function toUserItem(user: OrgUser): UserItem {
  return {
    ...user,
    // The server stores only the three user types (User.userType is a String in the schema).
    userType: isUserType(user.userType) ? user.userType : 'Standard',
    email: user.email ?? '',
    username: user.username ?? '',
  };
}

export type OrganizationOption = UserOrganizationsQuery['organizations'][number];

/** How the invitation went out; see the server's User.invitationDelivery. */
export type InvitationDelivery = 'EMAIL' | 'OUTBOX' | 'FAILED' | null;

type CreatedOrgUser = CreateOrgUserMutation['createOrgUser'];

/** The created user with how the invitation went out. */
export type CreatedUser = Omit<CreatedOrgUser, 'email' | 'invitationDelivery'> & {
  email: string;
  invitationDelivery: InvitationDelivery;
};

function toCreatedUser(user: CreatedOrgUser): CreatedUser {
  const delivery = user.invitationDelivery;
  return {
    ...user,
    email: user.email ?? '',
    invitationDelivery:
      delivery === 'EMAIL' || delivery === 'OUTBOX' || delivery === 'FAILED' ? delivery : null,
  };
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

const USER_LIST_QUERY = graphql(`
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
`);

const ORGANIZATIONS_QUERY = graphql(`
  query UserOrganizations {
    organizations {
      id
      name
    }
  }
`);

const CREATE_USER = graphql(`
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
`);

const UPDATE_USER = graphql(`
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
`);

const DELETE_USER = graphql(`
  mutation DeleteOrgUser($id: ID!) {
    deleteOrgUser(id: $id)
  }
`);

const AFTER_CHANGE = { refetchQueries: ['OrgUsers'], awaitRefetchQueries: true };

/** The users the signed-in user may see: Admin all, a Power User their organization's. */
export function useOrgUsers() {
  const { data, loading, error } = useQuery(USER_LIST_QUERY, {
    fetchPolicy: 'cache-and-network',
  });
  const users = useMemo(() => (data?.orgUsers ?? []).map(toUserItem), [data]);
  return { users, loading, loadFailed: listLoadFailed(error, data) };
}

/** Organizations the user may assign: the server answers all for Admin, the own one otherwise. */
export function useUserOrganizations() {
  const { data, loading } = useQuery(ORGANIZATIONS_QUERY);
  return { organizations: data?.organizations ?? [], loading };
}

export function useCreateUser() {
  const [mutate] = useMutation(CREATE_USER, AFTER_CHANGE);
  return useCallback(
    async (variables: CreateUserVariables) => {
      const result = await mutate({ variables });
      if (!result.data) throw new Error('createOrgUser returned no user');
      return toCreatedUser(result.data.createOrgUser);
    },
    [mutate],
  );
}

export function useUpdateUser() {
  const [mutate] = useMutation(UPDATE_USER, AFTER_CHANGE);
  return useCallback((variables: UpdateUserVariables) => mutate({ variables }), [mutate]);
}

export function useDeleteUser() {
  const [mutate] = useMutation(DELETE_USER, AFTER_CHANGE);
  return useCallback((id: string) => mutate({ variables: { id } }), [mutate]);
}
