import { Chip, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { formatBRL } from '../../../../core/formatMoney.ts';
import { formatIsoDate, type ItemRetorno } from './retornoTypes.ts';

const CORES: Record<ItemRetorno['acao'], 'success' | 'warning' | 'info' | 'default'> = {
  registrarPagamento: 'success',
  baixar: 'warning',
  confirmarRegistro: 'info',
  apenasRegistrar: 'default',
  revisar: 'warning',
  jaProcessado: 'default',
};

/** One row per occurrence of the return file: the boleto it refers to, what the bank says and what happens. */
export function RetornoTable({ itens }: { itens: ItemRetorno[] }) {
  return (
    <Table size="small" aria-label="Ocorrências do arquivo de retorno">
      <TableHead>
        <TableRow>
          <TableCell>Linha</TableCell>
          <TableCell>Nosso número</TableCell>
          <TableCell>Boleto</TableCell>
          <TableCell>Ocorrência</TableCell>
          <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
            Valor pago
          </TableCell>
          <TableCell align="right">Tarifa</TableCell>
          <TableCell sx={{ width: 260 }}>Ação</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {itens.map((item) => (
          <TableRow key={`${item.linha}-${item.nossoNumero}`} hover>
            <TableCell>{item.linha}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              {item.nossoNumero || '—'}
              {item.seuNumero && (
                <Typography variant="caption" color="text.secondary" component="div">
                  Seu número {item.seuNumero}
                </Typography>
              )}
            </TableCell>
            <TableCell>
              {item.boleto ? (
                <>
                  {item.boleto.cliente ?? 'Cliente não informado'}
                  <Typography
                    variant="caption"
                    color="text.secondary"
                    component="div"
                    sx={{ whiteSpace: 'nowrap' }}
                  >
                    venc. {formatIsoDate(item.boleto.dataVencimento)} · {formatBRL(item.boleto.valor)}
                  </Typography>
                </>
              ) : (
                <Typography variant="body2" color="warning.main">
                  Boleto não encontrado
                </Typography>
              )}
            </TableCell>
            <TableCell>
              {item.codigo} — {item.ocorrencia}
              <Typography variant="caption" color="text.secondary" component="div">
                em {formatIsoDate(item.dataOcorrencia)}
                {item.dataCredito ? ` · crédito ${formatIsoDate(item.dataCredito)}` : ''}
              </Typography>
            </TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              {item.valorPago > 0 ? formatBRL(item.valorPago) : '—'}
            </TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              {item.tarifa > 0 ? formatBRL(item.tarifa) : '—'}
            </TableCell>
            <TableCell>
              <Chip
                size="small"
                color={CORES[item.acao]}
                variant={item.acao === 'jaProcessado' ? 'outlined' : 'filled'}
                label={item.acaoTexto}
              />
              {item.receita && (
                <Typography variant="caption" color="text.secondary" component="div">
                  Receita: {item.receita.descricao}
                </Typography>
              )}
              {item.aviso && item.boleto && (
                <Typography variant="caption" color="warning.main" component="div">
                  {item.aviso}
                </Typography>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
