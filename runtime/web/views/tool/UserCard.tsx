import { Avatar, Box, Paper, Stack, Typography } from '@mui/material';
import { useSession } from '../../app/RuntimeContext.tsx';
import { branchLabel } from '../../shell/branchLabel.ts';

/** A tool's `userCard`: who is signed in, in which company and branch (Minha conta). */
export function UserCard() {
  const { user } = useSession();
  const name = user?.nome || user?.email || '';
  return (
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
  );
}
