import { HELMERT_FORM_FIELDS } from '@asset-portal/shared';
import { Autocomplete, Box, Button, InputAdornment, TextField, Typography } from '@mui/material';
import { type Control, Controller, type UseFormSetValue, useWatch } from 'react-hook-form';
import { useSession } from '../../auth/SessionContext.tsx';
import { FormTextField } from '../../components/form-dialog/FormTextField.tsx';
import { GeoidGridUpload } from './GeoidGridUpload.tsx';
import {
  HELMERT_EMPTY_FORM,
  HELMERT_EXAMPLE_FORM,
  type ProjectFormValues,
  projectionPlaceholder,
} from './project-form.ts';

const NO_GEOID_GRIDS = 'No geoid grids on the server yet: an Admin uploads them here.';
const NO_GEOID_GRIDS_ADMIN = 'No geoid grids on the server yet: upload one with the button.';

interface ProjectTransformTabProps {
  control: Control<ProjectFormValues>;
  setValue: UseFormSetValue<ProjectFormValues>;
  geoidGridFiles: readonly string[];
}

/** Tab 'Transform': proj4 projection, geoid grid and the Helmert parameters. */
export function ProjectTransformTab({
  control,
  setValue,
  geoidGridFiles,
}: ProjectTransformTabProps) {
  const { session } = useSession();
  // Geoid grids serve every organization: only Admins add them.
  const canUploadGeoidGrid = session.status === 'signedIn' && session.user.userType === 'Admin';
  const utm = useWatch({ control, name: 'utm' });
  const handlePrefill = () =>
    setValue('helmert', { ...HELMERT_EXAMPLE_FORM }, { shouldDirty: true, shouldValidate: true });
  const handleReset = () =>
    setValue('helmert', { ...HELMERT_EMPTY_FORM }, { shouldDirty: true, shouldValidate: true });

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="transform-tab">
      <FormTextField
        name="projection"
        control={control}
        label="Proj4 Projection"
        placeholder={projectionPlaceholder(utm)}
        helperText={'Blank means no projection'}
        slotProps={{ htmlInput: { 'data-testid': 'project-projection' } }}
      />
      <Controller
        name="geoidGridFile"
        control={control}
        render={({ field }) => (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Autocomplete
              sx={{ flex: 1 }}
              options={[
                ...new Set([...geoidGridFiles, ...(field.value ? [field.value] : [])]),
              ].sort()}
              value={field.value}
              onChange={(_event, value) => field.onChange(value)}
              noOptionsText={canUploadGeoidGrid ? NO_GEOID_GRIDS_ADMIN : NO_GEOID_GRIDS}
              renderInput={(params) => (
                <TextField {...params} label="Geoid Grid" placeholder="None" />
              )}
              data-testid="project-geoid-grid"
            />
            {canUploadGeoidGrid ? (
              <GeoidGridUpload onUploaded={(name) => field.onChange(name)} />
            ) : null}
          </Box>
        )}
      />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="subtitle2" sx={{ flex: 1 }}>
          Helmert Parameters
        </Typography>
        <Button size="small" onClick={handlePrefill}>
          prefill example
        </Button>
        <Button size="small" onClick={handleReset}>
          reset
        </Button>
      </Box>
      <Box
        sx={{ display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', gap: 1.5 }}
        data-testid="helmert-fields"
      >
        {HELMERT_FORM_FIELDS.map(({ key, label, unit }) => (
          <Controller
            key={key}
            name={`helmert.${key}`}
            control={control}
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                size="small"
                label={label}
                error={fieldState.invalid}
                helperText={fieldState.error?.message}
                sx={key === 'name' ? { gridColumn: '1 / -1' } : undefined}
                slotProps={{
                  htmlInput: {
                    'data-testid': `helmert-${key}`,
                    inputMode: key === 'name' ? 'text' : 'decimal',
                  },
                  input: unit
                    ? { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> }
                    : undefined,
                }}
              />
            )}
          />
        ))}
      </Box>
    </Box>
  );
}
