import {
  Alert,
  Button,
  LinearProgress,
  Link,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
} from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import type { components } from '../../../../generated/api.d.ts';
import { useRuntime, useSession } from '../../app/RuntimeContext.tsx';
import { useRealtimeEvent } from '../../realtime/useRealtimeEvent.ts';
import { reportFileHref } from '../../shell/reports/reportFileHref.ts';
import { useActionError } from '../../ui/useActionError.tsx';
import { AdminPage } from './AdminPage.tsx';

type Exportacao = components['schemas']['ExportacaoEmpresa'];

const dateTime = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleString('pt-BR') : '—');
const size = (bytes: number | null | undefined) =>
  bytes == null ? '—' : `${(bytes / 1024 ** 2).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} MB`;

function situacao(exportacao: Exportacao): string {
  if (exportacao.status === 0)
    return `Processando (${exportacao.progresso}%${exportacao.etapa ? `: ${exportacao.etapa}` : ''})`;
  if (exportacao.status === 1) return 'Finalizado';
  return `Erro: ${exportacao.erro ?? 'falha ao gerar'}`;
}

/**
 * Administrador › Exportar dados da empresa: every entity, fiscal XML and file of one company in one ZIP
 * (LGPD portability, or leaving the white-label), generated in the background; the list of past exports
 * with their download links. A master exports their own company; platform staff choose the company.
 */
export default function ExportacaoEmpresaScreen() {
  const { api, boot } = useRuntime();
  const { user, token } = useSession();
  const showError = useActionError();
  const [empresaId, setEmpresaId] = useState<number>(user?.empresaObj?.id ?? 0);
  const [exportacoes, setExportacoes] = useState<Exportacao[] | undefined>();
  const [starting, setStarting] = useState(false);

  const load = useCallback(async () => {
    if (!empresaId) return;
    const { data, error } = await api.GET('/api/Empresas/{id}/exportacoes', {
      params: { path: { id: empresaId } },
    });
    if (error) throw error;
    setExportacoes(data);
  }, [api, empresaId]);

  useEffect(() => {
    setExportacoes(undefined);
    load().catch((error) => void showError(error));
  }, [load, showError]);

  useRealtimeEvent('exportacao-empresa', (payload) => {
    const changed = payload as Exportacao;
    if (changed.empresaId !== empresaId) return;
    setExportacoes((list) =>
      [changed, ...(list ?? []).filter((e) => e.id !== changed.id)].sort((a, b) => b.id - a.id),
    );
  });

  const start = async () => {
    setStarting(true);
    try {
      const { data, error } = await api.POST('/api/Empresas/{id}/exportacoes', {
        params: { path: { id: empresaId } },
      });
      if (error) throw error;
      setExportacoes((list) => [data, ...(list ?? []).filter((e) => e.id !== data.id)]);
    } catch (error) {
      void showError(error);
    } finally {
      setStarting(false);
    }
  };

  return (
    <AdminPage
      title="Exportar dados da empresa"
      description="Um arquivo ZIP com todos os cadastros e movimentos da empresa em JSON e CSV (Excel), os XMLs fiscais, os anexos e um manifesto com os checksums. Carregue-o em outra instância com npm run empresa:import."
      actions={
        <Button variant="contained" onClick={start} disabled={starting || !empresaId}>
          Exportar agora
        </Button>
      }
    >
      <Stack spacing={2}>
        {user?.isAvanco && (
          <TextField
            label="Empresa (id)"
            type="number"
            size="small"
            sx={{ maxWidth: 200 }}
            value={empresaId || ''}
            onChange={(event) => setEmpresaId(Number(event.target.value) || 0)}
          />
        )}
        {!exportacoes && empresaId > 0 && <LinearProgress aria-label="Carregando as exportações" />}
        {exportacoes?.length === 0 && <Alert severity="info">Nenhuma exportação desta empresa ainda.</Alert>}
        {exportacoes && exportacoes.length > 0 && (
          <Paper>
            <Table size="small" aria-label="Exportações">
              <TableHead>
                <TableRow>
                  <TableCell>Pedida em</TableCell>
                  <TableCell>Por</TableCell>
                  <TableCell>Situação</TableCell>
                  <TableCell>Linhas</TableCell>
                  <TableCell>Tamanho</TableCell>
                  <TableCell>Arquivo</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {exportacoes.map((exportacao) => (
                  <TableRow key={exportacao.id}>
                    <TableCell>{dateTime(exportacao.criadoEm)}</TableCell>
                    <TableCell>{exportacao.solicitante ?? '—'}</TableCell>
                    <TableCell>{situacao(exportacao)}</TableCell>
                    <TableCell>{exportacao.linhas?.toLocaleString('pt-BR') ?? '—'}</TableCell>
                    <TableCell>{size(exportacao.bytes)}</TableCell>
                    <TableCell>
                      {exportacao.status === 1 ? (
                        <Link
                          href={reportFileHref(
                            boot.apiEndpoint,
                            `/api/Empresas/${exportacao.empresaId}/exportacoes/${exportacao.id}/arquivo`,
                            token,
                          )}
                        >
                          Baixar ZIP
                        </Link>
                      ) : (
                        '—'
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Paper>
        )}
      </Stack>
    </AdminPage>
  );
}
