import {
  Alert,
  Box,
  LinearProgress,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableRow,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import type { components } from '../../../../generated/api.d.ts';
import { useRuntime } from '../../app/RuntimeContext.tsx';
import { useActionError } from '../../ui/useActionError.tsx';
import { AdminPage } from './AdminPage.tsx';

type BackupSaude = components['schemas']['BackupSaude'];

const dateTime = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleString('pt-BR') : '—');
const size = (bytes: number) =>
  bytes >= 1024 ** 3
    ? `${(bytes / 1024 ** 3).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} GB`
    : `${(bytes / 1024 ** 2).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} MB`;

function Facts({ label, rows }: { label: string; rows: [string, string][] }) {
  return (
    <Paper sx={{ p: 2, flex: 1, minWidth: 260 }}>
      <Typography variant="subtitle1" component="h2" gutterBottom>
        {label}
      </Typography>
      <Table size="small" aria-label={label}>
        <TableBody>
          {rows.map(([name, value]) => (
            <TableRow key={name}>
              <TableCell component="th" scope="row" sx={{ color: 'text.secondary', border: 0, pl: 0 }}>
                {name}
              </TableCell>
              <TableCell sx={{ border: 0 }}>{value}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}

/** Administrador › Backups: last base backup, restorable window, WAL archiving lag and failures (read-only). */
export default function BackupsScreen() {
  const { api } = useRuntime();
  const showError = useActionError();
  const [saude, setSaude] = useState<BackupSaude | undefined>();

  useEffect(() => {
    let cancelled = false;
    api
      .GET('/api/Backups/saude')
      .then(({ data, error }) => {
        if (error) throw error;
        if (!cancelled) setSaude(data);
      })
      .catch((error) => !cancelled && void showError(error));
    return () => {
      cancelled = true;
    };
  }, [api, showError]);

  const arquivamento = saude?.arquivamento;
  return (
    <AdminPage
      title="Backups"
      avancoOnly
      description="Arquivamento contínuo do banco e backups base (npm run backup, npm run backup:list, npm run restore)."
    >
      <Box sx={{ height: 4 }}>{!saude && <LinearProgress aria-label="Carregando a saúde dos backups" />}</Box>
      {saude?.modo === 'externo' && <Alert severity="info">{saude.mensagem}</Alert>}
      {saude?.modo === 'embutido' && (
        <Stack spacing={2}>
          {saude.problemas.length === 0 ? (
            <Alert severity="success">Backups em dia.</Alert>
          ) : (
            saude.problemas.map((problema) => (
              <Alert key={problema} severity="warning">
                {problema}
              </Alert>
            ))
          )}
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
            <Facts
              label="Backup base"
              rows={[
                ['Último', saude.ultimoBackup ? dateTime(saude.ultimoBackup.concluidoEm) : 'nenhum'],
                ['Tamanho', saude.ultimoBackup ? size(saude.ultimoBackup.tamanho) : '—'],
                ['Guardados', String(saude.backups)],
                [
                  'Janela restaurável',
                  saude.janela ? `${dateTime(saude.janela.de)} a ${dateTime(saude.janela.ate)}` : '—',
                ],
                ['Diretório', saude.diretorio ?? '—'],
              ]}
            />
            <Facts
              label="Arquivamento do WAL"
              rows={[
                ['Último segmento', arquivamento?.ultimoSegmento ?? '—'],
                ['Arquivado em', dateTime(arquivamento?.ultimoArquivadoEm)],
                ['Aguardando', String(arquivamento?.aguardando ?? '—')],
                ['Atraso', arquivamento ? `${arquivamento.atrasoSegundos} s` : '—'],
                ['Falhas', String(arquivamento?.falhas ?? '—')],
                ['Última falha', dateTime(arquivamento?.ultimaFalhaEm)],
              ]}
            />
          </Stack>
        </Stack>
      )}
    </AdminPage>
  );
}
