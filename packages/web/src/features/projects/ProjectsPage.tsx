import {
  CONFIRM_PROJECT_DELETION,
  CONFIRM_PROJECT_DELETION_TITLE,
  formatUtc,
  NO_DEVICE_ASSIGNMENT,
  OPEN_ENDED,
  PROJECT_DELETED,
  PROJECTS_PAGE_SIZE,
} from '@asset-portal/shared';
import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Typography } from '@mui/material';
import type { ColumnDef } from '@tanstack/react-table';
import { useCallback, useMemo, useState } from 'react';
import { useSession } from '../../auth/SessionContext.tsx';
import { confirm } from '../../components/confirm/confirm-service.ts';
import { DataTable } from '../../components/data-table/DataTable.tsx';
import { actionsColumn } from '../../components/data-table/RowActions.tsx';
import { snackbar } from '../../snackbar/snackbar-service.ts';
import { ProjectDialog } from './ProjectDialog.tsx';
import { type ProjectItem, useDeleteProject, useProjectList } from './use-project-admin.ts';

type DialogState = { project: ProjectItem | null } | null;

/** A period end as two short lines: the date, then the time in UTC. */
function PeriodCell({ value }: { value: string }) {
  const [date, time] = formatUtc(new Date(value)).split(' ', 2);
  return (
    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
      {date}
      <Typography
        component="span"
        variant="caption"
        color="text.secondary"
        sx={{ display: 'block' }}
      >
        {time} UTC
      </Typography>
    </Box>
  );
}

/** The Projects screen: every project the user may manage, grouped by organization. */
export function ProjectsPage() {
  const { session } = useSession();
  const isAdmin = session.status === 'signedIn' && session.user.userType === 'Admin';
  const { projects, loading, loadFailed } = useProjectList();
  const deleteProject = useDeleteProject();
  const [dialog, setDialog] = useState<DialogState>(null);

  const handleDelete = useCallback(
    async (project: ProjectItem) => {
      const confirmed = await confirm({
        title: CONFIRM_PROJECT_DELETION_TITLE,
        message: CONFIRM_PROJECT_DELETION(project.name),
      });
      if (!confirmed) return;
      try {
        await deleteProject(project.id);
      } catch {
        // The error link has shown the server's reason (for example, scans still in the project).
        return;
      }
      snackbar.success(PROJECT_DELETED);
    },
    [deleteProject],
  );

  const columns = useMemo<ColumnDef<ProjectItem, unknown>[]>(
    () => [
      { id: 'id', header: 'Id', accessorFn: (p) => Number(p.id), enableGrouping: false },
      { id: 'name', header: 'Project', accessorKey: 'name', enableGrouping: false },
      { id: 'organization', header: 'Organization', accessorFn: (p) => p.organization.name },
      { id: 'utm', header: 'UTM', accessorFn: (p) => p.utm ?? '', enableGrouping: false },
      {
        id: 'active',
        header: 'Active',
        accessorFn: (p) => (p.active ? 'Yes' : 'No'),
      },
      {
        id: 'projection',
        header: 'Proj4 Projection',
        accessorFn: (p) => p.projection ?? '',
        enableGrouping: false,
        cell: ({ getValue }) => (
          <Typography
            variant="body2"
            sx={{ fontFamily: 'monospace', fontSize: 12, maxWidth: 220, wordBreak: 'break-all' }}
          >
            {String(getValue())}
          </Typography>
        ),
      },
      {
        id: 'from',
        header: 'From',
        accessorFn: (p) => p.from ?? '',
        enableGrouping: false,
        cell: ({ row }) =>
          row.original.from ? (
            <PeriodCell value={row.original.from} />
          ) : (
            <Typography variant="body2" color="text.secondary" component="span">
              {NO_DEVICE_ASSIGNMENT}
            </Typography>
          ),
      },
      {
        id: 'to',
        header: 'To',
        accessorFn: (p) => p.to ?? '',
        enableGrouping: false,
        cell: ({ row }) =>
          row.original.to ? (
            <PeriodCell value={row.original.to} />
          ) : row.original.from ? (
            OPEN_ENDED
          ) : (
            ''
          ),
      },
      actionsColumn<ProjectItem>((project) => ({
        tooltips: true,
        edit: { label: `Edit project ${project.name}`, onClick: () => setDialog({ project }) },
        delete: {
          label: `Delete project ${project.name}`,
          onClick: () => void handleDelete(project),
        },
      })),
    ],
    [handleDelete],
  );

  return (
    <Box sx={{ p: 3 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        Projects
      </Typography>
      <DataTable
        ariaLabel="Projects"
        testId="projects-table"
        data={projects}
        columns={columns}
        getRowId={(project) => project.id}
        loading={loading}
        emptyText="No projects yet."
        loadFailed={loadFailed}
        initialGrouping={['organization']}
        initialSorting={[
          { id: 'organization', desc: false },
          { id: 'name', desc: false },
        ]}
        groupable
        pageSizeOptions={[25, 50, PROJECTS_PAGE_SIZE, 'all']}
        defaultPageSize={PROJECTS_PAGE_SIZE}
        renderDetail={(project) => (
          <Typography variant="body2" data-testid={`project-comments-${project.id}`}>
            Comments: {project.comments ?? ''}
          </Typography>
        )}
        toolbar={
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setDialog({ project: null })}
          >
            New Project
          </Button>
        }
      />
      {dialog ? (
        <ProjectDialog
          project={dialog.project}
          canChooseOrganization={isAdmin}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </Box>
  );
}
