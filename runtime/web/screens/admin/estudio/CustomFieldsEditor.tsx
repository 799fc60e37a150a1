import {
  Alert,
  Button,
  Chip,
  FormControlLabel,
  MenuItem,
  Paper,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useMemo, useState } from 'react';
import {
  CUSTOM_FIELD_TYPES,
  type CustomField,
  type CustomFieldType,
  customFieldNameFromLabel,
} from '../../../../core/customFields.ts';
import { useTenant } from '../../../app/RuntimeContext.tsx';
import { SaveBar, SchemaPicker } from './SchemaPicker.tsx';
import { useEditedDraft } from './useEditedDraft.ts';

interface EntityFile {
  name: string;
  label?: string;
  managed?: boolean;
  fields?: Record<string, { label?: string }>;
  customFields?: Record<string, CustomField>;
  [key: string]: unknown;
}

const MASKS: Array<[string, string]> = [
  ['', '(nenhuma)'],
  ['cpf', 'CPF'],
  ['cnpj', 'CNPJ'],
  ['cpfCnpj', 'CPF ou CNPJ'],
  ['phone', 'Telefone'],
  ['cep', 'CEP'],
  ['ncm', 'NCM'],
  ['cest', 'CEST'],
];
const TYPE_LABEL = new Map(CUSTOM_FIELD_TYPES.map((entry) => [entry.type, entry.label]));
const entityPath = (name: string) => `schemas/entities/${name}/${name}.entity.json`;

interface Draft {
  name: string;
  field: CustomField;
  /** Options typed one per line ("valor=Rótulo" or just the label). */
  options: string;
  isNew: boolean;
}

const blank = (): Draft => ({ name: '', field: { type: 'string', label: '' }, options: '', isNew: true });

function optionsText(field: CustomField): string {
  return (field.options ?? []).map((option) => `${option.value}=${option.label}`).join('\n');
}

function parseOptions(text: string): CustomField['options'] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const at = line.indexOf('=');
      const label = at > 0 ? line.slice(at + 1).trim() : line;
      const value = at > 0 ? line.slice(0, at).trim() : customFieldNameFromLabel(line) || line;
      return { value, label };
    });
}

/** Number input's value: '' leaves the property out. */
const numberOf = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text));

/**
 * Estúdio › Campos personalizados: fields this white-label adds to a cadastro (text, number, money, date,
 * yes/no, list of options, reference to another cadastro), with mask and validation. They are saved in the
 * record's `custom` column, validated by the server, and appear in the form (section "Campos
 * personalizados" unless placed), the list, its filters and the exports. Removing one keeps the values
 * already saved (restoring a version brings them back).
 */
