import {
  ASSIGN_TO_PROJECT,
  assignSessionFormSchema,
  DIALOG_WIDTHS,
  SESSION_ASSIGNED,
} from '@asset-portal/shared';
import { MenuItem, TextField } from '@mui/material';
import { Controller, useForm } from 'react-hook-form';
import { FormDialog } from '../../components/form-dialog/FormDialog.tsx';
import { schemaResolver } from '../../components/form-dialog/schema-resolver.ts';
import { snackbar } from '../../snackbar/snackbar-service.ts';
import type { UnassignedSessionRow } from './unassigned-sessions.ts';
import { useAssignSessionToProject } from './use-unassigned-scans.ts';

export interface AssignSessionDialogProps {
  row: UnassignedSessionRow & { sessionId: string };
  projects: readonly { id: string; name: string }[];
  onClose(): void;
}

/** 'Assign to project': moves a session and all its scans into a project of its organization. */
export function AssignSessionDialog({ row, projects, onClose }: AssignSessionDialogProps) {
  const assign = useAssignSessionToProject();
  const { control, handleSubmit, formState } = useForm({
    resolver: schemaResolver<{ projectId: string }>()(assignSessionFormSchema),
    defaultValues: { projectId: '' },
  });

  const handleAssign = handleSubmit(async ({ projectId }) => {
    try {
      await assign(row.sessionId, projectId);
    } catch {
      // The error link has shown the server's message; the dialog stays open.
      return;
    }
    const name = projects.find((project) => project.id === projectId)?.name ?? '';
    snackbar.success(SESSION_ASSIGNED(row.sessionId, name));
    onClose();
  });

  return (
    <FormDialog
      name="assign-session"
      title={ASSIGN_TO_PROJECT}
      width={DIALOG_WIDTHS.user}
      onSubmit={handleAssign}
      onClose={onClose}
      submitLabel="Assign"
      submitDisabled={formState.isSubmitting}
    >
      <TextField
        label="Session"
        value={`${row.sessionId} · ${row.scanCount} scan${row.scanCount === 1 ? '' : 's'}`}
        disabled
      />
      <Controller
        name="projectId"
        control={control}
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            select
            label="Project"
            required
            error={fieldState.invalid}
            helperText={
              fieldState.error?.message ?? 'The session and all its scans move into this project.'
            }
            data-testid="assign-session-project"
          >
            {projects.map((project) => (
              <MenuItem key={project.id} value={project.id}>
                {project.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
    </FormDialog>
  );
}
