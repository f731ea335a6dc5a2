import { gql } from '@apollo/client';
import { useQuery } from '@apollo/client/react';

/** A project as the shell needs it: enough to label and pick it. */
export interface ProjectOption {
  id: string;
  name: string;
  organization: { id: string; name: string };
}

export const PROJECTS_QUERY = gql`
  query Projects {
    projects {
      id
      name
      organization {
        id
        name
      }
    }
  }
`;

interface ProjectsData {
  projects: ProjectOption[];
}

/** The projects the signed-in user may see (the server scopes them by organization). */
export function useProjects() {
  const { data, loading, error } = useQuery<ProjectsData>(PROJECTS_QUERY);
  return { projects: data?.projects ?? [], loading, error };
}

/** 'organization : project', the label the project dropdown shows. */
export function projectLabel(project: ProjectOption): string {
  return `${project.organization.name} : ${project.name}`;
}

/** Sorted by organization name, then project name. */
export function sortProjectsForSelector(projects: readonly ProjectOption[]): ProjectOption[] {
  return [...projects].sort(
    (a, b) =>
      a.organization.name.localeCompare(b.organization.name) || a.name.localeCompare(b.name),
  );
}
