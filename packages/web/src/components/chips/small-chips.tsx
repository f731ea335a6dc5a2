import { type AutocompleteRenderValueGetItemProps, Chip } from '@mui/material';

/**
 * An Autocomplete's chosen values as small chips (its `renderValue`), each with the delete
 * handler and key the Autocomplete gives it.
 */
export function smallChips(
  values: readonly string[],
  getItemProps: AutocompleteRenderValueGetItemProps<true>,
) {
  return values.map((option, index) => {
    const { key, ...itemProps } = getItemProps({ index });
    return <Chip key={key} size="small" label={option} {...itemProps} />;
  });
}
