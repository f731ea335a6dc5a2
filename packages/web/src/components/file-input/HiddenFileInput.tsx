import type { ComponentProps } from 'react';

/**
 * The file chooser behind a "Choose file" button or a drop zone: out of the layout and out of the
 * Tab order. A dialog's focus trap (MUI's) skips only `type="hidden"` inputs, so a hidden file
 * input left tabbable became its first stop: focusing it failed, and Tab stayed on the dialog
 * itself, out of reach of every field and button.
 */
export function HiddenFileInput(
  props: Omit<ComponentProps<'input'>, 'type' | 'hidden' | 'tabIndex'>,
) {
  return <input {...props} type="file" hidden tabIndex={-1} />;
}
