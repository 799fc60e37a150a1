import AddIcon from '@mui/icons-material/Add';
import {
  Alert,
  Autocomplete,
  Button,
  FormControlLabel,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useMemo, useState } from 'react';
import { useTenant } from '../../../app/RuntimeContext.tsx';
import { ReorderList } from './ReorderList.tsx';
import { SaveBar, SchemaPicker } from './SchemaPicker.tsx';
import { useEditedDraft } from './useEditedDraft.ts';

interface MenuItemFile {
  title: string;
  link?: string;
  icon?: string;
  hidden?: boolean;
  data?: { key?: string };
  conditions?: Record<string, unknown>;
  children?: Record<string, MenuItemFile>;
  [key: string]: unknown;
}
interface MenuFile {
  name: string;
  title: string;
  items: Record<string, MenuItemFile>;
  [key: string]: unknown;
}

const MENU_LABELS: Record<string, string> = {
  main: 'Menu principal',
  admin: 'Menu do administrador',
  painel: 'Menu do painel administrativo',
  settings: 'Menu de configurações',
};

/** Every entry with a link of the base menus: what a new entry may point at (with its permission key). */
function linkTargets(menus: Record<string, unknown>): MenuItemFile[] {
  const found: MenuItemFile[] = [];
  const walk = (items: Record<string, MenuItemFile> | undefined) => {
    for (const item of Object.values(items ?? {})) {
      if (item.link) found.push(item);
      walk(item.children);
    }
  };
  for (const menu of Object.values(menus)) walk((menu as MenuFile).items);
  const seen = new Set<string>();
  return found.filter((item) => !seen.has(item.link as string) && seen.add(item.link as string));
}

function ItemsEditor({
  items,
  onChange,
  targets,
  depth,
}: {
  items: Record<string, MenuItemFile>;
  onChange(items: Record<string, MenuItemFile>): void;
  targets: MenuItemFile[];
  depth: number;
}) {
  const [adding, setAdding] = useState<MenuItemFile | null>(null);
  const update = (key: string, change: Partial<MenuItemFile>) => {
    const item = { ...items[key], ...change } as MenuItemFile;
    if (item.hidden === undefined) delete item.hidden;
    onChange({ ...items, [key]: item });
  };
  return (
    <Stack spacing={1} sx={{ pl: depth * 2 }}>
      <ReorderList
        items={items}
        onChange={onChange}
        label={(_key, item) => `a entrada ${item.title}`}
        render={(key, item) => (
          <Stack spacing={1}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <TextField
                size="small"
                fullWidth={false}
                label="Título"
                value={item.title}
                onChange={(event) => update(key, { title: event.target.value })}
                sx={{ minWidth: 240 }}
              />
              <Typography variant="caption" color="text.secondary" sx={{ flex: 1 }}>
                {item.link ?? (item.children ? 'grupo' : '')}
              </Typography>
              <FormControlLabel
                control={
                  <Switch
                    size="small"
                    checked={item.hidden !== true}
                    onChange={(event) => update(key, { hidden: event.target.checked ? undefined : true })}
                  />
                }
                label="Visível"
              />
            </Stack>
            {item.children && (
              <ItemsEditor
                items={item.children}
                onChange={(children) => update(key, { children })}
                targets={targets}
                depth={depth + 1}
              />
            )}
          </Stack>
        )}
      />
      {depth === 0 && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Autocomplete
            options={targets}
            value={adding}
            onChange={(_event, option) => setAdding(option)}
            getOptionLabel={(option) => `${option.title} (${option.link})`}
            renderInput={(params) => <TextField {...params} size="small" label="Nova entrada para a tela" />}
            sx={{ minWidth: 420 }}
          />
          <Button
            startIcon={<AddIcon />}
            disabled={!adding}
            onClick={() => {
              if (!adding) return;
              // The new entry keeps the target's permission key and conditions: who may open the screen stays the base's.
              const key = `estudio-${Object.keys(items).length + 1}-${Date.now().toString(36)}`;
              const { children: _children, hidden: _hidden, ...copy } = adding;
              onChange({ ...items, [key]: copy });
              setAdding(null);
            }}
          >
            Adicionar
          </Button>
        </Stack>
      )}
    </Stack>
  );
}

/** Estúdio › Menus: rename, reorder and hide entries, add entries pointing at existing screens. */
export function MenuEditor({ whiteLabelId, onSaved }: { whiteLabelId: number; onSaved(): void }) {
  const { schemas } = useTenant();
  const options = useMemo(
    () =>
      Object.keys(schemas.menus ?? {}).map((name) => ({
        caminho: `schemas/menus/${name}.menu.json`,
        label: MENU_LABELS[name] ?? name,
      })),
    [schemas.menus],
  );
  const targets = useMemo(() => linkTargets(schemas.menus ?? {}), [schemas.menus]);
  const [caminho, setCaminho] = useState<string | null>(null);
  const { edited, setEdited, bar, loadError } = useEditedDraft<MenuFile>(whiteLabelId, caminho, onSaved);
  return (
    <Stack spacing={2}>
      <SchemaPicker label="Menu" options={options} value={caminho} onChange={setCaminho} />
      {loadError && <Alert severity="error">{loadError}</Alert>}
      {edited && (
        <>
          <SaveBar {...bar} />
          <ItemsEditor
            items={edited.items}
            onChange={(items) => setEdited({ ...edited, items })}
            targets={targets}
            depth={0}
          />
        </>
      )}
    </Stack>
  );
}
