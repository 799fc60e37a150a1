import { Box, Button, Paper, Typography } from '@mui/material';

/** Shown when the white-label configuration or the API cannot be reached (route sistema-indisponivel). */
export function SystemUnavailablePage() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}>
      <Paper sx={{ p: 4, maxWidth: 480, textAlign: 'center' }}>
        <Typography variant="h5" component="h1" gutterBottom>
          Sistema indisponível
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          Não foi possível conectar ao sistema no momento. Verifique sua conexão com a internet e tente
          novamente em alguns instantes.
        </Typography>
        <Button
          variant="contained"
          onClick={() => window.location.assign(`${window.location.pathname}#/pages/dashboard`)}
        >
          Tentar novamente
        </Button>
      </Paper>
    </Box>
  );
}
