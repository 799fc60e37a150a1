import { InputAdornment, TextField } from '@mui/material';
import Icon from '@mui/material/Icon';

/** The search box of the administrator lists. */
export function SearchField(props: { label: string; value: string; onChange(value: string): void }) {
  return (
    <TextField
      type="search"
      size="small"
      label={props.label}
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
      slotProps={{
        htmlInput: { maxLength: 100 },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Icon fontSize="small">search</Icon>
            </InputAdornment>
          ),
        },
      }}
      sx={{ minWidth: { sm: 360 } }}
    />
  );
}
