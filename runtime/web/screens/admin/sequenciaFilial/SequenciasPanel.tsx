import {
  Chip,
  IconButton,
  Paper,
  Stack,
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
import { useState } from 'react';
import type { components } from '../../../../../generated/api.d.ts';
import { formatCpfCnpj } from '../../../../core/formatCpfCnpj.ts';
import { formatDateTime } from '../../../../core/formatDate.ts';
import { AMBIENTE_LABELS, DOCUMENTO_LABELS } from './labels.ts';
import { SequenciaDialog } from './SequenciaDialog.tsx';

type Resultado = components['schemas']['SequenciasFilial'];
type Sequencia = components['schemas']['SequenciaDocumento'];

/** The chosen branch: its sequences per document and ambiente, and the history of changes. */
export function SequenciasPanel({
  resultado,
  onChange,
}: {
  resultado: Resultado;
  onChange(r: Resultado): void;
}) {
  const [editing, setEditing] = useState<Sequencia | null>(null);
  const { filial } = resultado;
  return (
    <Stack spacing={2}>
      <Paper sx={{ p: 2 }}>
        <Typography variant="h6" component="h2">
          {filial.apelido ? `${filial.filialNome} (${filial.apelido})` : filial.filialNome}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {[filial.empresaNome, formatCpfCnpj(filial.cpfCnpj), `White-label: ${filial.whiteLabel}`]
            .filter(Boolean)
            .join(' · ')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {resultado.ambienteEmUso
            ? `Ambiente de emissão em uso (Configuração fiscal): ${AMBIENTE_LABELS[resultado.ambienteEmUso]}.`
            : 'A filial ainda não tem Configuração fiscal.'}
        </Typography>
      </Paper>
      <TableContainer component={Paper}>
        <Table aria-label="Sequências da filial" size="small">
          <TableHead>
            <TableRow>
              <TableCell>Documento</TableCell>
              <TableCell>Ambiente</TableCell>
              <TableCell align="right">Série</TableCell>
              <TableCell align="right">Próximo número</TableCell>
              <TableCell align="right">Maior número usado</TableCell>
              <TableCell align="right">Ações</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {resultado.sequencias.map((sequencia) => {
              const nome = `${DOCUMENTO_LABELS[sequencia.documento]} ${AMBIENTE_LABELS[sequencia.ambiente]}`;
              return (
                <TableRow key={`${sequencia.documento}-${sequencia.ambiente}`} hover>
                  <TableCell>{DOCUMENTO_LABELS[sequencia.documento]}</TableCell>
                  <TableCell>
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      <span>{AMBIENTE_LABELS[sequencia.ambiente]}</span>
                      {sequencia.origem === 'configuracaoNfe' && (
                        <Chip size="small" color="primary" variant="outlined" label="Em uso" />
                      )}
                    </Stack>
                  </TableCell>
                  <TableCell align="right">{sequencia.serie}</TableCell>
                  <TableCell align="right">{sequencia.proximoNumero}</TableCell>
                  <TableCell align="right">{sequencia.maiorNumeroUsado ?? '—'}</TableCell>
                  <TableCell align="right">
                    <Tooltip title="Editar">
                      <IconButton aria-label={`Editar ${nome}`} onClick={() => setEditing(sequencia)}>
                        <Icon>edit</Icon>
                      </IconButton>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      <Typography variant="h6" component="h2">
        Histórico de alterações
      </Typography>
      <TableContainer component={Paper}>
        <Table aria-label="Histórico de alterações" size="small">
          <TableHead>
            <TableRow>
              <TableCell>Data</TableCell>
              <TableCell>Usuário</TableCell>
              <TableCell>Documento</TableCell>
              <TableCell>Ambiente</TableCell>
              <TableCell>Série</TableCell>
              <TableCell>Próximo número</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {resultado.historico.length === 0 && (
              <TableRow>
                <TableCell colSpan={6}>
                  <Typography color="text.secondary">Nenhuma alteração registrada.</Typography>
                </TableCell>
              </TableRow>
            )}
            {resultado.historico.map((item) => (
              <TableRow key={item.id}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(item.data)}</TableCell>
                <TableCell>{item.usuario}</TableCell>
                <TableCell>{DOCUMENTO_LABELS[item.documento]}</TableCell>
                <TableCell>{AMBIENTE_LABELS[item.ambiente]}</TableCell>
                <TableCell>{`${item.serieAnterior} → ${item.serieNova}`}</TableCell>
                <TableCell>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <span>{`${item.proximoNumeroAnterior} → ${item.proximoNumeroNovo}`}</span>
                    {item.reducaoConfirmada && (
                      <Chip size="small" color="warning" label="Abaixo do usado (confirmado)" />
                    )}
                  </Stack>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {editing && (
        <SequenciaDialog
          filialId={filial.filialId}
          sequencia={editing}
          onClose={() => setEditing(null)}
          onSaved={(next) => {
            setEditing(null);
            onChange(next);
          }}
        />
      )}
    </Stack>
  );
}
