import { useMutation, useQuery } from '@apollo/client/react';
import { useCallback, useMemo } from 'react';
import { listLoadFailed } from '../../components/data-table/table-texts.ts';
import { graphql } from '../../graphql/generated/gql.ts';
import type { ProjectListQuery } from '../../graphql/generated/graphql.ts';
import { hasOrganization, type WithOrganization } from './use-projects.ts';

/** A project as the Projects screen shows and edits it. */
export type ProjectItem = WithOrganization<ProjectListQuery['projects'][number]>;

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

export const PROJECT_LIST_QUERY = graphql(`
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
`);

const ORGANIZATIONS_QUERY = graphql(`
  query ProjectOrganizations {
    organizations {
      id
      name
    }
  }
`);

const GEOID_GRIDS_QUERY = graphql(`
  query GeoidGridFiles {
    getGeoidGridFiles
  }
`);

const CREATE_PROJECT = graphql(`
  mutation CreateProject(
    $name: String!, $comments: String, $active: Boolean, $organizationId: ID,
    $tagOptions: [String!], $projection: String, $helmertParameters: String,
    $geoidGridFile: String, $utm: JSON, $classifiers: String
  ) {
    createProject(
      name: $name, comments: $comments, active: $active, organizationId: $organizationId,
      tagOptions: $tagOptions, projection: $projection, helmertParameters: $helmertParameters,
      geoidGridFile: $geoidGridFile, utm: $utm, classifiers: $classifiers
    ) {
      id
    }
  }
`);

const UPDATE_PROJECT = graphql(`
  mutation UpdateProject(
    $id: ID!, $name: String!, $comments: String, $active: Boolean, $organizationId: ID,
    $tagOptions: [String!], $projection: String, $helmertParameters: String,
    $geoidGridFile: String, $utm: JSON, $classifiers: String
  ) {
    updateProject(
      id: $id, name: $name, comments: $comments, active: $active, organizationId: $organizationId,
      tagOptions: $tagOptions, projection: $projection, helmertParameters: $helmertParameters,
      geoidGridFile: $geoidGridFile, utm: $utm, classifiers: $classifiers
    ) {
      id
    }
  }
`);

const DELETE_PROJECT = graphql(`
  mutation DeleteProject($id: ID!) {
    deleteProject(id: $id)
  }
`);

// The shell's project dropdown ('Projects') lists the same projects, so it is refreshed too.
const REFETCH = ['ProjectList', 'Projects', 'GeoidGridFiles'];
const AFTER_CHANGE = { refetchQueries: REFETCH, awaitRefetchQueries: true } as const;

export function useProjectList() {
  const { data, loading, error } = useQuery(PROJECT_LIST_QUERY, {
    fetchPolicy: 'cache-and-network',
  });
  const projects = useMemo(() => (data?.projects ?? []).filter(hasOrganization), [data]);
  return { projects, loading, loadFailed: listLoadFailed(error, data) };
}

export function useOrganizationOptions(skip: boolean) {
  const { data } = useQuery(ORGANIZATIONS_QUERY, { skip });
  return data?.organizations ?? [];
}

export function useGeoidGridFiles() {
  const { data } = useQuery(GEOID_GRIDS_QUERY);
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
  const [mutate] = useMutation(DELETE_PROJECT, AFTER_CHANGE);
  return useCallback((id: string) => mutate({ variables: { id } }), [mutate]);
}
