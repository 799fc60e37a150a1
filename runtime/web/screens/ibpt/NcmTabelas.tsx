import {
  Chip,
  IconButton,
  LinearProgress,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import Icon from '@mui/material/Icon';
import { formatDate, formatDateTime } from '../../../core/formatDate.ts';
import { useRuntime } from '../../app/RuntimeContext.tsx';
import { useNotify } from '../../ui/NotifyProvider.tsx';
import { useActionError } from '../../ui/useActionError.tsx';
import type { IbptNcmTabela } from './ibptFormat.ts';
import { UF_OPTIONS } from './ufOptions.ts';

function today(): string {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}

/** The IBPT tables loaded, one row per UF, with the UFs still missing. */
export function NcmTabelas({ tabelas, onChanged }: { tabelas: IbptNcmTabela[] | null; onChanged(): void }) {
  const { api } = useRuntime();
  const notify = useNotify();
  const showError = useActionError();
  const hoje = today();
  const faltam = UF_OPTIONS.filter((option) => !tabelas?.some((tabela) => tabela.uf === option.uf));

  const remove = async (tabela: IbptNcmTabela) => {
    const ok = await notify.confirm({
      title: 'Excluir tabela',
      message: `Excluir a tabela IBPT de ${tabela.uf} (versão ${tabela.versao})? As notas dessa UF ficam sem o valor aproximado dos tributos até uma nova importação.`,
      confirmLabel: 'Excluir',
    });
    if (!ok) return;
    const { error } = await api.DELETE('/api/Ibpt/ncm/tabelas/{uf}', { params: { path: { uf: tabela.uf } } });
    if (error) return void showError(error);
    notify.toast(`Tabela IBPT de ${tabela.uf} excluída.`, { severity: 'success' });
    onChanged();
  };

  return (
    <Paper component="section" aria-label="Tabelas carregadas" sx={{ mb: 2 }}>
      <Typography variant="h6" component="h2" sx={{ px: 2, pt: 2 }}>
        Tabelas carregadas
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ px: 2, pb: 1 }}>
        {tabelas === null
          ? 'Carregando…'
          : faltam.length === 0
            ? 'Todas as 27 UFs têm tabela.'
            : `${27 - faltam.length} de 27 UFs carregadas. Sem tabela: ${faltam.map((option) => option.uf).join(', ')}.`}
      </Typography>
      {tabelas === null && <LinearProgress aria-label="Carregando tabelas" />}
      <TableContainer>
        <Table size="small" aria-label="Tabelas IBPT carregadas">
          <TableHead>
            <TableRow sx={{ '& th': { whiteSpace: 'nowrap' } }}>
              <TableCell>UF</TableCell>
              <TableCell>Versão</TableCell>
              <TableCell>Vigência início</TableCell>
              <TableCell>Vigência fim</TableCell>
              <TableCell align="right">Linhas</TableCell>
              <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>Arquivo</TableCell>
              <TableCell>Importado em</TableCell>
              <TableCell>Importado por</TableCell>
              <TableCell align="right">Ações</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {tabelas?.length === 0 && (
              <TableRow>
                <TableCell colSpan={9}>
                  <Typography color="text.secondary">Nenhuma tabela importada.</Typography>
                </TableCell>
              </TableRow>
            )}
            {tabelas?.map((tabela) => (
              <TableRow key={tabela.uf} hover>
                <TableCell>
                  <strong>{tabela.uf}</strong>
                </TableCell>
                <TableCell>
                  <Tooltip title={`Chave ${tabela.chave || '—'} · Fonte ${tabela.fonte || '—'}`}>
                    <span>{tabela.versao}</span>
                  </Tooltip>
                </TableCell>
                <TableCell>{formatDate(tabela.vigenciaInicio)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {formatDate(tabela.vigenciaFim)}{' '}
                  {tabela.vigenciaFim < hoje && <Chip size="small" color="warning" label="Vencida" />}
                </TableCell>
                <TableCell align="right">{tabela.linhas.toLocaleString('pt-BR')}</TableCell>
                <TableCell
                  sx={{
                    display: { xs: 'none', md: 'table-cell' },
                    maxWidth: 220,
                    overflow: 'hidden',
                    textOverflow: 'ellipsis',
                    whiteSpace: 'nowrap',
                  }}
                >
                  {tabela.arquivo}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(tabela.importadoEm)}</TableCell>
                <TableCell>{tabela.importadoPor}</TableCell>
                <TableCell align="right">
                  <Tooltip title="Excluir">
                    <IconButton
                      aria-label={`Excluir tabela de ${tabela.uf}`}
                      onClick={() => void remove(tabela)}
                    >
                      <Icon>delete</Icon>
                    </IconButton>
                  </Tooltip>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
