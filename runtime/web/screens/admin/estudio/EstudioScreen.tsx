import { Alert, Box, Button, Chip, FormControlLabel, Paper, Stack, Switch, Tab, Tabs } from '@mui/material';
import { useState } from 'react';
import { useRuntime } from '../../../app/RuntimeContext.tsx';
import { useNotify } from '../../../ui/NotifyProvider.tsx';
import { AdminPage } from '../AdminPage.tsx';
import { CustomFieldsEditor } from './CustomFieldsEditor.tsx';
import { EnumEditor } from './EnumEditor.tsx';
import { FormEditor } from './FormEditor.tsx';
import { GridEditor } from './GridEditor.tsx';
import { MenuEditor } from './MenuEditor.tsx';
import { CompareDialog, HistoryDialog, PublishDialog } from './PublishDialogs.tsx';
import { ScreenEditor } from './ScreenEditor.tsx';
import { messageOf, useStudio } from './useStudio.ts';

const TABS = [
  'Formulários',
  'Listas',
  'Menus',
  'Telas',
  'Textos e enumerações',
  'Campos personalizados',
] as const;

/**
 * Administrador › Estúdio: the white-label's operator customises forms, lists, menus, declared screens and
 * enumeration texts in the browser. Edits are drafts; "Visualizar" shows the real screens with the drafts in
 * this browser only; "Comparar" lists the changes in Portuguese; "Publicar" makes one version that every
 * user of the white-label gets without reloading; "Histórico" restores any version.
 */
export default function EstudioScreen() {
  const { api } = useRuntime();
  const notify = useNotify();
  const studio = useStudio();
  const [tab, setTab] = useState(0);
  const [dialog, setDialog] = useState<'comparar' | 'publicar' | 'historico' | null>(null);
  const drafts = studio.state?.rascunhos.length ?? 0;
  const onSaved = () => {
    void studio.refresh();
    // A preview in progress follows the new draft.
    if (studio.previewing) void studio.preview(true).catch(() => {});
  };

  const publish = async (resumo: string) => {
    const { data, error } = await api.POST('/api/ConfigWhiteLabels/{id}/customizacoes/publicar', {
      params: { path: { id: studio.id } },
      body: resumo ? { resumo } : {},
    });
    if (error || !data) return messageOf(error);
    studio.preview(false);
    await studio.refresh();
    notify.toast(`Versão ${data.versao} publicada.`, { severity: 'success' });
    return null;
  };
  const restore = async (versao: number) => {
    const { data, error } = await api.POST(
      '/api/ConfigWhiteLabels/{id}/customizacoes/versoes/{versao}/restaurar',
      {
        params: { path: { id: studio.id, versao } },
      },
    );
    if (error || !data) return messageOf(error);
    await studio.refresh();
    notify.toast(`Versão ${versao} restaurada como versão ${data.versao}.`, { severity: 'success' });
    return null;
  };
  const discard = async () => {
    if (
      !(await notify.confirm({
        title: 'Descartar rascunhos',
        message: 'Descartar todos os rascunhos não publicados?',
      }))
    )
      return;
    await api.DELETE('/api/ConfigWhiteLabels/{id}/customizacoes/rascunhos', {
      params: { path: { id: studio.id } },
    });
    studio.preview(false);
    await studio.refresh();
  };

  const editors = [FormEditor, GridEditor, MenuEditor, ScreenEditor, EnumEditor, CustomFieldsEditor];
  const Editor = editors[tab] ?? FormEditor;
  return (
    <AdminPage
      title="Estúdio"
      description="Personalize as telas deste white-label sem programar: as alterações ficam em rascunho até você publicar."
      actions={
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Chip label={`Versão publicada: ${studio.state?.versao ?? '…'}`} />
          {drafts > 0 && <Chip color="warning" label={`${drafts} rascunho(s)`} />}
        </Stack>
      }
    >
      {studio.error && <Alert severity="error">{studio.error}</Alert>}
      {(studio.state?.problemas.length ?? 0) > 0 && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          Personalizações publicadas que não se aplicam mais a esta versão do sistema (revise e publique de
          novo):{' '}
          {studio.state?.problemas
            .map((problem) => `${problem.file} ${problem.pointer}: ${problem.message}`)
            .join('; ')}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ p: 1.5, mb: 2 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <FormControlLabel
            control={
              <Switch
                checked={studio.previewing}
                onChange={(event) =>
                  void studio
                    .preview(event.target.checked)
                    .catch((error: Error) => notify.toast(error.message, { severity: 'error' }))
                }
              />
            }
            label="Visualizar rascunhos"
          />
          <Box sx={{ flex: 1 }} />
          <Button disabled={drafts === 0} onClick={() => setDialog('comparar')}>
            Comparar
          </Button>
          <Button onClick={() => setDialog('historico')}>Histórico</Button>
          <Button color="inherit" disabled={drafts === 0} onClick={() => void discard()}>
            Descartar rascunhos
          </Button>
          <Button variant="contained" disabled={drafts === 0} onClick={() => setDialog('publicar')}>
            Publicar
          </Button>
        </Stack>
      </Paper>
      <Tabs value={tab} onChange={(_event, value: number) => setTab(value)} sx={{ mb: 2 }}>
        {TABS.map((label) => (
          <Tab key={label} label={label} />
        ))}
      </Tabs>
      <Editor key={tab} whiteLabelId={studio.id} onSaved={onSaved} />
      <CompareDialog whiteLabelId={studio.id} open={dialog === 'comparar'} onClose={() => setDialog(null)} />
      <PublishDialog open={dialog === 'publicar'} onClose={() => setDialog(null)} onPublish={publish} />
      <HistoryDialog
        key={`historico-${studio.state?.versao ?? 0}`}
        whiteLabelId={studio.id}
        open={dialog === 'historico'}
        current={studio.state?.versao ?? 0}
        onClose={() => setDialog(null)}
        onRestore={restore}
      />
    </AdminPage>
  );
}
