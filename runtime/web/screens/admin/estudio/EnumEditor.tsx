import { Alert, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { useTenant } from '../../../app/RuntimeContext.tsx';
import { SaveBar, SchemaPicker } from './SchemaPicker.tsx';
import { useEditedDraft } from './useEditedDraft.ts';

interface EnumValue {
  code: string | number;
  key: string;
  label: string;
  color?: string;
  [key: string]: unknown;
}
interface EnumFile {
  name: string;
  label?: string;
  values: EnumValue[];
  [key: string]: unknown;
}

const COLORS: Array<[string, string]> = [
  ['', '(sem cor)'],
  ['blue', 'Azul'],
  ['green', 'Verde'],
  ['orange', 'Laranja'],
  ['red', 'Vermelho'],
  ['grey', 'Cinza'],
  ['purple', 'Roxo'],
];

/** Estúdio › Textos e enumerações: the labels and colours of an enumeration's values; codes never change. */
export function EnumEditor({ whiteLabelId, onSaved }: { whiteLabelId: number; onSaved(): void }) {
  const { schemas } = useTenant();
  const options = useMemo(
    () =>
      Object.entries(schemas.enums ?? {})
        .map(([name, file]) => ({
          caminho: `schemas/enums/${name}.enum.json`,
          label: String((file as { label?: string }).label ?? name),
        }))
        .sort((a, b) => a.label.localeCompare(b.label, 'pt-BR')),
    [schemas.enums],
  );
  const [caminho, setCaminho] = useState<string | null>(null);
  const { edited, setEdited, bar, loadError, base } = useEditedDraft<EnumFile>(
    whiteLabelId,
    caminho,
    onSaved,
  );
  const change = (index: number, patch: Partial<EnumValue>) =>
    edited &&
    setEdited({
      ...edited,
      values: edited.values.map((value, at) => {
        if (at !== index) return value;
        const next = { ...value, ...patch };
        if (!next.color) delete next.color;
        return next;
      }),
    });
  return (
    <Stack spacing={2}>
      <SchemaPicker label="Enumeração" options={options} value={caminho} onChange={setCaminho} />
      {loadError && <Alert severity="error">{loadError}</Alert>}
      {edited && (
        <>
          <SaveBar {...bar} />
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Stack spacing={1.5}>
              <TextField
                size="small"
                fullWidth={false}
                label="Nome da enumeração"
                value={edited.label ?? ''}
                onChange={(event) => setEdited({ ...edited, label: event.target.value })}
                sx={{ maxWidth: 420 }}
              />
              {edited.values.map((value, index) => (
                <Stack key={String(value.code)} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <Typography
                    variant="body2"
                    sx={{ width: 110, fontFamily: 'monospace' }}
                    title="O código não muda"
                  >
                    {String(value.code)}
                  </Typography>
                  <TextField
                    size="small"
                    fullWidth={false}
                    label="Rótulo"
                    placeholder={base?.values[index]?.label}
                    value={value.label}
                    onChange={(event) => change(index, { label: event.target.value })}
                    sx={{ minWidth: 280 }}
                  />
                  <TextField
                    select
                    size="small"
                    fullWidth={false}
                    label="Cor"
                    value={value.color ?? ''}
                    onChange={(event) => change(index, { color: event.target.value })}
                    sx={{ width: 150 }}
                  >
                    {COLORS.map(([color, text]) => (
                      <MenuItem key={color} value={color}>
                        {text}
                      </MenuItem>
                    ))}
                  </TextField>
                </Stack>
              ))}
            </Stack>
          </Paper>
        </>
      )}
    </Stack>
  );
}
