import { gql } from '@apollo/client';
import { useMutation, useQuery } from '@apollo/client/react';
import { useCallback } from 'react';

/** A project as the Projects screen shows and edits it. */
export interface ProjectItem {
  id: string;
  name: string;
  comments: string | null;
  active: boolean;
  organization: { id: string; name: string };
  utm: string | null;
  projection: string | null;
  geoidGridFile: string | null;
  helmertParameters: string | null;
  tagOptions: string[];
  from: string | null;
  to: string | null;
}

/** What create and update send (spec §7); utm is plain on create and wrapped on update. */
export interface ProjectVariables {
  name: string;
  comments: string | null;
  active: boolean;
  organizationId: string | null;
  tagOptions: string[];
  projection: string | null;
  helmertParameters: string | null;
  geoidGridFile: string | null;
  classifiers: string;
}

export const PROJECT_LIST_QUERY = gql`
  query ProjectList {
    projects {
      id
      name
      comments
      active
      organization {
        id
        name
      }
      utm
      projection
      geoidGridFile
      helmertParameters
      tagOptions
      from
      to
    }
  }
`;

const ORGANIZATIONS_QUERY = gql`
  query ProjectOrganizations {
    organizations {
      id
      name
    }
  }
`;

const GEOID_GRIDS_QUERY = gql`
  query GeoidGridFiles {
    getGeoidGridFiles
  }
`;

const ARGS = `$name: String!, $comments: String, $active: Boolean, $organizationId: ID,
  $tagOptions: [String!], $projection: String, $helmertParameters: String,
  $geoidGridFile: String, $utm: JSON, $classifiers: String`;
const PASS = `name: $name, comments: $comments, active: $active, organizationId: $organizationId,
  tagOptions: $tagOptions, projection: $projection, helmertParameters: $helmertParameters,
  geoidGridFile: $geoidGridFile, utm: $utm, classifiers: $classifiers`;

const CREATE_PROJECT = gql(`
  mutation CreateProject(${ARGS}) {
    createProject(${PASS}) { id }
  }
`);

const UPDATE_PROJECT = gql(`
  mutation UpdateProject($id: ID!, ${ARGS}) {
    updateProject(id: $id, ${PASS}) { id }
  }
`);

const DELETE_PROJECT = gql`
  mutation DeleteProject($id: ID!) {
    deleteProject(id: $id)
  }
`;

// The shell's project dropdown ('Projects') lists the same projects, so it is refreshed too.
const REFETCH = ['ProjectList', 'Projects', 'GeoidGridFiles'];
const AFTER_CHANGE = { refetchQueries: REFETCH, awaitRefetchQueries: true } as const;

export function useProjectList() {
  const { data, loading } = useQuery<{ projects: ProjectItem[] }>(PROJECT_LIST_QUERY, {
    fetchPolicy: 'cache-and-network',
  });
  return { projects: data?.projects ?? [], loading };
}

export function useOrganizationOptions(skip: boolean) {
  const { data } = useQuery<{ organizations: { id: string; name: string }[] }>(
    ORGANIZATIONS_QUERY,
    { skip },
  );
  return data?.organizations ?? [];
}

export function useGeoidGridFiles() {
  const { data } = useQuery<{ getGeoidGridFiles: string[] }>(GEOID_GRIDS_QUERY);
  return data?.getGeoidGridFiles ?? [];
}

export function useCreateProject() {
  const [mutate] = useMutation(CREATE_PROJECT, AFTER_CHANGE);
  return useCallback(
    (variables: ProjectVariables, utm: string) => mutate({ variables: { ...variables, utm } }),
    [mutate],
  );
}

export function useUpdateProject() {
  const [mutate] = useMutation(UPDATE_PROJECT, AFTER_CHANGE);
  return useCallback(
    (id: string, variables: ProjectVariables, utm: string) =>
      mutate({ variables: { ...variables, id, utm: { utm } } }),
    [mutate],
  );
}

export function useDeleteProject() {
  const [mutate] = useMutation<{ deleteProject: boolean }, { id: string }>(
    DELETE_PROJECT,
    AFTER_CHANGE,
  );
  return useCallback((id: string) => mutate({ variables: { id } }), [mutate]);
}
