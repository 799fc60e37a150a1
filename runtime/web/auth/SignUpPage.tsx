import { Typography } from '@mui/material';

/** Placeholder until the sign-up screen lands. */
export function SignUpPage(_props: { embedded?: boolean; naoCadastrasSuperlogica?: boolean }) {
  return <Typography>Em construção</Typography>;
}
