import { GROUP_CREATED, GROUP_UPDATED, layerGroupFormSchema } from '@asset-portal/shared';
import { FormControlLabel, Radio, RadioGroup } from '@mui/material';
import { Controller, useForm } from 'react-hook-form';
import { FormDialog } from '../../../components/form-dialog/FormDialog.tsx';
import { FormTextField } from '../../../components/form-dialog/FormTextField.tsx';
import { schemaResolver } from '../../../components/form-dialog/schema-resolver.ts';
import { snackbar } from '../../../snackbar/snackbar-service.ts';
import type { LayerGroup } from '../layer-types.ts';
import { useCreateLayerGroup, useUpdateLayerGroup } from '../use-layer-groups.ts';

const DIALOG_WIDTH = 550;
type Scope = 'project' | 'global';

interface GroupFormValues {
  name: string;
  description: string;
  scope: Scope;
}

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
  const defaultValues: GroupFormValues = {
    name: group?.name ?? '',
    description: group?.description ?? '',
    scope: group && group.projectId === null ? 'global' : 'project',
  };
  const { control, handleSubmit, formState } = useForm({
    mode: 'onTouched',
    resolver: schemaResolver<GroupFormValues>()(layerGroupFormSchema),
    defaultValues,
  });
  const saving = formState.isSubmitting;

  const handleSave = handleSubmit(async ({ name, description, scope }) => {
    const variables = {
      name: name.trim(),
      description: description.trim() === '' ? null : description.trim(),
      // A group edited from another project's screen stays with that project.
      projectId: scope === 'global' ? null : (group?.projectId ?? projectId),
    };
    try {
      if (group) await updateGroup({ id: group.id, ...variables });
      else await createGroup(variables);
    } catch {
      // The error link has shown the server's message; the form keeps the user's input.
      return;
    }
    snackbar.success(group ? GROUP_UPDATED(variables.name) : GROUP_CREATED(variables.name));
    onClose();
  });

  return (
    <FormDialog
      name="group"
      title={group ? 'Edit Group' : 'Create Group'}
      width={DIALOG_WIDTH}
      onSubmit={handleSave}
      onClose={onClose}
      submitLabel="Save"
      submitDisabled={saving}
      busy={saving}
    >
      <FormTextField
        name="name"
        control={control}
        label="Group Name"
        required
        autoFocus
        slotProps={{ htmlInput: { 'data-testid': 'group-name-input' } }}
      />
      <FormTextField
        name="description"
        control={control}
        label="Description"
        multiline
        minRows={2}
        slotProps={{ htmlInput: { 'data-testid': 'group-description-input' } }}
      />
      <Controller
        name="scope"
        control={control}
        render={({ field }) => (
          <RadioGroup
            row
            aria-label="Group scope"
            value={field.value}
            onChange={(event) => field.onChange(event.target.value as Scope)}
          >
            <FormControlLabel value="project" control={<Radio />} label="This project" />
            <FormControlLabel value="global" control={<Radio />} label="Global (every project)" />
          </RadioGroup>
        )}
      />
    </FormDialog>
  );
}
