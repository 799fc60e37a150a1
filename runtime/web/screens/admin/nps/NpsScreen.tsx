import { Stack } from '@mui/material';
import { useSession } from '../../../app/RuntimeContext.tsx';
import { ToolView } from '../../../views/tool/ToolView.tsx';
import { useDeclaredTool } from '../../../views/tool/useDeclaredTool.ts';
import { AdminPage } from '../AdminPage.tsx';
import { useWhiteLabelChoice, WhiteLabelPicker } from '../WhiteLabelPicker.tsx';

/**
 * Administrador › Pesquisa NPS: the Net Promoter Score survey of the white-label (/api/Nps): its settings
 * and its results, declared tools (schemas/screens/nps-config, nps-resultados). The master works on its
 * own white-label; platform staff pick any, sent with every request of both.
 */
export default function NpsScreen() {
  const { user } = useSession();
  const staff = user?.isAvanco === true;
  const [configWhiteLabel, setConfigWhiteLabel] = useWhiteLabelChoice();
  const config = useDeclaredTool('nps-config');
  const resultados = useDeclaredTool('nps-resultados');
  const extra = staff ? { configWhiteLabel } : undefined;
  return (
    <AdminPage
      title="Pesquisa NPS"
      description="Pergunte aos usuários o quanto recomendariam o sistema (0 a 10) e acompanhe o Net Promoter Score: % de promotores (9–10) menos % de detratores (0–6)."
      actions={<WhiteLabelPicker value={configWhiteLabel} onChange={setConfigWhiteLabel} />}
    >
      <Stack spacing={3} key={configWhiteLabel}>
        <ToolView declaration={config} extra={extra} />
        <ToolView declaration={resultados} extra={extra} />
      </Stack>
    </AdminPage>
  );
}
