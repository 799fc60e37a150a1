import { Box, Paper, Typography } from '@mui/material';

/**
 * The first lines of the file exactly as written (monospace, scrolling sideways for long layouts), under
 * `title` (default "Primeiras linhas de <nomeArquivo>").
 */
export function AmostraArquivo(props: { nomeArquivo?: string; title?: string; linhas: string[] }) {
  const { linhas } = props;
  if (linhas.length === 0) return null;
  return (
    <Paper sx={{ p: 2, mb: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {props.title ?? `Primeiras linhas de ${props.nomeArquivo}`}
      </Typography>
      <Box
        component="pre"
        aria-label="Conteúdo do arquivo"
        sx={{
          m: 0,
          p: 1,
          overflowX: 'auto',
          fontFamily: 'monospace',
          fontSize: 12,
          bgcolor: 'action.hover',
          borderRadius: 1,
        }}
      >
        {linhas.join('\n')}
      </Box>
    </Paper>
  );
}
