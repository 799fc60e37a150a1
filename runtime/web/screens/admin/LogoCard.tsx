import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import Icon from '@mui/material/Icon';
import { type ChangeEvent, useRef, useState } from 'react';
import { useRuntime, type WhiteLabelConfig } from '../../app/RuntimeContext.tsx';
import { useNotify } from '../../ui/NotifyProvider.tsx';
import { useActionError } from '../../ui/useActionError.tsx';

const MAX_BYTES = 1024 * 1024;
const TYPES = ['image/png', 'image/jpeg', 'image/svg+xml', 'image/webp'] as const;
type LogoType = (typeof TYPES)[number];

/**
 * The white-label's logo with a preview and its upload (POST /api/ConfigWhiteLabels/{id}/upload, the image
 * bytes as the body): PNG, JPEG, SVG or WebP up to 1 MiB, checked here before sending.
 */
export function LogoCard({
  config,
  onUploaded,
}: {
  config: WhiteLabelConfig;
  onUploaded(config: WhiteLabelConfig): void;
}) {
  const { api } = useRuntime();
  const notify = useNotify();
  const showError = useActionError();
  const input = useRef<HTMLInputElement>(null);
  const [sending, setSending] = useState(false);
  const logo = config.imagens?.logo;

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!TYPES.includes(file.type as LogoType)) {
      await notify.alert({
        title: 'Atenção!',
        message: 'Envie a imagem do logo como PNG, JPEG, SVG ou WebP.',
        severity: 'warning',
      });
      return;
    }
    if (file.size > MAX_BYTES) {
      await notify.alert({
        title: 'Atenção!',
        message: 'A imagem excede o tamanho máximo de 1 MiB. Reduza o arquivo e envie novamente.',
        severity: 'warning',
      });
      return;
    }
    setSending(true);
    try {
      const { data, error } = await api.POST('/api/ConfigWhiteLabels/{id}/upload', {
        params: { path: { id: config.id } },
        // The body is the image itself, not JSON.
        body: file as never,
        bodySerializer: (body: unknown) => body as Blob,
        headers: { 'Content-Type': file.type },
      });
      if (error || !data) throw error;
      onUploaded(data);
      notify.toast('Logo enviado. O cabeçalho mostra o novo logo ao recarregar a página.', {
        severity: 'success',
        action: { label: 'Recarregar', onClick: () => window.location.reload() },
      });
    } catch (error) {
      await showError(error);
    } finally {
      setSending(false);
    }
  };

  return (
    <Paper variant="outlined" component="section" aria-label="Logo" sx={{ p: { xs: 2, sm: 2.5 }, mb: 2 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { sm: 'center' } }}>
        <Box
          sx={{
            width: 240,
            height: 96,
            flexShrink: 0,
            display: 'grid',
            placeItems: 'center',
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            bgcolor: 'primary.main',
            p: 1,
          }}
        >
          {logo ? (
            <Box
              component="img"
              src={logo}
              alt={`Logo de ${config.title}`}
              sx={{ maxWidth: '100%', maxHeight: '100%' }}
            />
          ) : (
            <Typography sx={{ color: 'primary.contrastText' }}>Sem logo</Typography>
          )}
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            Logo
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            Aparece no cabeçalho, sobre a cor do tema. PNG, JPEG, SVG ou WebP, até 1 MiB.
          </Typography>
          <input
            ref={input}
            type="file"
            accept={TYPES.join(',')}
            hidden
            aria-label="Arquivo do logo"
            onChange={(event) => void upload(event)}
          />
          <Button
            variant="outlined"
            startIcon={<Icon>upload</Icon>}
            disabled={sending}
            onClick={() => input.current?.click()}
          >
            {sending ? 'Carregando...' : 'Enviar novo logo'}
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}
