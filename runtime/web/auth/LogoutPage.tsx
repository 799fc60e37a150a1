import { Box, CircularProgress, Typography } from '@mui/material';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { LOGOUT_REDIRECT_DELAY_MS } from '../../core/constants.ts';
import { useSession } from '../app/RuntimeContext.tsx';

/** auth/logout: ends the session, then goes to auth/login after 2 seconds (spec 000 §2.3). */
export function LogoutPage() {
  const session = useSession();
  const navigate = useNavigate();
  // biome-ignore lint/correctness/useExhaustiveDependencies: logs out once when the page opens
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    void session.logout().then(() => {
      timer = setTimeout(() => navigate('/auth/login', { replace: true }), LOGOUT_REDIRECT_DELAY_MS);
    });
    return () => clearTimeout(timer);
  }, []);
  return (
    <Box role="status" sx={{ textAlign: 'center', py: 4 }}>
      <CircularProgress size={32} />
      <Typography sx={{ mt: 2 }}>Saindo do sistema…</Typography>
    </Box>
  );
}
