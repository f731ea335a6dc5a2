import { annotationFormSchema } from '@asset-portal/shared';
import { MenuItem, TextField, Typography } from '@mui/material';
import { Controller, useForm } from 'react-hook-form';
import { FormDialog } from '../../../components/form-dialog/FormDialog.tsx';
import { schemaResolver } from '../../../components/form-dialog/schema-resolver.ts';
import { snackbar } from '../../../snackbar/snackbar-service.ts';
import {
  ANNOTATION_CREATE_TITLE,
  ANNOTATION_CREATED,
  ANNOTATION_EDIT_TITLE,
  ANNOTATION_UPDATED,
} from './annotation-messages.ts';
import {
  type AnnotationFormValues,
  type AnnotationItem,
  annotationTypeOptions,
  initialAnnotationValues,
  pointOf,
} from './annotation-model.ts';
import { useCreateAnnotation, useUpdateAnnotation } from './use-annotations.ts';

const DIALOG_WIDTH = 500;

export type AnnotationDialogTarget =
  | { kind: 'create'; scanId: string; point: [number, number] }
  | { kind: 'edit'; annotation: AnnotationItem };

export interface AnnotationDialogProps {
  target: AnnotationDialogTarget;
  onClose(): void;
}

/** 'New Annotation' / 'Edit Annotation': title, type and comment of a point on a scan. */
export function AnnotationDialog({ target, onClose }: AnnotationDialogProps) {
  const annotation = target.kind === 'edit' ? target.annotation : null;
  const point: [number, number] =
    target.kind === 'create'
      ? target.point
      : [target.annotation.point.coordinates[0] ?? 0, target.annotation.point.coordinates[1] ?? 0];
  const scanId = target.kind === 'create' ? target.scanId : target.annotation.scanId;
  const createAnnotation = useCreateAnnotation();
  const updateAnnotation = useUpdateAnnotation();
  const { control, handleSubmit, formState } = useForm({
    mode: 'onTouched',
    resolver: schemaResolver<AnnotationFormValues>()(annotationFormSchema),
    defaultValues: initialAnnotationValues(annotation),
  });

  const handleSave = handleSubmit(async (values) => {
    const change = {
      title: values.title,
      type: values.type,
      comment: values.comment,
      // An edit keeps the stored point as it is, height included.
      point: annotation
        ? { type: 'Point' as const, coordinates: annotation.point.coordinates }
        : pointOf(point),
    };
    try {
      if (annotation) await updateAnnotation(annotation.id, change);
      else await createAnnotation(scanId, change);
    } catch {
      // The error link has shown the server's message; the dialog keeps the user's input.
      return;
    }
    snackbar.success(annotation ? ANNOTATION_UPDATED : ANNOTATION_CREATED);
    onClose();
  });

  return (
    <FormDialog
      name="annotation"
      title={annotation ? ANNOTATION_EDIT_TITLE : ANNOTATION_CREATE_TITLE}
      width={DIALOG_WIDTH}
      onSubmit={handleSave}
      onClose={onClose}
      submitLabel="Save"
      submitDisabled={formState.isSubmitting}
      busy={formState.isSubmitting}
    >
      <Typography variant="body2" color="text.secondary" data-testid="annotation-dialog-place">
        Scan {scanId} · {point[1].toFixed(6)}, {point[0].toFixed(6)}
      </Typography>
      <Controller
        name="title"
        control={control}
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            label="Title"
            required
            autoFocus
            error={fieldState.invalid}
            helperText={fieldState.error?.message}
            slotProps={{ htmlInput: { 'data-testid': 'annotation-title' } }}
          />
        )}
      />
      <Controller
        name="type"
        control={control}
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            select
            label="Type"
            error={fieldState.invalid}
            helperText={fieldState.error?.message}
            data-testid="annotation-type"
          >
            {annotationTypeOptions(annotation?.type).map((type) => (
              <MenuItem key={type} value={type}>
                {type}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Controller
        name="comment"
        control={control}
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            label="Comment"
            multiline
            minRows={3}
            error={fieldState.invalid}
            helperText={fieldState.error?.message}
            slotProps={{ htmlInput: { 'data-testid': 'annotation-comment' } }}
          />
        )}
      />
    </FormDialog>
  );
}
