import { Typography } from '@mui/material';

/** Placeholder until the auth screens land. */
export function ResetPasswordPage() {
  return <Typography>Em construção</Typography>;
}
