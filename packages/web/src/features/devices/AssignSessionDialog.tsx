import {
  ASSIGN_TO_PROJECT,
  DIALOG_WIDTHS,
  SESSION_ASSIGNED,
  VALUE_REQUIRED,
} from '@asset-portal/shared';
import { MenuItem, TextField } from '@mui/material';
import { useState } from 'react';
import { FormDialog } from '../../components/form-dialog/FormDialog.tsx';
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
  const [projectId, setProjectId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const handleSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!projectId) {
      setError(VALUE_REQUIRED);
      return;
    }
    setBusy(true);
    try {
      await assign(row.sessionId, projectId);
    } catch {
      // The error link has shown the server's message; the dialog stays open.
      setBusy(false);
      return;
    }
    const name = projects.find((project) => project.id === projectId)?.name ?? '';
    snackbar.success(SESSION_ASSIGNED(row.sessionId, name));
    onClose();
  };

  return (
    <FormDialog
      name="assign-session"
      title={ASSIGN_TO_PROJECT}
      width={DIALOG_WIDTHS.user}
      onSubmit={(event) => void handleSubmit(event)}
      onClose={onClose}
      submitLabel="Assign"
      submitDisabled={busy}
    >
      <TextField
        label="Session"
        value={`${row.sessionId} · ${row.scanCount} scan${row.scanCount === 1 ? '' : 's'}`}
        disabled
      />
      <TextField
        select
        label="Project"
        required
        value={projectId}
        onChange={(event) => {
          setProjectId(event.target.value);
          setError(null);
        }}
        error={error !== null}
        helperText={error ?? 'The session and all its scans move into this project.'}
        data-testid="assign-session-project"
      >
        {projects.map((project) => (
          <MenuItem key={project.id} value={project.id}>
            {project.name}
          </MenuItem>
        ))}
      </TextField>
    </FormDialog>
  );
}
