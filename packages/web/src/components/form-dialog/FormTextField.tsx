import { TextField, type TextFieldProps } from '@mui/material';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';

type FormTextFieldProps<T extends FieldValues, O> = Omit<
  TextFieldProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'inputRef'
> & {
  name: FieldPath<T>;
  /** The form's control; O is the values after the schema's transforms. */
  control: Control<T, unknown, O>;
};

/**
 * A text field bound to one form field: it shows the field's validation message in place of its
 * hint while the value is invalid, as every dialog of the portal does.
 */
export function FormTextField<T extends FieldValues, O = T>({
  name,
  control,
  helperText,
  ...props
}: FormTextFieldProps<T, O>) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          {...props}
          error={fieldState.invalid}
          helperText={fieldState.error?.message ?? helperText}
        />
      )}
    />
  );
}
