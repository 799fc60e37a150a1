import { Box, Button, IconButton, InputAdornment, Link, Stack, TextField, Typography } from '@mui/material';
import Icon from '@mui/material/Icon';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { ANIMATION_DELAY_MS, EMAIL_MAX_LENGTH, MESSAGES, PASSWORD_MIN_LENGTH } from '../../core/constants.ts';
import { useSession, useTenant } from '../app/RuntimeContext.tsx';
import { ApiError } from '../app/SessionProvider.tsx';
import { useNotify } from '../ui/NotifyProvider.tsx';
import { useActionError } from '../ui/useActionError.tsx';
import { homeRouteFor } from './homeRouteFor.ts';
import { validateEmail } from './validateEmail.ts';

/** The addresses of the plain login form: #/auth, #/auth/login (with or without a query). */
const LOGIN_HASH = /^#\/auth(\/login)?\/?(\?.*)?$/;

/** Login (spec 000 §2.3, §4, §5, §8), also for login/{user_token} and planos/{user_token}. */
export function LoginPage() {
  const session = useSession();
  const { config } = useTenant();
  const notify = useNotify();
  const showActionError = useActionError();
  const navigate = useNavigate();
  const { userToken } = useParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const autoLogin = useRef(false);

  useEffect(() => {
    // login/{user_token}: log out, wait 500 ms, log in with the token (spec 000 §4).
    if (!userToken || autoLogin.current) return;
    autoLogin.current = true;
    void (async () => {
      await session.logout();
      await new Promise((resolve) => setTimeout(resolve, ANIMATION_DELAY_MS));
      const user = await session.loginWithToken(userToken);
      if (user) navigate(homeRouteFor(user), { replace: true });
    })();
  }, [userToken, session, navigate]);

  // A session that exists when the login opens skips it (spec 000 §2.3): checked on mount and whenever
  // the address becomes the login again. Not on session changes: after its own login this screen can stay
  // mounted while the transition to the destination renders, and a later address must not be overridden.
  const token = useRef(session.token);
  token.current = session.token;
  useEffect(() => {
    if (userToken) return;
    const skipWithSession = () => {
      if (token.current && LOGIN_HASH.test(window.location.hash))
        navigate('/pages/dashboard', { replace: true });
    };
    skipWithSession();
    window.addEventListener('hashchange', skipWithSession);
    return () => window.removeEventListener('hashchange', skipWithSession);
  }, [userToken, navigate]);

  const emailError = validateEmail(email, {
    required: MESSAGES.validation.required,
    invalid: MESSAGES.validation.email,
  });
  const passwordError = !password
    ? MESSAGES.validation.required
    : password.length < PASSWORD_MIN_LENGTH
      ? MESSAGES.validation.minLength(PASSWORD_MIN_LENGTH)
      : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (emailError || passwordError || busy) return;
    setBusy(true);
    try {
      const user = await session.login(email, password);
      navigate(homeRouteFor(user), { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        await notify.alert({
          title: MESSAGES.login.failedTitle,
          message:
            error.message && !error.message.startsWith('HTTP') ? error.message : MESSAGES.login.failedText,
          severity: 'warning',
        });
      } else {
        await showActionError(error);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Entrar">
      <Typography variant="h5" component="h1" sx={{ mb: 3, fontWeight: 600 }}>
        Entrar
      </Typography>
      <Stack spacing={2}>
        <TextField
          label="E-mail"
          type="email"
          autoComplete="username"
          value={email}
          onChange={(event) => setEmail(event.target.value.toLowerCase())}
          slotProps={{ htmlInput: { maxLength: EMAIL_MAX_LENGTH } }}
          error={submitted && Boolean(emailError)}
          helperText={submitted ? emailError : undefined}
          autoFocus
        />
        <TextField
          label="Senha"
          type={showPassword ? 'text' : 'password'}
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={submitted && Boolean(passwordError)}
          helperText={submitted ? passwordError : undefined}
          slotProps={{
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <IconButton
                    aria-label={showPassword ? 'Ocultar senha' : 'Mostrar senha'}
                    onClick={() => setShowPassword((shown) => !shown)}
                    edge="end"
                  >
                    <Icon>{showPassword ? 'visibility_off' : 'visibility'}</Icon>
                  </IconButton>
                </InputAdornment>
              ),
            },
          }}
        />
        <Button type="submit" variant="contained" size="large" disabled={busy}>
          {busy ? MESSAGES.login.loading : 'Entrar'}
        </Button>
        {config.cadastroAtivo && (
          <Button component={RouterLink} to="/auth/cadastrar" variant="outlined" size="large">
            Cadastre-se
          </Button>
        )}
        <Link
          component={RouterLink}
          to="/auth/recuperar-senha"
          align="center"
          variant="body2"
          underline="hover"
        >
          ESQUECI MINHA SENHA
        </Link>
      </Stack>
    </Box>
  );
}
