import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  FormGroup,
  FormLabel,
  LinearProgress,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import Icon from '@mui/material/Icon';
import { PreviaExportacao } from './PreviaExportacao.tsx';
import { type TipoXml, useExportarXml } from './useExportarXml.ts';

const TIPOS: Array<{ tipo: TipoXml; label: string }> = [
  { tipo: 'nfe', label: 'NF-e emitidas' },
  { tipo: 'nfce', label: 'NFC-e' },
  { tipo: 'entrada', label: 'Notas de entrada' },
];

const SITUACOES = [
  { value: 'autorizadas', label: 'Autorizadas' },
  { value: 'canceladas', label: 'Canceladas' },
  { value: 'denegadas', label: 'Denegadas' },
  { value: 'todas', label: 'Todas (autorizadas, canceladas e denegadas)' },
] as const;

/**
 * NF-e › Exportar XML (key NFE_EXPORTAR_XML; the accountant's landing page): the stored authorised XMLs
 * of the selected branch in a period, by type and situation, previewed (counts, documents without XML)
 * and downloaded as XML-NFe-<CNPJ>-<AAAAMM>.zip.
 */
export default function ExportarXmlScreen() {
  const { form, setForm, problem, preview, busy, previewNow, download } = useExportarXml();
  const toggle = (tipo: TipoXml, checked: boolean) =>
    setForm({ tipos: checked ? [...form.tipos, tipo] : form.tipos.filter((item) => item !== tipo) });
  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto' }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        Exportar XML
      </Typography>
      <Paper sx={{ p: 2, mb: 2 }}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr 2fr' } }}>
          <TextField
            label="Data inicial"
            type="date"
            value={form.dataInicial}
            onChange={(event) => setForm({ dataInicial: event.target.value })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            label="Data final"
            type="date"
            value={form.dataFinal}
            onChange={(event) => setForm({ dataFinal: event.target.value })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            select
            label="Situação"
            value={form.situacao}
            onChange={(event) => setForm({ situacao: event.target.value as typeof form.situacao })}
          >
            {SITUACOES.map((situacao) => (
              <MenuItem key={situacao.value} value={situacao.value}>
                {situacao.label}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        <FormGroup row sx={{ mt: 2, alignItems: 'center', gap: 1 }} aria-label="Tipos de documento">
          <FormLabel sx={{ mr: 1 }}>Documentos:</FormLabel>
          {TIPOS.map(({ tipo, label }) => (
            <FormControlLabel
              key={tipo}
              label={label}
              control={
                <Checkbox
                  checked={form.tipos.includes(tipo)}
                  onChange={(event) => toggle(tipo, event.target.checked)}
                />
              }
            />
          ))}
        </FormGroup>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          NF-e e NFC-e pela data de emissão; notas de entrada pela data de entrada. Vão no arquivo os XMLs
          autorizados guardados da filial selecionada, um arquivo &lt;chave&gt;-nfe.xml por documento.
        </Typography>
        {problem && (
          <Alert severity="info" sx={{ mt: 2 }}>
            {problem}
          </Alert>
        )}
      </Paper>
      <Stack direction="row" spacing={2} sx={{ mb: 2 }}>
        <Button
          variant="outlined"
          startIcon={<Icon>visibility</Icon>}
          onClick={() => void previewNow()}
          disabled={busy || problem !== null}
        >
          Pré-visualizar
        </Button>
        <Button
          variant="contained"
          startIcon={<Icon>download</Icon>}
          onClick={() => void download()}
          disabled={busy || problem !== null || (preview !== null && preview.comXml === 0)}
        >
          Gerar arquivo
        </Button>
      </Stack>
      <Box sx={{ height: 4, mb: 1 }}>{busy && <LinearProgress aria-label="Carregando" />}</Box>
      {preview && <PreviaExportacao preview={preview} />}
    </Box>
  );
}
