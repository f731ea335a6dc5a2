import { SELECT_PROJECT } from '@asset-portal/shared';
import { Box, CircularProgress, Typography } from '@mui/material';
import { useCurrentProject } from '../features/projects/current-project-store.ts';
import { useCurrentRouteMeta } from './route-meta.ts';

/** The frame of a screen that is not built yet: its title and a one-line notice. */
export function PagePlaceholder({ title }: { title: string }) {
  const meta = useCurrentRouteMeta();
  const { project, loading } = useCurrentProject();
  const needsProject = meta?.showsProjectSelector === true;

  let notice = 'This screen is not available yet.';
  if (needsProject && !project) notice = SELECT_PROJECT;

  return (
    <Box sx={{ p: 3 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {title}
      </Typography>
      {needsProject && loading ? (
        <CircularProgress size={24} aria-label="Loading projects" />
      ) : (
        <Typography color="text.secondary" data-testid="page-notice">
          {notice}
        </Typography>
      )}
      {needsProject && project ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Project: {project.organization.name} : {project.name}
        </Typography>
      ) : null}
    </Box>
  );
}
