import { MenuItem, TextField } from '@mui/material';
import type { ChangeEvent } from 'react';
import { useStore } from '../../lib/create-store.ts';
import { currentProjectId, setCurrentProject } from './current-project-store.ts';
import { projectLabel, sortProjectsForSelector, useProjects } from './use-projects.ts';

/** The top-bar project dropdown: 'organization : project', by organization then name. */
export function ProjectSelector() {
  const { projects, loading } = useProjects();
  const selectedId = useStore(currentProjectId);
  const options = sortProjectsForSelector(projects);
  // An id kept from an earlier visit may no longer be visible to this user.
  const selected = options.find((project) => project.id === selectedId) ?? null;
  const value = selected ? selected.id : '';

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    setCurrentProject(event.target.value || null);
  };

  return (
    <TextField
      select
      size="small"
      value={value}
      onChange={handleChange}
      disabled={loading && options.length === 0}
      data-testid="project-selector"
      sx={{ width: 360, bgcolor: 'background.paper', borderRadius: 1 }}
      slotProps={{
        select: {
          displayEmpty: true,
          // A long 'organization : project' is cut at the field's width; hovering shows it whole.
          SelectDisplayProps: {
            'aria-label': 'Project',
            ...(selected ? { title: projectLabel(selected) } : {}),
          },
          MenuProps: { slotProps: { paper: { sx: { maxHeight: 480 } } } },
        },
      }}
    >
      <MenuItem value="" disabled>
        {loading ? 'Loading projects...' : 'Select a project'}
      </MenuItem>
      {options.map((project) => (
        <MenuItem key={project.id} value={project.id} data-testid={`project-option-${project.id}`}>
          {projectLabel(project)}
        </MenuItem>
      ))}
    </TextField>
  );
}
