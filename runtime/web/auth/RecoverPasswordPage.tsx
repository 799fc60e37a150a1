import { Box, Button, Stack, TextField, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { EMAIL_MAX_LENGTH, MESSAGES, SYSTEM_ID } from '../../core/constants.ts';
import { useRuntime } from '../app/RuntimeContext.tsx';
import { useNotify } from '../ui/NotifyProvider.tsx';
import { validateEmail } from './validateEmail.ts';

/**
 * Password recovery (spec 000 §2.3, §4, §5, §8): e-mails the reset link. Recuperar Senha stays disabled
 * until the e-mail is valid; Enter on an invalid form marks it submitted, so the messages show.
 */
export function RecoverPasswordPage() {
  const { api } = useRuntime();
  const notify = useNotify();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const error = validateEmail(email, {
    required: MESSAGES.recovery.required,
    invalid: MESSAGES.recovery.email,
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (error || busy) return;
    setBusy(true);
    try {
      const { response } = await api.POST('/api/Usuarios/reset', { body: { sistema: SYSTEM_ID, email } });
      if (!response.ok) throw new Error(String(response.status));
      notify.toast(MESSAGES.recovery.success, { severity: 'info' });
      navigate('/auth/login', { replace: true });
    } catch {
      notify.toast(MESSAGES.recovery.failure, { severity: 'warning' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Recuperar senha">
      <Typography variant="h5" component="h1" sx={{ mb: 1, fontWeight: 600 }}>
        Esqueceu sua senha?
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Informe o e-mail da sua conta para receber as instruções.
      </Typography>
      <Stack spacing={2}>
        <TextField
          label="E-mail"
          type="email"
          autoComplete="username"
          value={email}
          onChange={(event) => setEmail(event.target.value.toLowerCase())}
          onKeyDown={(event) => event.key === 'Enter' && error && setSubmitted(true)}
          slotProps={{ htmlInput: { maxLength: EMAIL_MAX_LENGTH } }}
          error={submitted && Boolean(error)}
          helperText={submitted ? error : undefined}
          autoFocus
        />
        <Button type="submit" variant="contained" size="large" disabled={busy || Boolean(error)}>
          {busy ? MESSAGES.login.loading : 'Recuperar Senha'}
        </Button>
        <Button component={RouterLink} to="/auth/login" variant="outlined" size="large">
          Cancelar
        </Button>
      </Stack>
    </Box>
  );
}
