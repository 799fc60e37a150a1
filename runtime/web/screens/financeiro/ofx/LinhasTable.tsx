import {
  Button,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { formatBRL } from '../../../../core/formatMoney.ts';
import { formatIsoDate, type Linha, SITUACOES } from './ofxTypes.ts';

interface Props {
  linhas: Linha[];
  canCreate: boolean;
  busy: boolean;
  onConciliar: (linha: Linha) => void;
  onIgnorar: (linha: Linha) => void;
  onDesfazer: (linha: Linha) => void;
}

/** One row per imported statement line: date, history, amount, situação, best candidate and the actions. */
export function LinhasTable({ linhas, canCreate, busy, onConciliar, onIgnorar, onDesfazer }: Props) {
  return (
    <Table size="small" aria-label="Linhas do extrato">
      <TableHead>
        <TableRow>
          <TableCell>Data</TableCell>
          <TableCell>Histórico</TableCell>
          <TableCell align="right">Valor</TableCell>
          <TableCell>Situação</TableCell>
          <TableCell sx={{ width: 360 }}>Melhor candidato</TableCell>
          <TableCell align="right">Ações</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {linhas.map((linha) => {
          const melhor = linha.candidatos[0];
          const situacao = SITUACOES[linha.situacao] ?? SITUACOES[0];
          return (
            <TableRow key={linha.id} hover>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatIsoDate(linha.data)}</TableCell>
              <TableCell>
                {[linha.nome, linha.memo].filter(Boolean).join(' — ') || '—'}
                {linha.documento && (
                  <Typography variant="caption" color="text.secondary" component="div">
                    Documento {linha.documento}
                  </Typography>
                )}
              </TableCell>
              <TableCell
                align="right"
                sx={{ whiteSpace: 'nowrap', color: linha.valor < 0 ? 'error.main' : 'success.main' }}
              >
                {formatBRL(linha.valor)}
              </TableCell>
              <TableCell>
                <Chip size="small" label={situacao?.label} color={situacao?.color} />
              </TableCell>
              <TableCell>
                {linha.situacao !== 0 ? (
                  '—'
                ) : melhor ? (
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <Chip
                      size="small"
                      variant="outlined"
                      color={
                        melhor.pontuacao >= 3 ? 'success' : melhor.pontuacao === 2 ? 'primary' : 'default'
                      }
                      label={`${melhor.pontuacao}/4`}
                      title="Pontuação: 1 + valor igual + referência igual + pessoa igual"
                    />
                    <span>
                      {melhor.descricao} — {melhor.tipo === 'titulo' ? 'venc.' : 'em'}{' '}
                      {formatIsoDate(melhor.data)} — {formatBRL(melhor.valor)}
                    </span>
                  </Stack>
                ) : (
                  <Typography variant="body2" color="text.secondary">
                    Nenhum candidato em ±5 dias
                  </Typography>
                )}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {linha.situacao === 0 ? (
                  <>
                    <Button size="small" disabled={!canCreate || busy} onClick={() => onConciliar(linha)}>
                      Conciliar
                    </Button>
                    <Button
                      size="small"
                      color="inherit"
                      disabled={!canCreate || busy}
                      onClick={() => onIgnorar(linha)}
                    >
                      Ignorar
                    </Button>
                  </>
                ) : (
                  <Button
                    size="small"
                    color="inherit"
                    disabled={!canCreate || busy}
                    onClick={() => onDesfazer(linha)}
                  >
                    Desfazer
                  </Button>
                )}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
