import { Box, Button, Stack, TextField, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { MESSAGES, PASSWORD_MIN_LENGTH } from '../../core/constants.ts';
import { useRuntime } from '../app/RuntimeContext.tsx';
import { useNotify } from '../ui/NotifyProvider.tsx';
import { useActionError } from '../ui/useActionError.tsx';

const GONE = 410;
const TITLE = 'Recupere sua senha';

/** The reset rules of spec 000 §5: new password of at least 6 characters, confirmation equal to it. */
function validate(password: string, confirmation: string) {
  const v = MESSAGES.validation;
  return {
    password: !password
      ? v.required
      : password.length < PASSWORD_MIN_LENGTH
        ? v.minLength(PASSWORD_MIN_LENGTH)
        : undefined,
    confirmation: !confirmation ? v.required : confirmation !== password ? v.mismatch : undefined,
  };
}

/**
 * resetar-senha/{access_token} (spec 000 §2.3, §4, §8): sets the new password with the e-mailed link.
 * A used or expired link (410) shows the spec's warning; other failures the generic error dialog.
 */
export function ResetPasswordPage() {
  const { api } = useRuntime();
  const notify = useNotify();
  const showActionError = useActionError();
  const navigate = useNavigate();
  const { accessToken = '' } = useParams();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const errors = validate(password, confirmation);
  const invalid = Boolean(errors.password || errors.confirmation);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (invalid || busy) return;
    setBusy(true);
    try {
      const { error, response } = await api.POST('/reset-password', {
        params: { query: { access_token: accessToken } },
        body: { password, confirmar: confirmation },
      });
      if (response.status === GONE) {
        await notify.alert({ title: TITLE, message: MESSAGES.reset.linkUsed, severity: 'warning' });
      } else if (error || !response.ok) {
        await showActionError(error ?? { status: response.status });
      } else {
        notify.toast(MESSAGES.reset.success, { severity: 'success' });
        navigate('/auth/login', { replace: true });
      }
    } catch (error) {
      await showActionError(error);
    } finally {
      setBusy(false);
    }
  };

  const markOnEnter = (event: { key: string }) => event.key === 'Enter' && invalid && setSubmitted(true);
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Recuperar senha">
      <Typography variant="h5" component="h1" sx={{ mb: 3, fontWeight: 600 }}>
        {TITLE}
      </Typography>
      <Stack spacing={2}>
        <TextField
          label="Nova Senha"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          onKeyDown={markOnEnter}
          error={submitted && Boolean(errors.password)}
          helperText={submitted ? errors.password : undefined}
          autoFocus
        />
        <TextField
          label="Confirmar Senha"
          type="password"
          autoComplete="new-password"
          value={confirmation}
          onChange={(event) => setConfirmation(event.target.value)}
          onKeyDown={markOnEnter}
          error={submitted && Boolean(errors.confirmation)}
          helperText={submitted ? errors.confirmation : undefined}
        />
        <Button type="submit" variant="contained" size="large" disabled={busy || invalid}>
          {busy ? MESSAGES.login.loading : 'Confirmar'}
        </Button>
        <Button component={RouterLink} to="/auth/login" variant="outlined" size="large">
          Cancelar
        </Button>
      </Stack>
    </Box>
  );
}
