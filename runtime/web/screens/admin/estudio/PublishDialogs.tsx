import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { useRuntime } from '../../../app/RuntimeContext.tsx';
import { messageOf } from './useStudio.ts';

interface Change {
  caminho: string;
  alvo: string;
  ponteiro: string;
  descricao: string;
}

/** "Comparar": what the drafts change against what is published, property by property, in Portuguese. */
export function CompareDialog({
  whiteLabelId,
  open,
  onClose,
}: {
  whiteLabelId: number;
  open: boolean;
  onClose(): void;
}) {
  const { api } = useRuntime();
  const [changes, setChanges] = useState<Change[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!open) return;
    setChanges(null);
    void api
      .GET('/api/ConfigWhiteLabels/{id}/customizacoes/comparacao', { params: { path: { id: whiteLabelId } } })
      .then(({ data, error: failure }) =>
        data ? setChanges(data.alteracoes) : setError(messageOf(failure)),
      );
  }, [api, open, whiteLabelId]);
  const groups = new Map<string, Change[]>();
  for (const change of changes ?? []) groups.set(change.alvo, [...(groups.get(change.alvo) ?? []), change]);
  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>Comparar com o publicado</DialogTitle>
      <DialogContent dividers>
        {error && <Alert severity="error">{error}</Alert>}
        {changes?.length === 0 && (
          <Typography>Os rascunhos não mudam nada em relação ao publicado.</Typography>
        )}
        {[...groups].map(([alvo, list]) => (
          <div key={alvo}>
            <Typography variant="subtitle2" sx={{ mt: 1, textTransform: 'capitalize' }}>
              {alvo}
            </Typography>
            <List dense>
              {list.map((change) => (
                <ListItem key={`${change.caminho}${change.ponteiro}`}>
                  <ListItemText primary={change.descricao} />
                </ListItem>
              ))}
            </List>
          </div>
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Fechar</Button>
      </DialogActions>
    </Dialog>
  );
}

/** "Publicar": one new version for the white-label, with an optional summary. */
export function PublishDialog({
  open,
  onClose,
  onPublish,
}: {
  open: boolean;
  onClose(): void;
  onPublish(resumo: string): Promise<string | null>;
}) {
  const [resumo, setResumo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>Publicar personalizações</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>
          Os usuários deste white-label passam a ver as telas com os rascunhos, sem recarregar a página. A
          versão atual fica no histórico e pode ser restaurada.
        </Typography>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <TextField
          fullWidth
          label="Resumo (opcional)"
          value={resumo}
          onChange={(event) => setResumo(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancelar</Button>
        <Button
          variant="contained"
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            const problem = await onPublish(resumo);
            setBusy(false);
            if (problem) setError(problem);
            else {
              setResumo('');
              setError(null);
              onClose();
            }
          }}
        >
          Publicar
        </Button>
      </DialogActions>
    </Dialog>
  );
}

interface Versao {
  versao: number;
  resumo?: string | null;
  restauradaDe?: number | null;
  autorNome?: string | null;
  criadoEm: string;
  caminhos: string[];
}

/** "Histórico": the published versions (author, time, what they customise); any one can be restored. */
export function HistoryDialog({
  whiteLabelId,
  open,
  current,
  onClose,
  onRestore,
}: {
  whiteLabelId: number;
  open: boolean;
  current: number;
  onClose(): void;
  onRestore(versao: number): Promise<string | null>;
}) {
  const { api } = useRuntime();
  const [versions, setVersions] = useState<Versao[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!open) return;
    void api
      .GET('/api/ConfigWhiteLabels/{id}/customizacoes/versoes', { params: { path: { id: whiteLabelId } } })
      .then(({ data, error: failure }) =>
        data ? setVersions(data as Versao[]) : setError(messageOf(failure)),
      );
  }, [api, open, whiteLabelId]);
  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>Histórico de versões</DialogTitle>
      <DialogContent dividers>
        {error && <Alert severity="error">{error}</Alert>}
        {versions?.length === 0 && <Typography>Nenhuma versão publicada ainda.</Typography>}
        <List dense>
          {(versions ?? []).map((version) => (
            <ListItem
              key={version.versao}
              secondaryAction={
                version.versao === current ? (
                  <Typography variant="caption">Publicada</Typography>
                ) : (
                  <Button
                    size="small"
                    onClick={async () => {
                      const problem = await onRestore(version.versao);
                      if (problem) setError(problem);
                    }}
                  >
                    Restaurar
                  </Button>
                )
              }
            >
              <ListItemText
                primary={`Versão ${version.versao}${version.resumo ? ` — ${version.resumo}` : ''}`}
                secondary={`${version.autorNome ?? 'operador'} em ${new Date(version.criadoEm).toLocaleString('pt-BR')} · ${
                  version.caminhos.length
                } tela(s) personalizada(s)${version.restauradaDe ? ` · restaurada da versão ${version.restauradaDe}` : ''}`}
              />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Fechar</Button>
      </DialogActions>
    </Dialog>
  );
}
