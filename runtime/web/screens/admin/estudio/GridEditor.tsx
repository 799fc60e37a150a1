import {
  Alert,
  Button,
  FormControlLabel,
  MenuItem,
  Paper,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useMemo, useState } from 'react';
import { customFieldPath } from '../../../../core/customFields.ts';
import { useTenant } from '../../../app/RuntimeContext.tsx';
import { ReorderList } from './ReorderList.tsx';
import { SaveBar, SchemaPicker } from './SchemaPicker.tsx';
import { useEditedDraft } from './useEditedDraft.ts';

interface Column {
  label?: string;
  width?: number;
  hidden?: boolean | string;
  format?: string;
  [key: string]: unknown;
}
interface GridFile {
  entity: string;
  title?: string;
  defaultOrder?: string;
  pageSize?: number;
  columns: Record<string, Column>;
  [key: string]: unknown;
}

const FORMATS: Array<[string, string]> = [
  ['', '(automático)'],
  ['text', 'Texto'],
  ['money', 'Moeda (R$)'],
  ['percent', 'Percentual'],
  ['number', 'Número'],
  ['date', 'Data'],
  ['datetime', 'Data e hora'],
  ['enum', 'Lista de opções'],
  ['boolean', 'Sim/Não'],
  ['status', 'Situação (etiqueta colorida)'],
  ['cpfCnpj', 'CPF/CNPJ'],
  ['phone', 'Telefone'],
];

/**
 * Estúdio › Listas: an entity's grid columns (order, width, label, visible, format), its default sort and page
 * size. A column the base hides by a condition keeps its condition unless the operator shows it.
 */
