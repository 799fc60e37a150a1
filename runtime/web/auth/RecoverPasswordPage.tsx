import { Typography } from '@mui/material';

/** Placeholder until the auth screens land. */
export function RecoverPasswordPage() {
  return <Typography>Em construção</Typography>;
}
