import { Alert, Avatar, Box, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { PASSWORD_MIN_LENGTH } from '../../../core/constants.ts';
import { useRuntime, useSession } from '../../app/RuntimeContext.tsx';
import { branchLabel } from '../../shell/branchLabel.ts';
import { useNotify } from '../../ui/NotifyProvider.tsx';
import { useActionError } from '../../ui/useActionError.tsx';

interface PasswordForm {
  senhaAntiga: string;
  senhaNova: string;
  confirmar: string;
}

const EMPTY: PasswordForm = { senhaAntiga: '', senhaNova: '', confirmar: '' };

/** Field messages of the password change, shown after the first submit (as the sign-up does). */
function passwordErrors(form: PasswordForm): Partial<Record<keyof PasswordForm, string>> {
  const errors: Partial<Record<keyof PasswordForm, string>> = {};
  if (!form.senhaAntiga) errors.senhaAntiga = 'Informe a senha atual.';
  if (form.senhaNova.length < PASSWORD_MIN_LENGTH)
    errors.senhaNova = `A nova senha deve ter no mínimo ${PASSWORD_MIN_LENGTH} caracteres.`;
  if (form.confirmar !== form.senhaNova) errors.confirmar = 'A confirmação não confere com a nova senha.';
  return errors;
}

/**
 * Minha conta (user menu, key USUARIO_MINHA_CONTA): who is signed in, in which company and branch, and
 * the change of one's own password (POST /api/Usuarios/alteraSenha). Other users' passwords are set in
 * Configurações › Usuários.
 */
export default function MinhaContaScreen() {
  const { user } = useSession();
  const { api } = useRuntime();
  const notify = useNotify();
  const showError = useActionError();
  const [form, setForm] = useState<PasswordForm>(EMPTY);
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const errors = submitted ? passwordErrors(form) : {};
  const name = user?.nome || user?.email || '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(passwordErrors(form)).length > 0) return;
    setSaving(true);
    try {
      const { error } = await api.POST('/api/Usuarios/alteraSenha', {
        body: { senhaAntiga: form.senhaAntiga, senhaNova: form.senhaNova },
      });
      if (error) throw error;
      notify.toast('Senha alterada com sucesso!', { severity: 'success' });
      setForm(EMPTY);
      setSubmitted(false);
    } catch (error) {
      await showError(error);
    } finally {
      setSaving(false);
    }
  };

  const field = (key: keyof PasswordForm, label: string, autoComplete: string) => (
    <TextField
      type="password"
      label={label}
      value={form[key]}
      onChange={(event) => setForm({ ...form, [key]: event.target.value })}
      error={Boolean(errors[key])}
      helperText={errors[key]}
      autoComplete={autoComplete}
      slotProps={{ htmlInput: { maxLength: 200 } }}
      fullWidth
    />
  );

  return (
    <Box sx={{ maxWidth: 720, mx: 'auto' }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        Minha conta
      </Typography>
      <Paper sx={{ p: 3, mb: 3 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Avatar
            src={user?.avatar ?? undefined}
            alt={name}
            sx={{ width: 56, height: 56, bgcolor: 'primary.main' }}
          >
            {(name || '?').charAt(0).toUpperCase()}
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h6">{name}</Typography>
            <Typography color="text.secondary">{user?.email}</Typography>
            <Typography variant="body2" color="text.secondary">
              {user?.empresaObj?.nome} · {branchLabel(user?.filialSelecionadaObj)}
            </Typography>
          </Box>
        </Stack>
      </Paper>
      <Paper component="form" noValidate onSubmit={(event) => void submit(event)} sx={{ p: 3 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          Alterar senha
        </Typography>
        <Stack spacing={2}>
          {field('senhaAntiga', 'Senha atual', 'current-password')}
          {field('senhaNova', 'Nova senha', 'new-password')}
          {field('confirmar', 'Confirme a nova senha', 'new-password')}
          {Object.keys(errors).length > 0 && (
            <Alert severity="warning">Corrija os campos destacados para alterar a senha.</Alert>
          )}
          <Box>
            <Button type="submit" variant="contained" disabled={saving}>
              {saving ? 'Carregando...' : 'Alterar senha'}
            </Button>
          </Box>
        </Stack>
      </Paper>
    </Box>
  );
}
