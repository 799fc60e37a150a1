import { Chip, MenuItem, Table, TableBody, TableCell, TableHead, TableRow, TextField } from '@mui/material';
import { formatBRL } from '../../../../core/formatMoney.ts';
import type { OfxTransaction } from '../../../../core/parseOfx.ts';
import { formatIsoDate, type Sugestao } from './ofxTypes.ts';

interface Props {
  transacoes: OfxTransaction[];
  sugestoes: Map<string, Sugestao>;
  escolhas: Record<string, number | null>;
  onChoose: (fitId: string, lancamentoId: number | null) => void;
}

/** One row per statement line: date, description, amount and the open entry it settles. */
export function ReconcileTable({ transacoes, sugestoes, escolhas, onChoose }: Props) {
  return (
    <Table size="small" aria-label="Transações do extrato">
      <TableHead>
        <TableRow>
          <TableCell>Data</TableCell>
          <TableCell>Descrição</TableCell>
          <TableCell align="right">Valor</TableCell>
          <TableCell sx={{ width: 380 }}>Lançamento</TableCell>
          <TableCell>Situação</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {transacoes.map((line) => {
          const sugestao = sugestoes.get(line.fitId);
          const candidatos = sugestao?.candidatos ?? [];
          const escolhido = escolhas[line.fitId] ?? null;
          return (
            <TableRow key={line.fitId} hover>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatIsoDate(line.data)}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>
                {line.descricao || '—'}
                {line.documento ? ` (doc. ${line.documento})` : ''}
              </TableCell>
              <TableCell
                align="right"
                sx={{
                  whiteSpace: 'nowrap',
                  color: line.valor < 0 ? 'error.main' : 'success.main',
                  fontWeight: 500,
                }}
              >
                {formatBRL(line.valor)}
              </TableCell>
              <TableCell>
                {sugestao?.baixaId ? (
                  '—'
                ) : candidatos.length === 0 ? (
                  <span style={{ opacity: 0.7 }}>Nenhum lançamento em aberto com este valor</span>
                ) : (
                  <TextField
                    select
                    size="small"
                    fullWidth
                    label={`Lançamento de ${formatIsoDate(line.data)} ${formatBRL(line.valor)}`}
                    value={escolhido ?? ''}
                    onChange={(event) =>
                      onChoose(line.fitId, event.target.value ? Number(event.target.value) : null)
                    }
                  >
                    <MenuItem value="">
                      <em>Não conciliar</em>
                    </MenuItem>
                    {candidatos.map((candidato) => (
                      <MenuItem key={candidato.id} value={candidato.id}>
                        {candidato.descricao} — venc. {formatIsoDate(candidato.dataVencimento)} —{' '}
                        {formatBRL(candidato.saldo)}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              </TableCell>
              <TableCell>
                {sugestao?.baixaId ? (
                  <Chip size="small" color="success" label="Conciliada" />
                ) : escolhido ? (
                  <Chip size="small" color="primary" variant="outlined" label="A conciliar" />
                ) : (
                  <Chip size="small" label="Pendente" />
                )}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
