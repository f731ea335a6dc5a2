import {
  Checkbox,
  type CheckboxProps,
  FormControlLabel,
  type FormControlLabelProps,
} from '@mui/material';
import type { ReactNode } from 'react';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';

interface FormCheckboxProps<T extends FieldValues, O> {
  name: FieldPath<T>;
  /** The form's control; O is the values after the schema's transforms. */
  control: Control<T, unknown, O>;
  label: ReactNode;
  disabled?: boolean;
  /** After the field took the new value: what else the change starts (clearing errors, say). */
  onChange?(checked: boolean): void;
  /** The box itself: an id, or a test id on its input. */
  checkboxProps?: Omit<CheckboxProps, 'checked' | 'onChange'>;
  sx?: FormControlLabelProps['sx'];
}

/** A labelled checkbox bound to one boolean field of a form. */
export function FormCheckbox<T extends FieldValues, O = T>({
  name,
  control,
  label,
  disabled,
  onChange,
  checkboxProps,
  sx,
}: FormCheckboxProps<T, O>) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <FormControlLabel
          label={label}
          disabled={disabled}
          sx={sx}
          control={
            <Checkbox
              {...checkboxProps}
              checked={Boolean(field.value)}
              onChange={(event) => {
                field.onChange(event.target.checked);
                onChange?.(event.target.checked);
              }}
            />
          }
        />
      )}
    />
  );
}
