import { Box } from '@mui/material';
import { useState } from 'react';
import { LookupSection } from '../../views/lookup/LookupSection.tsx';
import { useDeclaredLookup } from '../../views/lookup/useDeclaredLookup.ts';
import { AdminPage } from './AdminPage.tsx';
import { NotificacaoForm } from './NotificacaoForm.tsx';

/**
 * Administrador › Notificações: sends an alert to every user of the white-label (POST
 * /api/Alertas/geral) above the general alerts already sent — the declared lookup
 * schemas/screens/notificacoes-enviadas.screen.json, each deletable from every bell by its row action.
 */
export default function NotificacoesScreen() {
  const enviadas = useDeclaredLookup('notificacoes-enviadas');
  // A sending reads the list again from its first page.
  const [version, setVersion] = useState(0);
  return (
    <AdminPage
      title="Notificações"
      description="Envie um aviso ao sino de notificações de todos os usuários deste white-label."
      maxWidth={1100}
    >
      <NotificacaoForm onSent={() => setVersion((current) => current + 1)} />
      <Box sx={{ mt: 3 }}>
        <LookupSection key={version} declaration={enviadas} heading />
      </Box>
    </AdminPage>
  );
}