export function CustomFieldsEditor({ whiteLabelId, onSaved }: { whiteLabelId: number; onSaved(): void }) {
  const { schemas } = useTenant();
  const entities = (schemas.entities ?? {}) as Record<string, { entity?: EntityFile }>;
  const options = useMemo(
    () =>
      Object.entries(entities)
        .filter(([, files]) => files.entity && files.entity.managed !== false)
        .map(([name, files]) => ({
          caminho: entityPath(name),
          label: String(files.entity?.label ?? name),
        }))
        .sort((a, b) => a.label.localeCompare(b.label, 'pt-BR')),
    [entities],
  );
  const relationTargets = useMemo(
    () => options.map((option) => ({ name: option.caminho.split('/')[2] as string, label: option.label })),
    [options],
  );
  const [caminho, setCaminho] = useState<string | null>(null);
  const { edited, setEdited, bar, loadError } = useEditedDraft<EntityFile>(whiteLabelId, caminho, onSaved);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const custom = edited?.customFields ?? {};

  const setField = (patch: Partial<CustomField>) =>
    draft && setDraft({ ...draft, field: { ...draft.field, ...patch } });
  const apply = () => {
    if (!draft || !edited) return;
    const name = draft.name.trim();
    const label = draft.field.label.trim();
    if (!label) return setProblem('Informe o rótulo do campo.');
    if (!/^[a-z][a-zA-Z0-9]{0,39}$/.test(name))
      return setProblem(
        'O nome interno começa com letra minúscula e tem só letras e números (ex.: codigoInterno).',
      );
    if (draft.isNew && (Object.hasOwn(edited.fields ?? {}, name) || Object.hasOwn(custom, name)))
      return setProblem(`"${name}" já é um campo deste cadastro: escolha outro nome.`);
    const field: CustomField = { ...draft.field, label };
    if (field.type === 'enum') field.options = parseOptions(draft.options);
    else delete field.options;
    if (field.type !== 'relation') delete field.relation;
    for (const key of Object.keys(field) as Array<keyof CustomField>)
      if (field[key] === undefined || field[key] === '') delete field[key];
    setEdited({ ...edited, customFields: { ...custom, [name]: field } });
    setDraft(null);
    setProblem(null);
  };
  const remove = (name: string) => {
    if (!edited) return;
    const { [name]: _removed, ...rest } = custom;
    setEdited({ ...edited, customFields: rest });
  };

  const type = draft?.field.type;
  const numeric = type === 'integer' || type === 'decimal' || type === 'money';
  return (
    <Stack spacing={2}>
      <SchemaPicker label="Cadastro" options={options} value={caminho} onChange={setCaminho} />
      {loadError && <Alert severity="error">{loadError}</Alert>}
      {edited && (
        <>
          <SaveBar {...bar} />
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="subtitle2" sx={{ mb: 1 }}>
              Campos personalizados de {edited.label ?? edited.name}
            </Typography>
            {Object.keys(custom).length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                Nenhum campo personalizado. Use “Adicionar campo” para criar o primeiro.
              </Typography>
            ) : (
              <Table size="small" aria-label="Campos personalizados">
                <TableHead>
                  <TableRow>
                    <TableCell>Rótulo</TableCell>
                    <TableCell>Nome interno</TableCell>
                    <TableCell>Tipo</TableCell>
                    <TableCell>Obrigatório</TableCell>
                    <TableCell align="right">Ações</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {Object.entries(custom).map(([name, field]) => (
                    <TableRow key={name}>
                      <TableCell>{field.label}</TableCell>
                      <TableCell sx={{ fontFamily: 'monospace' }}>{name}</TableCell>
                      <TableCell>{TYPE_LABEL.get(field.type) ?? field.type}</TableCell>
                      <TableCell>{field.required ? <Chip size="small" label="Sim" /> : 'Não'}</TableCell>
                      <TableCell align="right">
                        <Button
                          size="small"
                          onClick={() =>
                            setDraft({ name, field: { ...field }, options: optionsText(field), isNew: false })
                          }
                        >
                          Editar
                        </Button>
                        <Button size="small" color="error" onClick={() => remove(name)}>
                          Remover
                        </Button>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
            {!draft && (
              <Button sx={{ mt: 1.5 }} variant="outlined" onClick={() => setDraft(blank())}>
                Adicionar campo
              </Button>
            )}
          </Paper>
          {draft && (
            <Paper variant="outlined" sx={{ p: 2 }} aria-label="Campo personalizado">
              <Stack spacing={1.5} sx={{ maxWidth: 640 }}>
                <Typography variant="subtitle2">
                  {draft.isNew ? 'Novo campo' : `Campo ${draft.name}`}
                </Typography>
                {problem && <Alert severity="error">{problem}</Alert>}
                <TextField
                  size="small"
                  label="Rótulo"
                  value={draft.field.label}
                  onChange={(event) =>
                    setDraft({
                      ...draft,
                      field: { ...draft.field, label: event.target.value },
                      name: draft.isNew ? customFieldNameFromLabel(event.target.value) : draft.name,
                    })
                  }
                />
                <TextField
                  size="small"
                  label="Nome interno"
                  helperText="Usado na API e nos filtros (custom.nome); não muda depois de criado."
                  value={draft.name}
                  disabled={!draft.isNew}
                  onChange={(event) => setDraft({ ...draft, name: event.target.value })}
                />
                <TextField
                  select
                  size="small"
                  label="Tipo"
                  value={draft.field.type}
                  onChange={(event) => setField({ type: event.target.value as CustomFieldType })}
                >
                  {CUSTOM_FIELD_TYPES.map((entry) => (
                    <MenuItem key={entry.type} value={entry.type}>
                      {entry.label}
                    </MenuItem>
                  ))}
                </TextField>
                <TextField
                  size="small"
                  label="Ajuda"
                  value={draft.field.description ?? ''}
                  onChange={(event) => setField({ description: event.target.value || undefined })}
                />
                {(type === 'string' || type === 'text') && (
                  <Stack direction="row" spacing={1}>
                    <TextField
                      size="small"
                      type="number"
                      label="Tamanho máximo"
                      value={draft.field.maxLength ?? ''}
                      onChange={(event) => setField({ maxLength: numberOf(event.target.value) })}
                    />
                    <TextField
                      select
                      size="small"
                      label="Máscara"
                      value={draft.field.mask ?? ''}
                      onChange={(event) =>
                        setField({ mask: (event.target.value || undefined) as CustomField['mask'] })
                      }
                    >
                      {MASKS.map(([mask, text]) => (
                        <MenuItem key={mask} value={mask}>
                          {text}
                        </MenuItem>
                      ))}
                    </TextField>
                  </Stack>
                )}
                {(type === 'string' || type === 'text') && (
                  <Stack direction="row" spacing={1}>
                    <TextField
                      size="small"
                      label="Formato (expressão regular)"
                      value={draft.field.pattern ?? ''}
                      onChange={(event) => setField({ pattern: event.target.value || undefined })}
                    />
                    <TextField
                      size="small"
                      label="Mensagem quando não confere"
                      value={draft.field.patternMessage ?? ''}
                      onChange={(event) => setField({ patternMessage: event.target.value || undefined })}
                    />
                  </Stack>
                )}
                {numeric && (
                  <Stack direction="row" spacing={1}>
                    <TextField
                      size="small"
                      type="number"
                      label="Mínimo"
                      value={draft.field.minimum ?? ''}
                      onChange={(event) => setField({ minimum: numberOf(event.target.value) })}
                    />
                    <TextField
                      size="small"
                      type="number"
                      label="Máximo"
                      value={draft.field.maximum ?? ''}
                      onChange={(event) => setField({ maximum: numberOf(event.target.value) })}
                    />
                  </Stack>
                )}
                {type === 'enum' && (
                  <TextField
                    size="small"
                    multiline
                    minRows={3}
                    label="Opções (uma por linha)"
                    helperText="Escreva o rótulo, ou valor=Rótulo. O valor é o que fica gravado."
                    value={draft.options}
                    onChange={(event) => setDraft({ ...draft, options: event.target.value })}
                  />
                )}
                {type === 'relation' && (
                  <TextField
                    select
                    size="small"
                    label="Cadastro referenciado"
                    value={draft.field.relation?.entity ?? ''}
                    onChange={(event) => setField({ relation: { entity: event.target.value } })}
                  >
                    {relationTargets.map((target) => (
                      <MenuItem key={target.name} value={target.name}>
                        {target.label}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
                <FormControlLabel
                  control={
                    <Switch
                      checked={draft.field.required === true}
                      onChange={(event) => setField({ required: event.target.checked || undefined })}
                    />
                  }
                  label="Obrigatório"
                />
                <Stack direction="row" spacing={1}>
                  <Button variant="contained" onClick={apply}>
                    Aplicar
                  </Button>
                  <Button
                    onClick={() => {
                      setDraft(null);
                      setProblem(null);
                    }}
                  >
                    Cancelar
                  </Button>
                </Stack>
                <Typography variant="caption" color="text.secondary">
                  “Aplicar” muda a lista acima; “Salvar rascunho” guarda as mudanças para publicar depois.
                </Typography>
              </Stack>
            </Paper>
          )}
        </>
      )}
    </Stack>
  );
}
