import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Chip,
  FormControlLabel,
  MenuItem,
  Paper,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { useTenant } from '../../../app/RuntimeContext.tsx';
import { useNotify } from '../../../ui/NotifyProvider.tsx';
import { LayerHint } from './LayerHint.tsx';
import { ReorderList } from './ReorderList.tsx';
import { useSchemaDraft } from './useStudio.ts';

interface FieldLayout {
  label?: string;
  hidden?: boolean;
  readOnly?: boolean;
  help?: string;
  placeholder?: string;
  [key: string]: unknown;
}
interface Section {
  title?: string;
  tab?: string;
  fields?: Record<string, FieldLayout>;
  [key: string]: unknown;
}
interface FormFile {
  entity: string;
  title?: string;
  tabs?: Record<string, { title: string }>;
  sections: Record<string, Section>;
  [key: string]: unknown;
}
interface EntityField {
  label?: string;
  type?: string;
  required?: boolean;
  readOnly?: boolean;
  default?: unknown;
  [key: string]: unknown;
}
interface EntityFile {
  label?: string;
  fields: Record<string, EntityField>;
  [key: string]: unknown;
}

/** A field's layout wherever it sits in a form (fields move between sections). */
const layoutIn = (file: FormFile | undefined, name: string): FieldLayout | undefined => {
  for (const section of Object.values(file?.sections ?? {}))
    if (section.fields?.[name]) return section.fields[name];
  return undefined;
};

const formPath = (entity: string) => `schemas/entities/${entity}/${entity}.form.json`;
const entityPath = (entity: string) => `schemas/entities/${entity}/${entity}.entity.json`;

/** A default typed as text, converted to the field's type ('' removes it). */
function parseDefault(field: EntityField, text: string): unknown {
  if (text === '') return undefined;
  if (field.type === 'boolean') return ['sim', 's', 'true'].includes(text.trim().toLowerCase());
  if (['integer', 'number', 'money', 'decimal', 'percent'].includes(String(field.type))) {
    const number = Number(text.replace(/\./g, '').replace(',', '.'));
    return Number.isFinite(number) ? number : text;
  }
  return text;
}

/** Layout properties whose layer (system, white-label files, studio) the editor shows besides the label. */
const LAYOUT_PROPERTIES = [
  ['help', 'Ajuda'],
  ['placeholder', 'Texto de exemplo'],
  ['hidden', 'Oculto'],
  ['readOnly', 'Somente leitura'],
  ['colSpan', 'Largura'],
] as const;

/**
 * Estúdio › Formulários: an entity's form as its users see it, editable: drag fields to reorder them or to
 * another section, rename labels, help texts and placeholders, hide, make read-only or required (never
 * weaker than the system's rules: a field the system requires stays required), set defaults. Saves the
 * form and the entity as drafts (only the differences from the base).
 */
