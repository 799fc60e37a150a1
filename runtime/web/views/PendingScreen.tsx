import { Paper, Typography } from '@mui/material';

/** A menu route whose screen is not built yet: says so plainly instead of showing a blank page. */
export function PendingScreen({ title }: { title: string }) {
  return (
    <>
      <Typography variant="h5" component="h1" gutterBottom>
        {title}
      </Typography>
      <Paper sx={{ p: 3 }}>
        <Typography color="text.secondary">Esta tela ainda está em construção.</Typography>
      </Paper>
    </>
  );
}
