import { Box, Button, Paper, Typography } from '@mui/material';
import Icon from '@mui/material/Icon';
import { Link as RouterLink } from 'react-router-dom';

/** Shown instead of a screen whose permission key the user lacks. */
export function AccessDeniedPage() {
  return (
    <Paper sx={{ p: 4, textAlign: 'center', maxWidth: 560, mx: 'auto', mt: 4 }}>
      <Icon color="warning" sx={{ fontSize: 48 }}>
        lock
      </Icon>
      <Typography variant="h5" component="h1" sx={{ mt: 1 }} gutterBottom>
        Acesso negado
      </Typography>
      <Typography color="text.secondary">
        Seu perfil de acesso não permite abrir esta página. Se precisar dela, peça ao administrador da empresa
        para ajustar suas permissões.
      </Typography>
      <Box sx={{ mt: 3 }}>
        <Button component={RouterLink} to="/pages/dashboard" variant="contained">
          Voltar ao início
        </Button>
      </Box>
    </Paper>
  );
}
