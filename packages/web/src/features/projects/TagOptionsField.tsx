import { Autocomplete, TextField } from '@mui/material';
import { type KeyboardEvent, useState } from 'react';
import { smallChips } from '../../components/chips/small-chips.tsx';

/** What the field says under a tag typed again. */
export const tagAlreadyListed = (tag: string) => `'${tag}' is already a tag option.`;

/**
 * The project's 'Tag Options': a tag is typed and added with Enter. A tag typed again is not
 * added twice; the field says so and clears, instead of keeping the text with nothing happening.
 */
export function TagOptionsField({
  value,
  onChange,
}: {
  value: string[];
  onChange(tags: string[]): void;
}) {
  const [typed, setTyped] = useState('');
  const [note, setNote] = useState<string | null>(null);

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const tag = typed.trim();
    if (event.key !== 'Enter' || !tag || !value.includes(tag)) return;
    // Neither the Autocomplete (which would do nothing) nor the form (Save) takes this Enter.
    event.preventDefault();
    (
      event as KeyboardEvent<HTMLDivElement> & { defaultMuiPrevented?: boolean }
    ).defaultMuiPrevented = true;
    setTyped('');
    setNote(tagAlreadyListed(tag));
  };

  return (
    <Autocomplete
      multiple
      freeSolo
      autoSelect
      options={[]}
      value={value}
      inputValue={typed}
      onInputChange={(_event, next, reason) => {
        setTyped(next);
        if (reason === 'input') setNote(null);
      }}
      onChange={(_event, next) => onChange([...new Set(next.map((v) => v.trim()).filter(Boolean))])}
      onKeyDown={handleKeyDown}
      renderValue={smallChips}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Tag Options"
          placeholder="Type a tag and press Enter"
          helperText={note ?? 'Tags for classifying scans'}
        />
      )}
      data-testid="project-tag-options"
    />
  );
}
