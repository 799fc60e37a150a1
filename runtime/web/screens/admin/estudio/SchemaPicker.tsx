import { Alert, Autocomplete, Box, Button, Chip, Stack, TextField } from '@mui/material';
import type { ReactNode } from 'react';

export interface PickerOption {
  caminho: string;
  label: string;
}

/** The chooser of the schema an editor works on, plus its save bar (draft chip, restore, save). */
export function SchemaPicker({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: PickerOption[];
  value: string | null;
  onChange(caminho: string | null): void;
}) {
  return (
    <Autocomplete
      options={options}
      value={options.find((option) => option.caminho === value) ?? null}
      onChange={(_event, option) => onChange(option?.caminho ?? null)}
      getOptionLabel={(option) => option.label}
      isOptionEqualToValue={(a, b) => a.caminho === b.caminho}
      renderInput={(params) => <TextField {...params} label={label} placeholder="Escolha" />}
      sx={{ maxWidth: 420 }}
    />
  );
}

export function SaveBar({
  rascunho,
  dirty,
  saving,
  onSave,
  onRestore,
  message,
  onCloseMessage,
  children,
}: {
  rascunho: boolean;
  dirty: boolean;
  saving: boolean;
  onSave(): void;
  onRestore(): void;
  message: string | null;
  onCloseMessage(): void;
  children?: ReactNode;
}) {
  return (
    <>
      {message && (
        <Alert severity="error" onClose={onCloseMessage}>
          {message}
        </Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        {rascunho && <Chip size="small" color="warning" label="Rascunho" />}
        {children}
        <Box sx={{ flex: 1 }} />
        <Button onClick={onRestore} disabled={saving}>
          Restaurar padrão
        </Button>
        <Button variant="contained" onClick={onSave} disabled={saving || !dirty}>
          Salvar rascunho
        </Button>
      </Stack>
    </>
  );
}
