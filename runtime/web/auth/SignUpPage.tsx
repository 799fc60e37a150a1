import {
  Alert,
  Backdrop,
  Box,
  Button,
  CircularProgress,
  Paper,
  Slide,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  ANIMATION_DELAY_MS,
  DEFAULT_LOADING_TEXT,
  EMAIL_MAX_LENGTH,
  MESSAGES,
} from '../../core/constants.ts';
import { useTenant } from '../app/RuntimeContext.tsx';
import { SignUpOptionalFields } from './SignUpOptionalFields.tsx';
import { SignUpTerms } from './SignUpTerms.tsx';
import { useSignUpForm } from './useSignUpForm.ts';
import { useSignUpParams } from './useSignUpParams.ts';
import { useSignUpSubmit } from './useSignUpSubmit.ts';

interface SignUpPageProps {
  /** Top-level cadastrar / cadastrar-erp: rendered on its own, without the auth shell. */
  embedded?: boolean;
  /** cadastrar-erp: the account is not registered in the billing system (spec 000 §3). */
  naoCadastrasSuperlogica?: boolean;
}

/** The trial sign-up of spec 000 §2.3, §4, §5: the tenant's fields, terms, automatic login. */
export function SignUpPage({ embedded, naoCadastrasSuperlogica }: SignUpPageProps) {
  const { config } = useTenant();
  const navigate = useNavigate();
  const form = useSignUpForm();
  const params = useSignUpParams();
  const { submit, busy } = useSignUpSubmit(form, params, { naoCadastrasSuperlogica });
  const [leaving, setLeaving] = useState(false);
  const { values, setValue, errorOf } = form;
  const highlight = config.misc?.textoDestaqueCadastro || MESSAGES.signUp.highlightDefault;
  const alertText = config.misc?.textoAlertaCadastro;

  // The white-label turned sign-up off: the page says so (the API answers 403 with the same text).
  const content =
    config.cadastroAtivo === false ? (
      <Alert severity="warning">{MESSAGES.signUp.disabled}</Alert>
    ) : (
      <Box component="form" noValidate onSubmit={submit} aria-label="Cadastro">
        <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
          {MESSAGES.signUp.heading}
        </Typography>
        <Typography variant="h6" component="p" color="primary" sx={{ fontWeight: 700, mb: 2 }}>
          {highlight}
        </Typography>
        {alertText && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {alertText}
          </Alert>
        )}
        <Stack spacing={2}>
          <SignUpOptionalFields form={form} />
          <TextField
            label="E-mail"
            type="email"
            autoComplete="email"
            value={values.email}
            onChange={(event) => setValue('email', event.target.value)}
            slotProps={{ htmlInput: { maxLength: EMAIL_MAX_LENGTH } }}
            error={Boolean(errorOf('email'))}
            helperText={errorOf('email')}
          />
          <TextField
            label="Senha"
            type="password"
            autoComplete="new-password"
            value={values.senha}
            onChange={(event) => setValue('senha', event.target.value)}
            error={Boolean(errorOf('senha'))}
            helperText={errorOf('senha')}
          />
          <TextField
            label="Confirmar senha"
            type="password"
            autoComplete="new-password"
            value={values.confirmaSenha}
            onChange={(event) => setValue('confirmaSenha', event.target.value)}
            error={Boolean(errorOf('confirmaSenha'))}
            helperText={errorOf('confirmaSenha')}
          />
          <SignUpTerms
            checked={values.termosUso}
            onChange={(checked) => setValue('termosUso', checked)}
            error={errorOf('termosUso')}
          />
          <Button type="submit" variant="contained" size="large" disabled={busy || !values.termosUso}>
            {busy ? MESSAGES.login.loading : 'Confirmar'}
          </Button>
          <Button variant="outlined" size="large" disabled={busy} onClick={() => setLeaving(true)}>
            Já tenho login
          </Button>
        </Stack>
      </Box>
    );

  return (
    <Box sx={{ overflow: 'hidden' }}>
      {/* Já tenho login: the screen slides out, then the login opens (spec 000 §2.3). */}
      <Slide
        direction="left"
        in={!leaving}
        appear={false}
        timeout={ANIMATION_DELAY_MS}
        onExited={() => navigate('/auth/login')}
      >
        <Box>{embedded ? <EmbeddedFrame>{content}</EmbeddedFrame> : content}</Box>
      </Slide>
      <Backdrop open={busy} sx={{ zIndex: (theme) => theme.zIndex.modal + 1, color: '#fff' }}>
        <Box role="status" sx={{ textAlign: 'center' }}>
          <CircularProgress color="inherit" />
          <Typography sx={{ mt: 2 }}>{DEFAULT_LOADING_TEXT}</Typography>
        </Box>
      </Backdrop>
    </Box>
  );
}

/** The top-level page (possibly inside another site's frame): the form centred with the tenant's logo. */
function EmbeddedFrame({ children }: { children: ReactNode }) {
  const { config } = useTenant();
  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'flex', justifyContent: 'center', alignItems: 'center', p: 2 }}
    >
      <Paper sx={{ width: '100%', maxWidth: 480, p: { xs: 2, sm: 4 } }}>
        {config.imagens?.logo && (
          <Box sx={{ textAlign: 'center', mb: 3 }}>
            <Box component="img" src={config.imagens.logo} alt={config.title} sx={{ maxHeight: 48 }} />
          </Box>
        )}
        {children}
      </Paper>
    </Box>
  );
}
