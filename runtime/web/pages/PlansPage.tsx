import { Typography } from '@mui/material';

/** Placeholder until the plans screen lands. */
export function PlansPage() {
  return <Typography>Em construção</Typography>;
}
