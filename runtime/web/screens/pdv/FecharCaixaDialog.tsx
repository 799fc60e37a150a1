import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { formatBRL, parseBRL } from '../../../core/formatMoney.ts';
import type { ResumoCaixa } from './pdvApi.ts';

const cor = (diferenca: number) =>
  diferenca === 0 ? 'success.main' : diferenca < 0 ? 'error.main' : 'warning.main';

/**
 * Fechamento: per payment method the expected amount and the counted one typed by the operator, the diferença
 * as it is typed; once closed, the stored fechamento (contado, esperado, diferença per method). On a blind PDV
 * (fechamento cego) the operator sees only what they count: no Esperado or Diferença column, before or after.
 */
export function FecharCaixaDialog(props: {
  open: boolean;
  resumo: ResumoCaixa | null;
  enviando: boolean;
  onClose: () => void;
  onConfirm: (contado: { formaPagamentoId: number; valor: number }[]) => void;
}) {
  const [contado, setContado] = useState<Record<number, string>>({});
  useEffect(() => {
    if (props.open) setContado({});
  }, [props.open]);
  const resumo = props.resumo;
  const fechado = resumo?.situacao === 'fechado';
  // The server leaves the expected amounts out for the operator of a blind PDV, before and after closing.
  const cego =
    (resumo?.formas ?? []).some((forma) => forma.esperado === null) ||
    (resumo?.fechamentos ?? []).some((linha) => linha.esperado === null);
  const cabecalho = (
    <TableHead>
      <TableRow>
        <TableCell>Forma de pagamento</TableCell>
        {!cego && <TableCell align="right">Esperado</TableCell>}
        <TableCell align="right">Contado</TableCell>
        {!cego && <TableCell align="right">Diferença</TableCell>}
      </TableRow>
    </TableHead>
  );
  const linhas = (resumo?.formas ?? []).map((forma) => {
    const texto = contado[forma.formaPagamentoId] ?? '';
    const valor = texto.trim() === '' ? 0 : parseBRL(texto);
    return {
      ...forma,
      texto,
      valor,
      diferenca:
        valor === null || forma.esperado === null ? null : Math.round((valor - forma.esperado) * 100) / 100,
    };
  });
  const valido = linhas.every((linha) => linha.valor !== null && linha.valor >= 0);
  return (
    <Dialog
      disableRestoreFocus
      open={props.open}
      onClose={() => !props.enviando && props.onClose()}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle>{fechado ? 'Caixa fechado' : 'Fechar caixa'}</DialogTitle>
      <DialogContent>
        {fechado && resumo ? (
          <>
            <Table size="small" aria-label="Fechamento por forma de pagamento">
              {cabecalho}
              <TableBody>
                {resumo.fechamentos.map((linha) => (
                  <TableRow key={linha.formaPagamentoId}>
                    <TableCell>{linha.descricao}</TableCell>
                    {linha.esperado !== null && (
                      <TableCell align="right">{formatBRL(linha.esperado)}</TableCell>
                    )}
                    <TableCell align="right">{formatBRL(linha.contado)}</TableCell>
                    {linha.diferenca !== null && (
                      <TableCell align="right" sx={{ color: cor(linha.diferenca), fontWeight: 600 }}>
                        {formatBRL(linha.diferenca)}
                      </TableCell>
                    )}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <Alert severity="info" sx={{ mt: 2 }}>
              {cego
                ? 'O caixa está fechado e não recebe mais vendas. Fechamento cego: o supervisor confere a diferença em Vendas › Caixas.'
                : 'O caixa está fechado e não recebe mais vendas. Abra um novo caixa para continuar vendendo.'}
            </Alert>
          </>
        ) : (
          <>
            {cego && (
              <Alert severity="info" sx={{ mb: 2 }}>
                Fechamento cego: conte o dinheiro e os comprovantes de cada forma e informe o total contado. O
                valor esperado não é mostrado.
              </Alert>
            )}
            <Table size="small" aria-label="Contagem do caixa">
              {cabecalho}
              <TableBody>
                {linhas.map((linha) => (
                  <TableRow key={linha.formaPagamentoId}>
                    <TableCell>{linha.descricao}</TableCell>
                    {linha.esperado !== null && (
                      <TableCell align="right">{formatBRL(linha.esperado)}</TableCell>
                    )}
                    <TableCell align="right" sx={{ width: 160 }}>
                      <TextField
                        size="small"
                        value={linha.texto}
                        placeholder="0,00"
                        error={linha.valor === null}
                        onChange={(event) =>
                          setContado((atual) => ({ ...atual, [linha.formaPagamentoId]: event.target.value }))
                        }
                        slotProps={{
                          htmlInput: { inputMode: 'decimal', 'aria-label': `Contado em ${linha.descricao}` },
                        }}
                      />
                    </TableCell>
                    {!cego && (
                      <TableCell
                        align="right"
                        sx={{ color: linha.diferenca === null ? undefined : cor(linha.diferenca) }}
                      >
                        {linha.diferenca === null ? '—' : formatBRL(linha.diferenca)}
                      </TableCell>
                    )}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </>
        )}
      </DialogContent>
      <DialogActions>
        {fechado ? (
          <Button variant="contained" onClick={props.onClose}>
            OK
          </Button>
        ) : (
          <>
            <Button onClick={props.onClose} disabled={props.enviando}>
              Cancelar
            </Button>
            <Button
              variant="contained"
              color="warning"
              disabled={!valido || props.enviando}
              onClick={() =>
                props.onConfirm(
                  linhas.map((linha) => ({
                    formaPagamentoId: linha.formaPagamentoId,
                    valor: linha.valor ?? 0,
                  })),
                )
              }
            >
              Confirmar fechamento
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
