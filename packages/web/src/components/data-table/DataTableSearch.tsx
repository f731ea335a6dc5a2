import SearchIcon from '@mui/icons-material/Search';
import { InputAdornment, TextField } from '@mui/material';

/** The search box of a table. */
export function DataTableSearch(props: {
  value: string;
  placeholder: string;
  onChange(value: string): void;
}) {
  return (
    <TextField
      size="small"
      value={props.value}
      placeholder={props.placeholder}
      onChange={(event) => props.onChange(event.target.value)}
      slotProps={{
        htmlInput: { 'aria-label': props.placeholder },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