export function FormEditor({ whiteLabelId, onSaved }: { whiteLabelId: number; onSaved(): void }) {
  const { schemas } = useTenant();
  const notify = useNotify();
  const options = useMemo(
    () =>
      Object.entries(schemas.entities ?? {})
        .filter(([, files]) => files.form)
        .map(([name, files]) => ({
          name,
          label: String((files.entity as { label?: string })?.label ?? name),
        }))
        .sort((a, b) => a.label.localeCompare(b.label, 'pt-BR')),
    [schemas.entities],
  );
  const [entityName, setEntityName] = useState<string | null>(null);
  const form = useSchemaDraft<FormFile>(whiteLabelId, entityName ? formPath(entityName) : null, onSaved);
  const entity = useSchemaDraft<EntityFile>(
    whiteLabelId,
    entityName ? entityPath(entityName) : null,
    onSaved,
  );
  const [editedForm, setEditedForm] = useState<FormFile | null>(null);
  const [editedEntity, setEditedEntity] = useState<EntityFile | null>(null);
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  useEffect(() => setEditedForm(form.draft?.edited ?? null), [form.draft]);
  useEffect(() => setEditedEntity(entity.draft?.edited ?? null), [entity.draft]);

  const dirty =
    JSON.stringify(editedForm) !== JSON.stringify(form.draft?.edited) ||
    JSON.stringify(editedEntity) !== JSON.stringify(entity.draft?.edited);

  const updateSection = (sectionId: string, change: (section: Section) => Section) =>
    setEditedForm((current) =>
      current
        ? {
            ...current,
            sections: { ...current.sections, [sectionId]: change(current.sections[sectionId] as Section) },
          }
        : current,
    );
  const updateField = (sectionId: string, name: string, change: Partial<FieldLayout>) =>
    updateSection(sectionId, (section) => {
      const layout: FieldLayout = { ...(section.fields?.[name] ?? {}), ...change };
      for (const key of Object.keys(change))
        if (layout[key] === undefined || layout[key] === '') delete layout[key];
      return { ...section, fields: { ...(section.fields ?? {}), [name]: layout } };
    });
  const updateEntityField = (name: string, change: Partial<EntityField>) =>
    setEditedEntity((current) => {
      if (!current) return current;
      const field: EntityField = { ...(current.fields[name] ?? {}), ...change };
      for (const key of Object.keys(change)) if (field[key] === undefined) delete field[key];
      return { ...current, fields: { ...current.fields, [name]: field } };
    });
  const moveField = (fromSection: string, toSection: string, name: string, index: number) =>
    setEditedForm((current) => {
      if (!current) return current;
      const from = current.sections[fromSection] as Section;
      const layout = from.fields?.[name] ?? {};
      const { [name]: _moved, ...rest } = from.fields ?? {};
      const to = current.sections[toSection] as Section;
      const entries = Object.entries(to.fields ?? {}).filter(([key]) => key !== name);
      entries.splice(index, 0, [name, layout]);
      return {
        ...current,
        sections: {
          ...current.sections,
          [fromSection]: { ...from, fields: rest },
          [toSection]: { ...to, fields: Object.fromEntries(entries) },
        },
      };
    });

  const save = async (restore = false) => {
    if (!editedForm || !editedEntity) return;
    setSaving(true);
    setMessage(null);
    const problems = [
      await form.save(editedForm, restore),
      JSON.stringify(editedEntity) !== JSON.stringify(entity.draft?.edited) || restore
        ? await entity.save(editedEntity, restore)
        : null,
    ].filter((problem): problem is string => problem !== null);
    setSaving(false);
    if (problems.length > 0) setMessage(problems.join(' '));
    else
      notify.toast(restore ? 'Padrão restaurado no rascunho.' : 'Rascunho salvo.', { severity: 'success' });
  };

  const sectionTitles = Object.entries(editedForm?.sections ?? {}).map(([id, section]) => ({
    id,
    title: section.title ?? id,
  }));
  const baseFields = entity.draft?.base.fields ?? {};

  return (
    <Stack spacing={2}>
      <Autocomplete
        options={options}
        value={options.find((option) => option.name === entityName) ?? null}
        onChange={(_event, option) => setEntityName(option?.name ?? null)}
        getOptionLabel={(option) => option.label}
        isOptionEqualToValue={(a, b) => a.name === b.name}
        renderInput={(params) => (
          <TextField {...params} label="Formulário de" placeholder="Escolha uma tela" />
        )}
        sx={{ maxWidth: 420 }}
      />
      {(form.loadError || entity.loadError) && (
        <Alert severity="error">{form.loadError ?? entity.loadError}</Alert>
      )}
      {message && (
        <Alert severity="error" onClose={() => setMessage(null)}>
          {message}
        </Alert>
      )}
      {editedForm && editedEntity && (
        <>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            {form.draft?.rascunho && <Chip size="small" color="warning" label="Rascunho" />}
            <Box sx={{ flex: 1 }} />
            <Button onClick={() => void save(true)} disabled={saving}>
              Restaurar padrão
            </Button>
            <Button variant="contained" onClick={() => void save()} disabled={saving || !dirty}>
              Salvar rascunho
            </Button>
          </Stack>
          {editedForm.tabs && Object.keys(editedForm.tabs).length > 0 && (
            <Paper variant="outlined" sx={{ p: 2 }}>
              <Typography variant="subtitle2" gutterBottom>
                Abas
              </Typography>
              <ReorderList
                items={editedForm.tabs}
                onChange={(tabs) => setEditedForm({ ...editedForm, tabs })}
                label={(_key, tab) => `a aba ${tab.title}`}
                render={(key, tab) => (
                  <TextField
                    size="small"
                    fullWidth={false}
                    label="Título da aba"
                    value={tab.title}
                    onChange={(event) =>
                      setEditedForm({
                        ...editedForm,
                        tabs: { ...editedForm.tabs, [key]: { title: event.target.value } },
                      })
                    }
                  />
                )}
              />
            </Paper>
          )}
          <ReorderList
            items={editedForm.sections}
            onChange={(sections) => setEditedForm({ ...editedForm, sections })}
            label={(key, section) => `a seção ${section.title ?? key}`}
            render={(sectionId, section) => (
              <Paper variant="outlined" sx={{ p: 2 }} aria-label={`Seção ${section.title ?? sectionId}`}>
                <Stack direction="row" spacing={2} sx={{ mb: 1.5 }}>
                  <TextField
                    size="small"
                    fullWidth={false}
                    label="Título da seção"
                    value={section.title ?? ''}
                    onChange={(event) =>
                      updateSection(sectionId, (current) => ({ ...current, title: event.target.value }))
                    }
                  />
                  {editedForm.tabs && (
                    <TextField
                      select
                      size="small"
                      fullWidth={false}
                      label="Aba"
                      value={section.tab ?? ''}
                      onChange={(event) =>
                        updateSection(sectionId, (current) => ({ ...current, tab: event.target.value }))
                      }
                      sx={{ minWidth: 180 }}
                    >
                      {Object.entries(editedForm.tabs).map(([tabId, tab]) => (
                        <MenuItem key={tabId} value={tabId}>
                          {tab.title}
                        </MenuItem>
                      ))}
                    </TextField>
                  )}
                </Stack>
                {section.fields ? (
                  <ReorderList
                    group={sectionId}
                    items={section.fields}
                    onChange={(fields) => updateSection(sectionId, (current) => ({ ...current, fields }))}
                    onDropFrom={(fromSection, name, index) => moveField(fromSection, sectionId, name, index)}
                    label={(name) => `o campo ${editedEntity.fields[name]?.label ?? name}`}
                    render={(name, layout) => {
                      const field = editedEntity.fields[name] ?? {};
                      const base = baseFields[name] ?? {};
                      return (
                        <Stack spacing={1} aria-label={`Campo ${field.label ?? name}`}>
                          <Stack
                            direction="row"
                            spacing={1}
                            useFlexGap
                            sx={{ alignItems: 'center', flexWrap: 'wrap' }}
                          >
                            <TextField
                              size="small"
                              fullWidth={false}
                              label={`Rótulo de "${base.label ?? name}"`}
                              placeholder={String(field.label ?? name)}
                              value={layout.label ?? ''}
                              onChange={(event) =>
                                updateField(sectionId, name, { label: event.target.value })
                              }
                              sx={{ minWidth: 220 }}
                            />
                            <LayerHint
                              name={`o rótulo de ${base.label ?? name}`}
                              sistema={layoutIn(form.draft?.sistema, name)?.label}
                              base={layoutIn(form.draft?.base, name)?.label}
                              edited={layout.label}
                              onRestore={() =>
                                updateField(sectionId, name, {
                                  label: layoutIn(form.draft?.base, name)?.label,
                                })
                              }
                            />
                            <TextField
                              size="small"
                              fullWidth={false}
                              label="Ajuda"
                              value={layout.help ?? ''}
                              onChange={(event) => updateField(sectionId, name, { help: event.target.value })}
                            />
                            <TextField
                              size="small"
                              fullWidth={false}
                              label="Texto de exemplo"
                              value={layout.placeholder ?? ''}
                              onChange={(event) =>
                                updateField(sectionId, name, { placeholder: event.target.value })
                              }
                            />
                            <TextField
                              size="small"
                              fullWidth={false}
                              label="Valor padrão"
                              value={
                                field.default === undefined
                                  ? ''
                                  : field.default === true
                                    ? 'sim'
                                    : field.default === false
                                      ? 'não'
                                      : String(field.default)
                              }
                              onChange={(event) =>
                                updateEntityField(name, { default: parseDefault(field, event.target.value) })
                              }
                              sx={{ width: 140 }}
                            />
                            <TextField
                              select
                              size="small"
                              fullWidth={false}
                              label="Seção"
                              value={sectionId}
                              onChange={(event) =>
                                moveField(sectionId, event.target.value, name, Number.MAX_SAFE_INTEGER)
                              }
                              sx={{ width: 170 }}
                            >
                              {sectionTitles
                                .filter((target) => editedForm.sections[target.id]?.fields)
                                .map((target) => (
                                  <MenuItem key={target.id} value={target.id}>
                                    {target.title}
                                  </MenuItem>
                                ))}
                            </TextField>
                          </Stack>
                          <Stack direction="row" spacing={2}>
                            <FormControlLabel
                              control={
                                <Switch
                                  size="small"
                                  checked={layout.hidden === true}
                                  onChange={(event) =>
                                    updateField(sectionId, name, {
                                      hidden: event.target.checked || undefined,
                                    })
                                  }
                                />
                              }
                              label="Oculto"
                            />
                            <FormControlLabel
                              control={
                                <Switch
                                  size="small"
                                  checked={field.required === true}
                                  disabled={base.required === true}
                                  onChange={(event) =>
                                    updateEntityField(name, { required: event.target.checked || undefined })
                                  }
                                />
                              }
                              label={base.required === true ? 'Obrigatório (sistema)' : 'Obrigatório'}
                            />
                            <FormControlLabel
                              control={
                                <Switch
                                  size="small"
                                  checked={layout.readOnly === true || base.readOnly === true}
                                  disabled={base.readOnly === true}
                                  onChange={(event) =>
                                    updateField(sectionId, name, {
                                      readOnly: event.target.checked || undefined,
                                    })
                                  }
                                />
                              }
                              label="Somente leitura"
                            />
                          </Stack>
                          <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
                            {LAYOUT_PROPERTIES.map(([property, text]) => {
                              const sistema = layoutIn(form.draft?.sistema, name)?.[property];
                              const below = layoutIn(form.draft?.base, name)?.[property];
                              const value = layout[property];
                              const same = (a: unknown, b: unknown) =>
                                JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
                              if (same(value, below) && same(below, sistema)) return null;
                              return (
                                <Stack
                                  key={property}
                                  direction="row"
                                  spacing={0.5}
                                  sx={{ alignItems: 'center' }}
                                >
                                  <Typography variant="caption" color="text.secondary">
                                    {text}:
                                  </Typography>
                                  <LayerHint
                                    name={`${text.toLowerCase()} de ${base.label ?? name}`}
                                    sistema={sistema}
                                    base={below}
                                    edited={value}
                                    onRestore={() => updateField(sectionId, name, { [property]: below })}
                                  />
                                </Stack>
                              );
                            })}
                          </Stack>
                        </Stack>
                      );
                    }}
                  />
                ) : (
                  <Typography variant="body2" color="text.secondary">
                    Lista de registros relacionados (não editável aqui).
                  </Typography>
                )}
              </Paper>
            )}
          />
        </>
      )}
    </Stack>
  );
}
