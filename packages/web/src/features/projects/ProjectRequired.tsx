import { SELECT_PROJECT } from '@asset-portal/shared';
import { CircularProgress, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useCurrentProject } from './current-project-store.ts';

/**
 * The content of a screen that works on the current project: a spinner while the projects
 * load, the 'select a project' notice without one, else the children.
 */
export function ProjectRequired({ children }: { children: ReactNode }) {
  const { project, loading } = useCurrentProject();
  if (loading) return <CircularProgress size={24} aria-label="Loading projects" />;
  if (!project) {
    return (
      <Typography color="text.secondary" data-testid="page-notice">
        {SELECT_PROJECT}
      </Typography>
    );
  }
  return children;
}
