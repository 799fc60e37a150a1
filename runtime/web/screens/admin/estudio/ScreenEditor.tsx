import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import {
  Alert,
  Button,
  IconButton,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useMemo, useState } from 'react';
import {
  collectScreenTexts,
  describeTextPath,
  screenTextAt,
  withScreenText,
} from '../../../../core/studio/screenTexts.ts';
import { useTenant } from '../../../app/RuntimeContext.tsx';
import { ReorderList } from './ReorderList.tsx';
import { SaveBar, SchemaPicker } from './SchemaPicker.tsx';
import { useEditedDraft } from './useEditedDraft.ts';

interface Panel {
  title: string;
  width?: number;
  [key: string]: unknown;
}
interface ScreenFile {
  name: string;
  kind: string;
  title: string;
  description?: string;
  cards?: Record<string, Panel>;
  charts?: Record<string, Panel>;
  [key: string]: unknown;
}

const KINDS: Record<string, string> = {
  dashboard: 'painel',
  tool: 'ferramenta',
  lookup: 'consulta',
  upload: 'envio de arquivo',
};

function PanelsEditor({
  title,
  panels,
  base,
  onChange,
}: {
  title: string;
  panels: Record<string, Panel>;
  base: Record<string, Panel>;
  onChange(panels: Record<string, Panel>): void;
}) {
  const removed = Object.keys(base).filter((key) => !(key in panels));
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="subtitle2" gutterBottom>
        {title}
      </Typography>
      <ReorderList
        items={panels}
        onChange={onChange}
        label={(_key, panel) => panel.title}
        render={(key, panel) => (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <TextField
              size="small"
              fullWidth={false}
              label="Título"
              value={panel.title}
              onChange={(event) => onChange({ ...panels, [key]: { ...panel, title: event.target.value } })}
              sx={{ minWidth: 260 }}
            />
            <TextField
              select
              size="small"
              fullWidth={false}
              label="Largura"
              value={panel.width ?? 12}
              onChange={(event) =>
                onChange({ ...panels, [key]: { ...panel, width: Number(event.target.value) } })
              }
              sx={{ width: 150 }}
            >
              {[3, 4, 6, 8, 12].map((width) => (
                <MenuItem key={width} value={width}>
                  {width === 12 ? 'Linha inteira' : `${width}/12`}
                </MenuItem>
              ))}
            </TextField>
            <Tooltip title="Remover do painel">
              <IconButton
                aria-label={`Remover ${panel.title}`}
                onClick={() =>
                  onChange(Object.fromEntries(Object.entries(panels).filter(([name]) => name !== key)))
                }
              >
                <DeleteOutlineIcon />
              </IconButton>
            </Tooltip>
          </Stack>
        )}
      />
      {removed.map((key) => (
        <Button
          key={key}
          size="small"
          startIcon={<AddIcon />}
          onClick={() => onChange({ ...panels, [key]: base[key] as Panel })}
          sx={{ mt: 1, mr: 1 }}
        >
          Adicionar “{base[key]?.title}”
        </Button>
      ))}
    </Paper>
  );
}

/**
 * Every other text of the screen (actions, confirmations, parameters, columns, empty-list texts…): one box
 * each, the base's words as its example, its place described in Portuguese.
 */
function ScreenTextsEditor({
  edited,
  base,
  onChange,
}: {
  edited: ScreenFile;
  base: ScreenFile | null;
  onChange(next: ScreenFile): void;
}) {
  const texts = collectScreenTexts(edited, SEPARATE_TEXTS);
  if (texts.length === 0) return null;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} aria-label="Textos da tela">
      <Typography variant="subtitle2" sx={{ mb: 1.5 }}>
        Textos da tela
      </Typography>
      <Stack spacing={1.5}>
        {texts.map((text) => {
          const where = describeTextPath(text.path);
          const original = screenTextAt(base, text.path);
          return (
            <TextField
              key={text.path.join('/')}
              size="small"
              label={where}
              placeholder={typeof original === 'string' ? original : undefined}
              value={text.value}
              multiline={text.value.length > 60}
              onChange={(event) => onChange(withScreenText(edited, text.path, event.target.value))}
            />
          );
        })}
      </Stack>
    </Paper>
  );
}

/** Texts with their own editors above (the screen's title and description) or below (cards and charts). */
const SEPARATE_TEXTS = new Set(['title', 'description', 'cards', 'charts']);

/**
 * Estúdio › Telas: the declared screens (painéis, ferramentas, consultas, envios): title and description,
 * every other text of the screen, and a dashboard's cards and charts (rename, width, reorder, remove and add
 * back).
 */
export function ScreenEditor({ whiteLabelId, onSaved }: { whiteLabelId: number; onSaved(): void }) {
  const { schemas } = useTenant();
  const options = useMemo(
    () =>
      Object.entries(schemas.screens ?? {})
        .map(([name, file]) => {
          const screen = file as ScreenFile;
          return {
            caminho: `schemas/screens/${name}.screen.json`,
            label: `${screen.title} (${KINDS[screen.kind] ?? screen.kind})`,
          };
        })
        .sort((a, b) => a.label.localeCompare(b.label, 'pt-BR')),
    [schemas.screens],
  );
  const [caminho, setCaminho] = useState<string | null>(null);
  const { edited, setEdited, bar, loadError, base } = useEditedDraft<ScreenFile>(
    whiteLabelId,
    caminho,
    onSaved,
  );
  return (
    <Stack spacing={2}>
      <SchemaPicker label="Tela" options={options} value={caminho} onChange={setCaminho} />
      {loadError && <Alert severity="error">{loadError}</Alert>}
      {edited && (
        <>
          <SaveBar {...bar} />
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Stack spacing={2}>
              <TextField
                size="small"
                fullWidth={false}
                label="Título"
                value={edited.title}
                onChange={(event) => setEdited({ ...edited, title: event.target.value })}
                sx={{ maxWidth: 420 }}
              />
              <TextField
                size="small"
                label="Descrição"
                multiline
                fullWidth
                value={edited.description ?? ''}
                onChange={(event) => setEdited({ ...edited, description: event.target.value || undefined })}
              />
            </Stack>
          </Paper>
          <ScreenTextsEditor edited={edited} base={base} onChange={(next) => setEdited(next)} />
          {edited.cards && (
            <PanelsEditor
              title="Cartões"
              panels={edited.cards}
              base={base?.cards ?? {}}
              onChange={(cards) => setEdited({ ...edited, cards })}
            />
          )}
          {edited.charts && (
            <PanelsEditor
              title="Gráficos"
              panels={edited.charts}
              base={base?.charts ?? {}}
              onChange={(charts) => setEdited({ ...edited, charts })}
            />
          )}
        </>
      )}
    </Stack>
  );
}
