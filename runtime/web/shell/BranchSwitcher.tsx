import {
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Typography,
} from '@mui/material';
import Icon from '@mui/material/Icon';
import { useState } from 'react';
import { useRuntime, useSession } from '../app/RuntimeContext.tsx';
import { ApiError } from '../app/SessionProvider.tsx';
import { useNotify } from '../ui/NotifyProvider.tsx';
import { useActionError } from '../ui/useActionError.tsx';

interface Filial {
  id?: number;
  nome?: string;
  apelido?: string | null;
}

const nameOf = (filial: Filial) => filial.apelido || filial.nome || `Filial ${filial.id}`;

/**
 * "Trocar filial" (user menu): lists the user's branches with the selected one marked; choosing one
 * selects it on the server, reloads the user info and confirms with a toast.
 */
export function BranchSwitcher({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { api } = useRuntime();
  const { user, refreshUser } = useSession();
  const notify = useNotify();
  const showError = useActionError();
  const [saving, setSaving] = useState<number | null>(null);
  const filiais: Filial[] = user?.filiais ?? [];

  const choose = async (filial: Filial) => {
    if (filial.id === undefined || saving !== null) return;
    if (filial.id === user?.filialSelecionada) return onClose();
    setSaving(filial.id);
    try {
      const { error, response } = await api.POST('/api/Usuarios/selecionarFilial', {
        body: { filialId: filial.id },
      });
      if (error) throw new ApiError(response.status, error);
      await refreshUser();
      onClose();
      notify.toast(`Filial alterada para ${nameOf(filial)}.`, { severity: 'success' });
    } catch (error) {
      await showError(error instanceof ApiError ? error.body : error);
    } finally {
      setSaving(null);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="trocar-filial-titulo">
      <DialogTitle id="trocar-filial-titulo">Trocar filial</DialogTitle>
      <DialogContent dividers sx={{ p: 0 }}>
        {filiais.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 3 }}>
            Nenhuma filial disponível para este usuário.
          </Typography>
        ) : (
          <List aria-label="Filiais" disablePadding>
            {filiais.map((filial) => {
              const selected = filial.id === user?.filialSelecionada;
              return (
                <ListItemButton
                  key={filial.id}
                  selected={selected}
                  aria-current={selected ? 'true' : undefined}
                  disabled={saving !== null}
                  onClick={() => void choose(filial)}
                >
                  <ListItemIcon sx={{ minWidth: 40 }}>
                    <Icon color={selected ? 'primary' : 'action'}>
                      {selected ? 'radio_button_checked' : 'radio_button_unchecked'}
                    </Icon>
                  </ListItemIcon>
                  <ListItemText
                    primary={nameOf(filial)}
                    secondary={filial.apelido ? filial.nome : undefined}
                  />
                  {selected && <Chip label="Selecionada" size="small" color="primary" variant="outlined" />}
                </ListItemButton>
              );
            })}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Fechar</Button>
      </DialogActions>
    </Dialog>
  );
}
