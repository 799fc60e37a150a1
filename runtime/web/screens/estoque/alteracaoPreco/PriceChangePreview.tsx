import {
  Box,
  Chip,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  Typography,
} from '@mui/material';
import { formatBRL } from '../../../../core/formatMoney.ts';
import { paginationLabels } from '../../../ui/paginationLabels.ts';
import { formatPercent } from '../shared/formatPercent.ts';
import type { PriceChangeItem, PriceChangeResponse } from './priceChangeTypes.ts';

const SITUACAO: Record<
  PriceChangeItem['situacao'],
  { label: string; color: 'success' | 'default' | 'warning' | 'error' }
> = {
  alterado: { label: 'Alterado', color: 'success' },
  semAlteracao: { label: 'Sem alteração', color: 'default' },
  semPreco: { label: 'Sem preço', color: 'warning' },
  invalido: { label: 'Preço inválido', color: 'error' },
};

interface Props {
  preview: PriceChangeResponse;
  page: { skip: number; limit: number };
  showMargins: boolean;
  onPage: (skip: number, limit: number) => void;
}

/** Counts and one page of the affected produtos with current and new prices. */
export function PriceChangePreview({ preview, page, showMargins, onPage }: Props) {
  const itens = preview.itens ?? [];
  const total = Math.min(preview.total, preview.limite ?? preview.total);
  return (
    <Paper sx={{ mb: 2 }}>
      <Box sx={{ p: 2, display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          Pré-visualização
        </Typography>
        <Chip label={`${preview.total} produto(s) encontrado(s)`} />
        <Chip color="success" label={`${preview.alterados} com preço alterado`} />
        {Boolean(preview.semPreco) && <Chip color="warning" label={`${preview.semPreco} sem preço`} />}
        {Boolean(preview.abaixoDoCusto) && (
          <Chip color="warning" label={`${preview.abaixoDoCusto} abaixo do custo`} />
        )}
        {Boolean(preview.invalidos) && (
          <Chip color="error" label={`${preview.invalidos} com preço inválido`} />
        )}
      </Box>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label="Produtos afetados">
          <TableHead>
            <TableRow>
              <TableCell>Código</TableCell>
              <TableCell>Descrição</TableCell>
              <TableCell align="right">Custo</TableCell>
              <TableCell align="right">Preço atual</TableCell>
              <TableCell align="right">Preço novo</TableCell>
              {showMargins && <TableCell align="right">Margem</TableCell>}
              {showMargins && <TableCell align="right">Markup</TableCell>}
              <TableCell>Situação</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {itens.map((item) => {
              const situacao = SITUACAO[item.situacao];
              return (
                <TableRow key={item.id} hover>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{item.codigo ?? '—'}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{item.descricao}</TableCell>
                  <TableCell align="right">{formatBRL(item.custo) || '—'}</TableCell>
                  <TableCell align="right">{formatBRL(item.precoAtual) || '—'}</TableCell>
                  <TableCell align="right" sx={{ fontWeight: 600 }}>
                    {formatBRL(item.precoNovo) || '—'}
                  </TableCell>
                  {showMargins && (
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {formatPercent(item.margemAtual)} → {formatPercent(item.margemNova)}
                    </TableCell>
                  )}
                  {showMargins && (
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {formatPercent(item.markupAtual)} → {formatPercent(item.markupNovo)}
                    </TableCell>
                  )}
                  <TableCell>
                    <Chip size="small" variant="outlined" color={situacao.color} label={situacao.label} />
                  </TableCell>
                </TableRow>
              );
            })}
            {itens.length === 0 && (
              <TableRow>
                <TableCell colSpan={showMargins ? 8 : 6} align="center" sx={{ py: 4 }}>
                  Nenhum produto atende aos filtros informados.
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </Box>
      <TablePagination
        component="div"
        count={total}
        page={Math.floor(page.skip / page.limit)}
        rowsPerPage={page.limit}
        rowsPerPageOptions={[25, 50, 100]}
        onPageChange={(_event, next) => onPage(next * page.limit, page.limit)}
        onRowsPerPageChange={(event) => onPage(0, Number(event.target.value))}
        {...paginationLabels}
      />
    </Paper>
  );
}
