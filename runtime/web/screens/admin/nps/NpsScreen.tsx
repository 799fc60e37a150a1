import { Stack } from '@mui/material';
import { useSession } from '../../../app/RuntimeContext.tsx';
import { AdminPage } from '../AdminPage.tsx';
import { useWhiteLabelChoice, WhiteLabelPicker } from '../WhiteLabelPicker.tsx';
import { NpsConfigCard } from './NpsConfigCard.tsx';
import { NpsResultados } from './NpsResultados.tsx';

/**
 * Administrador › Pesquisa NPS: the Net Promoter Score survey of the white-label (/api/Nps): its
 * settings and its results. The master works on its own white-label; platform staff pick any.
 */
export default function NpsScreen() {
  const { user } = useSession();
  const staff = user?.isAvanco === true;
  const [configWhiteLabel, setConfigWhiteLabel] = useWhiteLabelChoice();
  return (
    <AdminPage
      title="Pesquisa NPS"
      description="Pergunte aos usuários o quanto recomendariam o sistema (0 a 10) e acompanhe o Net Promoter Score: % de promotores (9–10) menos % de detratores (0–6)."
      actions={<WhiteLabelPicker value={configWhiteLabel} onChange={setConfigWhiteLabel} />}
    >
      <Stack spacing={3} key={configWhiteLabel}>
        <NpsConfigCard configWhiteLabel={configWhiteLabel} staff={staff} />
        <NpsResultados configWhiteLabel={configWhiteLabel} staff={staff} />
      </Stack>
    </AdminPage>
  );
}
