import {
  Button,
  Chip,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { components } from '../../../../../generated/api.d.ts';
import { formatDate } from '../../../../core/formatDate.ts';
import { formatBRL } from '../../../../core/formatMoney.ts';

type Resumo = components['schemas']['FinanceiroWhiteLabel'];
type Fatura = components['schemas']['FaturaWhiteLabel'];

const STATUS: Record<Fatura['status'], { label: string; color: 'default' | 'success' | 'error' }> = {
  aberta: { label: 'Aberta', color: 'default' },
  paga: { label: 'Paga', color: 'success' },
  vencida: { label: 'Vencida', color: 'error' },
};

/** 'AAAA-MM' → 'MM/AAAA'. */
export const competenciaLabel = (competencia: string) =>
  `${competencia.slice(5, 7)}/${competencia.slice(0, 4)}`;

/**
 * Month-by-month statement: the current month (estimated from today's subscriptions until its fatura is
 * generated) and every fatura, with CSV export and, for platform staff, payment.
 */
export function FaturasTable({
  resumo,
  staff,
  onExport,
  onPay,
  onGenerate,
}: {
  resumo: Resumo;
  staff: boolean;
  onExport(fatura: Fatura): void;
  onPay(fatura: Fatura): void;
  onGenerate(): void;
}) {
  const currentGenerated = resumo.faturas.some((fatura) => fatura.competencia === resumo.competenciaAtual);
  return (
    <TableContainer component={Paper}>
      <Table aria-label="Faturas" size="small">
        <TableHead>
          <TableRow>
            <TableCell>Competência</TableCell>
            <TableCell>Vencimento</TableCell>
            <TableCell align="right">Empresas</TableCell>
            <TableCell align="right">Valor</TableCell>
            <TableCell>Situação</TableCell>
            <TableCell align="right">Ações</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {!currentGenerated && (
            <TableRow>
              <TableCell>{competenciaLabel(resumo.competenciaAtual)}</TableCell>
              <TableCell>—</TableCell>
              <TableCell align="right">{resumo.empresas.length}</TableCell>
              <TableCell align="right">{formatBRL(resumo.totalMensal)}</TableCell>
              <TableCell>
                <Chip size="small" variant="outlined" label="Prévia (não gerada)" />
              </TableCell>
              <TableCell align="right">
                {staff && (
                  <Button size="small" onClick={onGenerate}>
                    Gerar fatura
                  </Button>
                )}
              </TableCell>
            </TableRow>
          )}
          {resumo.faturas.length === 0 && currentGenerated && (
            <TableRow>
              <TableCell colSpan={6}>
                <Typography color="text.secondary">Nenhuma fatura gerada.</Typography>
              </TableCell>
            </TableRow>
          )}
          {resumo.faturas.map((fatura) => {
            const status = STATUS[fatura.status];
            const mes = competenciaLabel(fatura.competencia);
            return (
              <TableRow key={fatura.id} hover>
                <TableCell>{mes}</TableCell>
                <TableCell>{formatDate(fatura.vencimento)}</TableCell>
                <TableCell align="right">{fatura.quantidadeEmpresas}</TableCell>
                <TableCell align="right">{formatBRL(fatura.valor)}</TableCell>
                <TableCell>
                  <Chip size="small" color={status.color} label={status.label} />
                </TableCell>
                <TableCell align="right">
                  <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                    <Button
                      size="small"
                      aria-label={`Exportar CSV da fatura ${mes}`}
                      onClick={() => onExport(fatura)}
                    >
                      Exportar CSV
                    </Button>
                    {staff && fatura.status !== 'paga' && (
                      <Button
                        size="small"
                        aria-label={`Marcar fatura ${mes} como paga`}
                        onClick={() => onPay(fatura)}
                      >
                        Marcar como paga
                      </Button>
                    )}
                  </Stack>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