export function GridEditor({ whiteLabelId, onSaved }: { whiteLabelId: number; onSaved(): void }) {
  const { schemas } = useTenant();
  const options = useMemo(
    () =>
      Object.entries(schemas.entities ?? {})
        .filter(([, files]) => files.grid)
        .map(([name, files]) => ({
          caminho: `schemas/entities/${name}/${name}.grid.json`,
          label: String((files.entity as { labelPlural?: string; label?: string })?.labelPlural ?? name),
        }))
        .sort((a, b) => a.label.localeCompare(b.label, 'pt-BR')),
    [schemas.entities],
  );
  const [caminho, setCaminho] = useState<string | null>(null);
  const { edited, setEdited, bar, loadError } = useEditedDraft<GridFile>(whiteLabelId, caminho, onSaved);
  const entityName = caminho?.split('/')[2] ?? '';
  const entity = schemas.entities?.[entityName]?.entity as
    | { fields?: Record<string, { label?: string }>; customFields?: Record<string, { label: string }> }
    | undefined;
  // Custom fields are columns under `custom.<name>`: shown after the grid's own until placed here.
  const fields: Record<string, { label?: string }> = { ...(entity?.fields ?? {}) };
  for (const [name, custom] of Object.entries(entity?.customFields ?? {}))
    fields[customFieldPath(name)] = { label: custom.label };
  const unplaced = Object.keys(entity?.customFields ?? {})
    .map(customFieldPath)
    .filter((path) => edited && !(path in edited.columns));
  const column = (name: string, change: Partial<Column>) =>
    edited &&
    setEdited({
      ...edited,
      columns: {
        ...edited.columns,
        [name]: Object.fromEntries(
          Object.entries({ ...edited.columns[name], ...change }).filter(
            ([, value]) => value !== undefined && value !== '',
          ),
        ),
      },
    });
  const [field, direction] = (edited?.defaultOrder ?? '').split(' ');

  return (
    <Stack spacing={2}>
      <SchemaPicker label="Lista de" options={options} value={caminho} onChange={setCaminho} />
      {loadError && <Alert severity="error">{loadError}</Alert>}
      {edited && (
        <>
          <SaveBar {...bar} />
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Stack direction="row" spacing={2}>
              <TextField
                select
                size="small"
                fullWidth={false}
                label="Ordenar por"
                value={field ?? ''}
                onChange={(event) =>
                  setEdited({
                    ...edited,
                    defaultOrder: event.target.value
                      ? `${event.target.value} ${direction ?? 'ASC'}`
                      : undefined,
                  })
                }
                sx={{ minWidth: 220 }}
              >
                <MenuItem value="">(padrão do sistema)</MenuItem>
                {Object.keys(edited.columns).map((name) => (
                  <MenuItem key={name} value={name}>
                    {edited.columns[name]?.label ?? fields[name]?.label ?? name}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                select
                size="small"
                fullWidth={false}
                label="Sentido"
                value={direction ?? 'ASC'}
                disabled={!field}
                onChange={(event) => setEdited({ ...edited, defaultOrder: `${field} ${event.target.value}` })}
              >
                <MenuItem value="ASC">Crescente</MenuItem>
                <MenuItem value="DESC">Decrescente</MenuItem>
              </TextField>
              <TextField
                select
                size="small"
                fullWidth={false}
                label="Linhas por página"
                value={edited.pageSize ?? ''}
                onChange={(event) =>
                  setEdited({
                    ...edited,
                    pageSize: event.target.value ? Number(event.target.value) : undefined,
                  })
                }
                sx={{ minWidth: 160 }}
              >
                <MenuItem value="">(padrão)</MenuItem>
                {[10, 20, 25, 50, 100].map((size) => (
                  <MenuItem key={size} value={size}>
                    {size}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
          </Paper>
          <ReorderList
            items={edited.columns}
            onChange={(columns) => setEdited({ ...edited, columns })}
            label={(name, item) => `a coluna ${item.label ?? fields[name]?.label ?? name}`}
            render={(name, item) => (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} aria-label={`Coluna ${name}`}>
                <TextField
                  size="small"
                  fullWidth={false}
                  label={`Rótulo de "${fields[name]?.label ?? name}"`}
                  placeholder={fields[name]?.label ?? name}
                  value={item.label ?? ''}
                  onChange={(event) => column(name, { label: event.target.value })}
                  sx={{ minWidth: 220 }}
                />
                <TextField
                  size="small"
                  fullWidth={false}
                  type="number"
                  label="Largura (px)"
                  value={item.width ?? ''}
                  onChange={(event) =>
                    column(name, { width: event.target.value ? Number(event.target.value) : undefined })
                  }
                  sx={{ width: 130 }}
                />
                <TextField
                  select
                  size="small"
                  fullWidth={false}
                  label="Formato"
                  value={item.format ?? ''}
                  onChange={(event) => column(name, { format: event.target.value || undefined })}
                  sx={{ width: 150 }}
                >
                  {FORMATS.map(([format, text]) => (
                    <MenuItem key={format} value={format}>
                      {text}
                    </MenuItem>
                  ))}
                </TextField>
                <FormControlLabel
                  control={
                    <Switch
                      size="small"
                      checked={item.hidden !== true}
                      onChange={(event) => column(name, { hidden: event.target.checked ? undefined : true })}
                    />
                  }
                  label="Visível"
                />
                <FormControlLabel
                  control={
                    <Switch
                      size="small"
                      checked={item.filter === true}
                      onChange={(event) => column(name, { filter: event.target.checked || undefined })}
                    />
                  }
                  label="Filtro"
                />
                <FormControlLabel
                  control={
                    <Switch
                      size="small"
                      checked={item.sortable === true}
                      onChange={(event) => column(name, { sortable: event.target.checked || undefined })}
                    />
                  }
                  label="Ordenável"
                />
              </Stack>
            )}
          />
          {unplaced.length > 0 && (
            <Paper variant="outlined" sx={{ p: 2 }}>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                Campos personalizados: aparecem no fim da lista. Inclua-os aqui para mudar a posição, o rótulo
                ou ocultá-los.
              </Typography>
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                {unplaced.map((path) => (
                  <Button
                    key={path}
                    size="small"
                    variant="outlined"
                    onClick={() => setEdited({ ...edited, columns: { ...edited.columns, [path]: {} } })}
                  >
                    Incluir “{fields[path]?.label ?? path}”
                  </Button>
                ))}
              </Stack>
            </Paper>
          )}
        </>
      )}
    </Stack>
  );
}
