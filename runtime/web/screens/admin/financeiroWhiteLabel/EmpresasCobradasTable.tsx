import {
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableFooter,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { components } from '../../../../../generated/api.d.ts';
import { formatCpfCnpj } from '../../../../core/formatCpfCnpj.ts';
import { formatBRL } from '../../../../core/formatMoney.ts';

type Resumo = components['schemas']['FinanceiroWhiteLabel'];

/** The companies billed today (subscription in force) with plan, add-ons and monthly value. */
export function EmpresasCobradasTable({ resumo }: { resumo: Resumo }) {
  return (
    <TableContainer component={Paper}>
      <Table aria-label="Empresas ativas" size="small">
        <TableHead>
          <TableRow>
            <TableCell>Empresa</TableCell>
            <TableCell>CPF/CNPJ</TableCell>
            <TableCell>Plano</TableCell>
            <TableCell align="right">Valor do plano</TableCell>
            <TableCell>Módulos adicionais</TableCell>
            <TableCell align="right">Valor mensal</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {resumo.empresas.length === 0 && (
            <TableRow>
              <TableCell colSpan={6}>
                <Typography color="text.secondary">Nenhuma empresa com assinatura ativa.</Typography>
              </TableCell>
            </TableRow>
          )}
          {resumo.empresas.map((empresa) => (
            <TableRow key={empresa.empresaId ?? empresa.empresaNome} hover>
              <TableCell>{empresa.empresaNome}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatCpfCnpj(empresa.cpfCnpj)}</TableCell>
              <TableCell>{empresa.planoNome}</TableCell>
              <TableCell align="right">{formatBRL(empresa.valorPlano)}</TableCell>
              <TableCell>
                {empresa.modulos.map((modulo) => `${modulo.nome} (${formatBRL(modulo.valor)})`).join(', ') ||
                  '—'}
              </TableCell>
              <TableCell align="right">{formatBRL(empresa.valor)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
        <TableFooter>
          <TableRow>
            <TableCell colSpan={5}>
              <strong>Total mensal</strong>
            </TableCell>
            <TableCell align="right">
              <strong>{formatBRL(resumo.totalMensal)}</strong>
            </TableCell>
          </TableRow>
        </TableFooter>
      </Table>
    </TableContainer>
  );
}
