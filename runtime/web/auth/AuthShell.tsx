import { Box, Paper } from '@mui/material';
import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { useRuntime, useTenant } from '../app/RuntimeContext.tsx';
import { SanitizedHtml } from '../ui/SanitizedHtml.tsx';

/**
 * The auth area (spec 000 §2.3): the tenant's cover image on wide screens (or an embedded frame, or
 * embedded HTML sanitised with DOMPurify) and the routed form on the right. Pings the API on open.
 */
export function AuthShell() {
  const { api } = useRuntime();
  const { config } = useTenant();
  const navigate = useNavigate();

  useEffect(() => {
    api
      .GET('/ping/json')
      .then(({ error }) => error && navigate('/sistema-indisponivel', { replace: true }))
      .catch(() => navigate('/sistema-indisponivel', { replace: true }));
  }, [api, navigate]);

  const tela = config.telaLogin;
  const cover = config.imagens?.capa;
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', bgcolor: 'background.default' }}>
      <Box
        aria-hidden={tela?.tipo === 'imagem' || !tela?.tipo}
        sx={{
          flex: 1,
          display: { xs: 'none', md: 'block' },
          // Stays one screen tall while a long form (sign-up) scrolls, so the cover is not scaled up.
          position: 'sticky',
          top: 0,
          height: '100vh',
          alignSelf: 'flex-start',
          bgcolor: 'primary.main',
          backgroundImage: (!tela?.tipo || tela.tipo === 'imagem') && cover ? `url("${cover}")` : undefined,
          backgroundSize: 'cover',
          backgroundPosition: 'left center',
        }}
      >
        {tela?.tipo === 'iframe' && tela.iframeUrl && (
          <Box
            component="iframe"
            title={config.title}
            src={tela.iframeUrl}
            sandbox="allow-scripts allow-same-origin allow-popups"
            sx={{ border: 0, width: '100%', height: '100%', position: 'absolute', inset: 0 }}
          />
        )}
        {tela?.tipo === 'html' && tela.html && (
          <SanitizedHtml html={tela.html} sx={{ p: 6, color: 'primary.contrastText' }} />
        )}
      </Box>
      <Box
        component="main"
        sx={{
          width: { xs: '100%', md: 480 },
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          p: 3,
        }}
      >
        <Paper
          elevation={0}
          sx={{ width: '100%', maxWidth: 400, p: { xs: 2, sm: 4 }, bgcolor: 'background.paper' }}
        >
          {config.imagens?.logo && (
            <Box sx={{ textAlign: 'center', mb: 3 }}>
              <Box
                component="img"
                src={config.imagens.logo}
                alt={config.title}
                sx={{ maxHeight: 48, maxWidth: '100%' }}
              />
            </Box>
          )}
          <Outlet />
        </Paper>
      </Box>
    </Box>
  );
}
