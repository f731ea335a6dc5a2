import {
  DIALOG_WIDTHS,
  PROJECT_CREATE_TITLE,
  PROJECT_CREATED,
  PROJECT_EDIT_TITLE,
  PROJECT_UPDATED,
  projectFormSchema,
  UTM_HINT,
} from '@asset-portal/shared';
import ClearIcon from '@mui/icons-material/Clear';
import { Box, IconButton, InputAdornment, MenuItem, Tab, Tabs, TextField } from '@mui/material';
import { useState } from 'react';
import { Controller, type FieldErrors, useForm } from 'react-hook-form';
import { FormCheckbox } from '../../components/form-dialog/FormCheckbox.tsx';
import { FormDialog } from '../../components/form-dialog/FormDialog.tsx';
import { FormTextField } from '../../components/form-dialog/FormTextField.tsx';
import { schemaResolver } from '../../components/form-dialog/schema-resolver.ts';
import { snackbar } from '../../snackbar/snackbar-service.ts';
import { ProjectTransformTab } from './ProjectTransformTab.tsx';
import {
  initialProjectValues,
  type ProjectFormValues,
  toProjectVariables,
} from './project-form.ts';
import { TagOptionsField } from './TagOptionsField.tsx';
import {
  type ProjectItem,
  useCreateProject,
  useGeoidGridFiles,
  useOrganizationOptions,
  useUpdateProject,
} from './use-project-admin.ts';

export interface ProjectDialogProps {
  /** The project to edit; null creates one. */
  project: ProjectItem | null;
  /** Admins choose the organization; power users' projects go to their own (spec §5). */
  canChooseOrganization: boolean;
  onClose(): void;
}

type TabName = 'transform' | 'classification';

/** 'New Project' / 'Edit Project' (850 wide) with the tabs Transform and Classification. */
export function ProjectDialog({ project, canChooseOrganization, onClose }: ProjectDialogProps) {
  const editing = project !== null;
  const [tab, setTab] = useState<TabName>('transform');
  const organizations = useOrganizationOptions(!canChooseOrganization);
  const geoidGridFiles = useGeoidGridFiles();
  const createProject = useCreateProject();
  const updateProject = useUpdateProject();
  const { control, handleSubmit, setValue, formState } = useForm({
    mode: 'onTouched',
    resolver: schemaResolver<ProjectFormValues>()(
      projectFormSchema({ chooseOrganization: canChooseOrganization }),
    ),
    defaultValues: initialProjectValues(project, ''),
  });

  const handleInvalid = (errors: FieldErrors<ProjectFormValues>) => {
    // Show the tab that holds the broken field.
    if (errors.projection || errors.helmert) setTab('transform');
  };

  const handleSave = handleSubmit(async (values) => {
    const variables = toProjectVariables(
      values,
      canChooseOrganization ? values.organizationId : null,
    );
    const utm = values.utm.trim().toUpperCase();
    try {
      if (project) await updateProject(project.id, variables, utm);
      else await createProject(variables, utm);
    } catch {
      // The error link has shown the server's message; the dialog keeps the user's input.
      return;
    }
    snackbar.success(editing ? PROJECT_UPDATED : PROJECT_CREATED);
    onClose();
  }, handleInvalid);

  return (
    <FormDialog
      name="project"
      title={editing ? PROJECT_EDIT_TITLE : PROJECT_CREATE_TITLE}
      width={DIALOG_WIDTHS.project}
      onSubmit={handleSave}
      onClose={onClose}
      submitLabel="Save"
      submitDisabled={formState.isSubmitting}
    >
      <FormTextField
        name="name"
        control={control}
        label="Project Name"
        required
        autoFocus
        slotProps={{ htmlInput: { 'data-testid': 'project-name' } }}
      />
      {canChooseOrganization ? (
        <Controller
          name="organizationId"
          control={control}
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              select
              label="Organization"
              required
              error={fieldState.invalid}
              helperText={fieldState.error?.message}
              data-testid="project-organization"
            >
              {organizations.map((organization) => (
                <MenuItem key={organization.id} value={organization.id}>
                  {organization.name}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      ) : null}
      <FormCheckbox name="active" control={control} label="Active" />
      <Controller
        name="comments"
        control={control}
        render={({ field }) => (
          <TextField
            {...field}
            label="Comments"
            multiline
            rows={2}
            slotProps={{
              htmlInput: { 'data-testid': 'project-comments' },
              input: {
                endAdornment: field.value ? (
                  <InputAdornment position="end">
                    <IconButton
                      size="small"
                      aria-label="Clear comments"
                      onClick={() => field.onChange('')}
                    >
                      <ClearIcon fontSize="small" />
                    </IconButton>
                  </InputAdornment>
                ) : undefined,
              },
            }}
          />
        )}
      />
      <FormTextField
        name="utm"
        control={control}
        label="UTM"
        required
        helperText={UTM_HINT}
        slotProps={{
          htmlInput: { 'data-testid': 'project-utm' },
          formHelperText: { 'data-testid': 'project-utm-helper' } as object,
        }}
      />
      <Tabs value={tab} onChange={(_event, value: TabName) => setTab(value)}>
        <Tab value="transform" label="Transform" />
        <Tab value="classification" label="Classification" />
      </Tabs>
      {/* Both tabs stay mounted so their fields keep validating while hidden. */}
      <Box hidden={tab !== 'transform'}>
        <ProjectTransformTab
          control={control}
          setValue={setValue}
          geoidGridFiles={geoidGridFiles}
        />
      </Box>
      <Box hidden={tab !== 'classification'}>
        <Controller
          name="tagOptions"
          control={control}
          render={({ field }) => <TagOptionsField value={field.value} onChange={field.onChange} />}
        />
      </Box>
    </FormDialog>
  );
}
