import { GROUP_CREATED, GROUP_UPDATED, validateGroupName } from '@asset-portal/shared';
import { FormControlLabel, Radio, RadioGroup, TextField } from '@mui/material';
import { useState } from 'react';
import { FormDialog } from '../../../components/form-dialog/FormDialog.tsx';
import { snackbar } from '../../../snackbar/snackbar-service.ts';
import type { LayerGroup } from '../layer-types.ts';
import { useCreateLayerGroup, useUpdateLayerGroup } from '../use-layer-groups.ts';

const DIALOG_WIDTH = 550;
type Scope = 'project' | 'global';

export interface GroupFormDialogProps {
  /** The group to edit; null creates one. */
  group: LayerGroup | null;
  projectId: string;
  onClose(): void;
}

/** 'Create Group' / 'Edit Group': name (required), description and whether it is global. */
export function GroupFormDialog({ group, projectId, onClose }: GroupFormDialogProps) {
  const { createGroup } = useCreateLayerGroup();
  const { updateGroup } = useUpdateLayerGroup();
  const [name, setName] = useState(group?.name ?? '');
  const [nameTouched, setNameTouched] = useState(false);
  const [description, setDescription] = useState(group?.description ?? '');
  const [scope, setScope] = useState<Scope>(
    group && group.projectId === null ? 'global' : 'project',
  );
  const [saving, setSaving] = useState(false);
  const nameMessage = validateGroupName(name);

  const save = async () => {
    const variables = {
      name: name.trim(),
      description: description.trim() === '' ? null : description.trim(),
      // A group edited from another project's screen stays with that project.
      projectId: scope === 'global' ? null : (group?.projectId ?? projectId),
    };
    setSaving(true);
    try {
      if (group) await updateGroup({ id: group.id, ...variables });
      else await createGroup(variables);
    } catch {
      // The error link has shown the server's message; the form keeps the user's input.
      setSaving(false);
      return;
    }
    snackbar.success(group ? GROUP_UPDATED(variables.name) : GROUP_CREATED(variables.name));
    onClose();
  };

  return (
    <FormDialog
      name="group"
      title={group ? 'Edit Group' : 'Create Group'}
      width={DIALOG_WIDTH}
      onSubmit={(event) => {
        event.preventDefault();
        setNameTouched(true);
        if (nameMessage === null && !saving) void save();
      }}
      onClose={onClose}
      submitLabel="Save"
      submitDisabled={saving}
      busy={saving}
    >
      <TextField
        label="Group Name"
        required
        autoFocus
        value={name}
        onChange={(event) => setName(event.target.value)}
        onBlur={() => setNameTouched(true)}
        error={nameTouched && nameMessage !== null}
        helperText={nameTouched ? nameMessage : undefined}
        slotProps={{ htmlInput: { 'data-testid': 'group-name-input' } }}
      />
      <TextField
        label="Description"
        multiline
        minRows={2}
        value={description}
        onChange={(event) => setDescription(event.target.value)}
        slotProps={{ htmlInput: { 'data-testid': 'group-description-input' } }}
      />
      <RadioGroup
        row
        aria-label="Group scope"
        value={scope}
        onChange={(event) => setScope(event.target.value as Scope)}
      >
        <FormControlLabel value="project" control={<Radio />} label="This project" />
        <FormControlLabel value="global" control={<Radio />} label="Global (every project)" />
      </RadioGroup>
    </FormDialog>
  );
}
