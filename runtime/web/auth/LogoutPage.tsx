import { Box, CircularProgress, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { LOGOUT_REDIRECT_DELAY_MS } from '../../core/constants.ts';
import { useSession } from '../app/RuntimeContext.tsx';

/** auth/logout: ends the session, then goes to auth/login after 2 seconds (spec 000 §2.3). */
export function LogoutPage() {
  const session = useSession();
  const navigate = useNavigate();
  // One logout even when the effect runs twice (StrictMode): a second call would reuse the ended token.
  const loggingOut = useRef<Promise<void> | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: logs out once when the page opens
  useEffect(() => {
    loggingOut.current ??= session.logout();
    let active = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    void loggingOut.current.then(() => {
      if (active)
        timer = setTimeout(() => navigate('/auth/login', { replace: true }), LOGOUT_REDIRECT_DELAY_MS);
    });
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, []);
  return (
    <Box role="status" sx={{ textAlign: 'center', py: 4 }}>
      <CircularProgress size={32} />
      <Typography sx={{ mt: 2 }}>Saindo do sistema…</Typography>
    </Box>
  );
}
