import {
  Alert,
  Box,
  Button,
  LinearProgress,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import Icon from '@mui/material/Icon';
import { AmostraArquivo } from '../../../views/tool/AmostraArquivo.tsx';
import { AvisosExportacao } from '../shared/AvisosExportacao.tsx';
import { BalancaPreview } from './BalancaPreview.tsx';
import { useExportacaoBalanca } from './useExportacaoBalanca.ts';

/**
 * Exportações › Exportação para balança (key NFE_EXPORTACAO_BALANCA): the active produtos marked
 * "Enviar para a balança" as the loading file of the scale software — Toledo MGV6/MGV5 (ITENSMGV.TXT)
 * or Filizola Smart (CADTXT.TXT) — with a preview, the produtos left out and the download.
 */
export default function ExportacaoBalancaScreen() {
  const controller = useExportacaoBalanca();
  const { form, setForm, preview, busy } = controller;
  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto' }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        Exportação para balança
      </Typography>
      <Paper sx={{ p: 2, mb: 2 }}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr 2fr' } }}>
          <TextField
            select
            label="Modelo da balança"
            value={controller.modelos.length ? form.modelo : ''}
            onChange={(event) => setForm({ modelo: event.target.value as typeof form.modelo })}
            helperText={controller.modelo ? `Gera o arquivo ${controller.modelo.nomeArquivo}` : ' '}
          >
            {controller.modelos.map((modelo) => (
              <MenuItem key={modelo.id} value={modelo.id}>
                {modelo.label}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Departamento"
            type="number"
            value={controller.usaDepartamento ? form.departamento : ''}
            onChange={(event) => setForm({ departamento: event.target.value })}
            disabled={!controller.usaDepartamento}
            helperText={
              controller.usaDepartamento ? 'De 1 a 99, como cadastrado na balança' : 'Não usado neste modelo'
            }
            slotProps={{ htmlInput: { min: 1, max: 99 } }}
          />
          <TextField
            select
            label="Categoria"
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            value={form.categoriaId}
            onChange={(event) => setForm({ categoriaId: event.target.value })}
            helperText="Inclui as subcategorias"
          >
            <MenuItem value="">Todas</MenuItem>
            {controller.categorias.map((categoria) => (
              <MenuItem key={categoria.id} value={String(categoria.id)}>
                {categoria.label}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          Vão para a balança os produtos ativos com “Enviar para a balança” marcado no cadastro (aba Estoque),
          com o código (PLU), o tipo de venda e a validade informados ali.
        </Typography>
        {controller.problem && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {controller.problem}
          </Alert>
        )}
      </Paper>
      <Stack direction="row" spacing={2} sx={{ mb: 2 }}>
        <Button
          variant="outlined"
          startIcon={<Icon>visibility</Icon>}
          onClick={controller.previewNow}
          disabled={busy}
        >
          Pré-visualizar
        </Button>
        <Button
          variant="contained"
          startIcon={<Icon>download</Icon>}
          onClick={controller.download}
          disabled={busy || (preview !== null && preview.exportados === 0)}
        >
          Gerar arquivo
        </Button>
      </Stack>
      <Box sx={{ height: 4, mb: 1 }}>{busy && <LinearProgress aria-label="Carregando" />}</Box>
      {preview && <AvisosExportacao avisos={preview.avisos} />}
      {preview && <BalancaPreview preview={preview} />}
      {preview && <AmostraArquivo nomeArquivo={preview.nomeArquivo} linhas={preview.amostra} />}
    </Box>
  );
}
