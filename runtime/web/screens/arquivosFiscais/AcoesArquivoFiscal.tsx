import { Box, Button, LinearProgress, Stack } from '@mui/material';
import Icon from '@mui/material/Icon';

/** "Pré-visualizar" and "Gerar arquivo" of a fiscal file page, with the progress bar under them. */
export function AcoesArquivoFiscal(props: { busy: boolean; onPreview: () => void; onDownload: () => void }) {
  return (
    <>
      <Stack direction="row" spacing={2} sx={{ mb: 2 }}>
        <Button
          variant="outlined"
          startIcon={<Icon>visibility</Icon>}
          disabled={props.busy}
          onClick={props.onPreview}
        >
          Pré-visualizar
        </Button>
        <Button
          variant="contained"
          startIcon={<Icon>download</Icon>}
          disabled={props.busy}
          onClick={props.onDownload}
        >
          Gerar arquivo
        </Button>
      </Stack>
      <Box sx={{ height: 4, mb: 1 }}>{props.busy && <LinearProgress aria-label="Carregando" />}</Box>
    </>
  );
}
