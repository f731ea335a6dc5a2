import { useQuery } from '@apollo/client/react';
import { useMemo } from 'react';
import { graphql } from '../../graphql/generated/gql.ts';
import type { ProjectsQuery } from '../../graphql/generated/graphql.ts';

/**
 * A project with its organization. The schema declares Project.organization nullable, though
 * every project belongs to one; the hooks drop a project without it rather than show it blank.
 */
export type WithOrganization<T extends { organization: unknown }> = T & {
  organization: NonNullable<T['organization']>;
};

/** Narrows a project to one with its organization. */
export function hasOrganization<T extends { organization: unknown }>(
  project: T,
): project is WithOrganization<T> {
  return project.organization != null;
}

/** A project as the shell needs it: enough to label and pick it, and its UTM zone. */
export type ProjectOption = WithOrganization<ProjectsQuery['projects'][number]>;

export const PROJECTS_QUERY = graphql(`
  query Projects {
    projects {
      id
      name
      utm
      organization {
        id
        name
      }
    }
  }
`);

/** The projects the signed-in user may see (the server scopes them by organization). */
export function useProjects() {
  const { data, loading, error } = useQuery(PROJECTS_QUERY);
  const projects = useMemo(() => (data?.projects ?? []).filter(hasOrganization), [data]);
  return { projects, loading, error };
}

/** 'organization : project', the label the project dropdown shows. */
export function projectLabel(project: ProjectOption): string {
  return `${project.organization.name} : ${project.name}`;
}

// Numbers in names in their order ('Drive 2' before 'Drive 10'), as the Projects table sorts.
const byName = new Intl.Collator(undefined, { numeric: true }).compare;

/** Sorted by organization name, then project name. */
export function sortProjectsForSelector(projects: readonly ProjectOption[]): ProjectOption[] {
  return [...projects].sort(
    (a, b) => byName(a.organization.name, b.organization.name) || byName(a.name, b.name),
  );
}
