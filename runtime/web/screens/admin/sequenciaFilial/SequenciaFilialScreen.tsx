import {
  Box,
  Button,
  LinearProgress,
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
import { type FormEvent, useState } from 'react';
import type { components } from '../../../../../generated/api.d.ts';
import { formatCpfCnpj } from '../../../../core/formatCpfCnpj.ts';
import { useRuntime } from '../../../app/RuntimeContext.tsx';
import { SearchField } from '../../../ui/SearchField.tsx';
import { useActionError } from '../../../ui/useActionError.tsx';
import { AdminPage } from '../AdminPage.tsx';
import { SequenciasPanel } from './SequenciasPanel.tsx';

type Encontrada = components['schemas']['SequenciaFilialEncontrada'];
type Resultado = components['schemas']['SequenciasFilial'];

/**
 * Administrador › Sequência de filial (platform staff only): find a branch of any white-label by CNPJ or
 * razão social, then view and adjust the numbering of its NF-e, NFC-e and NFS-e (/api/SequenciasFilial).
 */
export default function SequenciaFilialScreen() {
  const { api } = useRuntime();
  const showError = useActionError();
  const [busca, setBusca] = useState('');
  const [encontradas, setEncontradas] = useState<Encontrada[] | null>(null);
  const [resultado, setResultado] = useState<Resultado | null>(null);
  const [loading, setLoading] = useState(false);

  const buscar = async (event: FormEvent) => {
    event.preventDefault();
    setLoading(true);
    try {
      const { data, error } = await api.GET('/api/SequenciasFilial/filiais', {
        params: { query: { busca: busca.trim() } },
      });
      if (error) throw error;
      setEncontradas(data ?? []);
      setResultado(null);
    } catch (error) {
      await showError(error);
    } finally {
      setLoading(false);
    }
  };

  const abrir = async (filialId: number) => {
    setLoading(true);
    try {
      const { data, error } = await api.GET('/api/SequenciasFilial/{filialId}', {
        params: { path: { filialId } },
      });
      if (error) throw error;
      setResultado(data ?? null);
    } catch (error) {
      await showError(error);
    } finally {
      setLoading(false);
    }
  };

  return (
    <AdminPage
      title="Sequência de filial"
      description="Consulte uma filial de qualquer white-label pelo CNPJ ou pela razão social e ajuste a série e o próximo número das suas notas fiscais."
      avancoOnly
    >
      <Stack
        component="form"
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ mb: 2, alignItems: { sm: 'center' } }}
        onSubmit={(event: FormEvent) => void buscar(event)}
      >
        <SearchField label="CNPJ ou razão social" value={busca} onChange={setBusca} />
        <Box>
          <Button type="submit" variant="contained" disabled={loading}>
            Buscar
          </Button>
        </Box>
      </Stack>
      {loading && <LinearProgress aria-label="Carregando" sx={{ mb: 1 }} />}
      {encontradas && !resultado && (
        <TableContainer component={Paper}>
          <Table aria-label="Filiais encontradas" size="small">
            <TableHead>
              <TableRow>
                <TableCell>Empresa</TableCell>
                <TableCell>Filial</TableCell>
                <TableCell>CNPJ</TableCell>
                <TableCell>White-label</TableCell>
                <TableCell align="right">Ações</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {encontradas.length === 0 && (
                <TableRow>
                  <TableCell colSpan={5}>
                    <Typography color="text.secondary">Nenhuma filial encontrada.</Typography>
                  </TableCell>
                </TableRow>
              )}
              {encontradas.map((filial) => (
                <TableRow key={filial.filialId} hover>
                  <TableCell>{filial.empresaNome}</TableCell>
                  <TableCell>{filial.apelido ?? filial.filialNome}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatCpfCnpj(filial.cpfCnpj)}</TableCell>
                  <TableCell>{filial.whiteLabel}</TableCell>
                  <TableCell align="right">
                    <Button
                      size="small"
                      aria-label={`Abrir sequências de ${filial.apelido ?? filial.filialNome}`}
                      onClick={() => void abrir(filial.filialId)}
                    >
                      Sequências
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {resultado && (
        <>
          <Button sx={{ mb: 1 }} onClick={() => setResultado(null)}>
            Voltar aos resultados
          </Button>
          <SequenciasPanel resultado={resultado} onChange={setResultado} />
        </>
      )}
    </AdminPage>
  );
}
