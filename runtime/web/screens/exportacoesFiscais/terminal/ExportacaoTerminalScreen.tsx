import { Alert, Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import Icon from '@mui/material/Icon';
import { AmostraArquivo } from '../../../views/tool/AmostraArquivo.tsx';
import { AvisosExportacao } from '../shared/AvisosExportacao.tsx';
import { TerminalFiltros } from './TerminalFiltros.tsx';
import { TerminalPreview } from './TerminalPreview.tsx';
import { useExportacaoTerminal } from './useExportacaoTerminal.ts';

/**
 * Exportações › Exportação para terminal (key NFE_EXPORTACAO_TERMINAL): produtos for a data collector or
 * price-checker terminal — código de barras, descrição, preço and optionally the branch stock — as a
 * delimited or fixed-width text file (PRODUTOS.TXT, Windows-1252, CRLF), with a preview and the download.
 */
export default function ExportacaoTerminalScreen() {
  const controller = useExportacaoTerminal();
  const { preview, busy } = controller;
  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto' }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        Exportação para terminal
      </Typography>
      <TerminalFiltros
        form={controller.form}
        setForm={controller.setForm}
        categorias={controller.categorias}
        marcas={controller.marcas}
      />
      {controller.problem && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {controller.problem}
        </Alert>
      )}
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
      {preview && <TerminalPreview preview={preview} estoque={controller.form.incluirEstoque} />}
      {preview && <AmostraArquivo nomeArquivo={preview.nomeArquivo} linhas={preview.amostra} />}
    </Box>
  );
}
