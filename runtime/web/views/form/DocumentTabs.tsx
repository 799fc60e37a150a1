import {
  Alert,
  Box,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tabs,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { extractErrorMessage } from '../../../core/extractErrorMessage.ts';
import { dataBR } from '../../../core/financeiro/titulos.ts';
import { formatDateTime } from '../../../core/formatDate.ts';
import { formatBRL } from '../../../core/formatMoney.ts';
import type { ResolvedEntity } from '../../../core/resolveEntity.ts';
import { useRuntime } from '../../app/RuntimeContext.tsx';
import { recordsRequest } from './recordsRequest.ts';

type Row = Record<string, unknown>;
const quantity = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 6 });
const ACTIONS: Record<string, string> = { criar: 'Criação', alterar: 'Alteração', excluir: 'Exclusão' };

/**
 * The "Lançamentos" (ledger rows the document posted and reversed) and "Histórico" (who, when, what) tabs
 * of a document form, read from GET /api/<Resource>/{id}/lancamentos and /historico; `reload` reads again.
 */
export function DocumentTabs({ entity, id, reload }: { entity: ResolvedEntity; id: number; reload: number }) {
  const { api } = useRuntime();
  const [tab, setTab] = useState(0);
  const [data, setData] = useState<{ lancamentos: Row[]; historico: Row[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reload only triggers a new read
  useEffect(() => {
    let cancelled = false;
    Promise.all([
      recordsRequest<Row[]>(api, 'GET', `/api/${entity.resource}/${id}/lancamentos`),
      recordsRequest<Row[]>(api, 'GET', `/api/${entity.resource}/${id}/historico`),
    ])
      .then(([lancamentos, historico]) => !cancelled && setData({ lancamentos, historico }))
      .catch((reason: unknown) => !cancelled && setError(extractErrorMessage(reason)));
    return () => {
      cancelled = true;
    };
  }, [api, entity.resource, id, reload]);
  const states = entity.document?.states ?? {};
  const actionLabel = (acao: string) =>
    ACTIONS[acao] ??
    [...(entity.document?.transitions ?? []), ...(entity.actions ?? [])].find((t) => t.action === acao)
      ?.label ??
    acao;
  const stateLabel = (state: unknown) => (typeof state === 'string' ? (states[state]?.label ?? state) : '');
  const fieldLabel = (name: string) => entity.fields[name]?.label ?? name;
  // The Lote column shows only when some row has a lot (most products do not control lots).
  const comLote = data?.lancamentos.some((row) => row.lote) ?? false;
  const show = (value: unknown) =>
    value === null || value === undefined || value === '' ? '—' : String(value);
  return (
    <Box component="section" aria-label="Lançamentos e histórico" sx={{ mt: 3 }}>
      <Tabs value={tab} onChange={(_, value: number) => setTab(value)}>
        <Tab label="Lançamentos" />
        <Tab label="Histórico" />
      </Tabs>
      {error && <Alert severity="warning">{error}</Alert>}
      {data &&
        tab === 0 &&
        (data.lancamentos.length === 0 ? (
          <Typography sx={{ py: 2 }} color="text.secondary">
            {entity.base === 'lancamento'
              ? 'Nenhum movimento: o lançamento ainda não movimentou nenhuma conta.'
              : 'Nenhum lançamento: o documento ainda não movimentou o estoque.'}
          </Typography>
        ) : data.lancamentos.every((row) => row.razao === 'financeiro') ? (
          <Table size="small" aria-label="Lançamentos">
            <TableHead>
              <TableRow>
                <TableCell>Data</TableCell>
                <TableCell>Conta</TableCell>
                <TableCell>Descrição</TableCell>
                <TableCell align="right">Valor</TableCell>
                <TableCell>Origem</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.lancamentos.map((row) => (
                <TableRow key={String(row.id)}>
                  <TableCell>{dataBR(String(row.data))}</TableCell>
                  <TableCell>{show(row.conta)}</TableCell>
                  <TableCell>{show(row.descricao)}</TableCell>
                  <TableCell align="right">{formatBRL(row.valor as number)}</TableCell>
                  <TableCell>
                    {row.estornoDe
                      ? 'Estorno'
                      : row.origemTipo === 'transferencia'
                        ? 'Transferência'
                        : 'Baixa'}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : (
          <Table size="small" aria-label="Lançamentos">
            <TableHead>
              <TableRow>
                <TableCell>Data</TableCell>
                <TableCell>Produto</TableCell>
                <TableCell>Depósito</TableCell>
                {comLote && <TableCell>Lote</TableCell>}
                <TableCell align="right">Quantidade</TableCell>
                <TableCell align="right">Custo unitário</TableCell>
                <TableCell align="right">Valor</TableCell>
                <TableCell align="right">Saldo após</TableCell>
                <TableCell>Origem</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.lancamentos.map((row) => (
                <TableRow key={String(row.id)}>
                  <TableCell>{formatDateTime(row.data as string)}</TableCell>
                  <TableCell>{show(row.produto)}</TableCell>
                  <TableCell>{show(row.deposito)}</TableCell>
                  {comLote && <TableCell>{show(row.lote)}</TableCell>}
                  <TableCell align="right">{quantity.format(Number(row.qtd))}</TableCell>
                  <TableCell align="right">{formatBRL(row.custoUnitario as number | null)}</TableCell>
                  <TableCell align="right">{formatBRL(row.difValor as number)}</TableCell>
                  <TableCell align="right">{quantity.format(Number(row.qtdApos))}</TableCell>
                  <TableCell>{row.estornoDe ? 'Estorno' : 'Lançamento'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ))}
      {data && tab === 1 && (
        <Table size="small" aria-label="Histórico">
          <TableHead>
            <TableRow>
              <TableCell>Quando</TableCell>
              <TableCell>Usuário</TableCell>
              <TableCell>Ação</TableCell>
              <TableCell>Situação</TableCell>
              <TableCell>Alterações</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.historico.map((row) => (
              <TableRow key={String(row.id)}>
                <TableCell>{formatDateTime(row.em as string)}</TableCell>
                <TableCell>{show(row.usuarioNome)}</TableCell>
                <TableCell>{actionLabel(String(row.acao))}</TableCell>
                <TableCell>
                  {row.situacaoDe ? `${stateLabel(row.situacaoDe)} → ` : ''}
                  {stateLabel(row.situacaoPara)}
                </TableCell>
                <TableCell>
                  {Object.entries((row.diferencas ?? {}) as Record<string, { de: unknown; para: unknown }>)
                    .map(
                      ([field, change]) => `${fieldLabel(field)}: ${show(change.de)} → ${show(change.para)}`,
                    )
                    .join('; ')}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}
