import { Button, LinearProgress, Stack, Typography } from '@mui/material';
import Icon from '@mui/material/Icon';
import { useCallback, useEffect, useState } from 'react';
import type { components } from '../../../../../generated/api.d.ts';
import { formatBRL } from '../../../../core/formatMoney.ts';
import { useRuntime, useSession } from '../../../app/RuntimeContext.tsx';
import { useNotify } from '../../../ui/NotifyProvider.tsx';
import { useActionError } from '../../../ui/useActionError.tsx';
import { downloadCsv } from '../../../views/upload/csv/modeloCsv.ts';
import { AdminPage } from '../AdminPage.tsx';
import { useWhiteLabelChoice, WhiteLabelPicker } from '../WhiteLabelPicker.tsx';
import { EmpresasCobradasTable } from './EmpresasCobradasTable.tsx';
import { competenciaLabel, FaturasTable } from './FaturasTable.tsx';

type Resumo = components['schemas']['FinanceiroWhiteLabel'];
type Fatura = components['schemas']['FaturaWhiteLabel'];

/**
 * Administrador › Financeiro white label: what the platform charges the white-label (/api/FinanceiroWhiteLabel).
 * The master sees its own; platform staff pick any white-label, generate the month's fatura and mark it paid.
 */
export default function FinanceiroWhiteLabelScreen() {
  const { api } = useRuntime();
  const { user } = useSession();
  const notify = useNotify();
  const showError = useActionError();
  const staff = user?.isAvanco === true;
  const [configWhiteLabel, setConfigWhiteLabel] = useWhiteLabelChoice();
  const [resumo, setResumo] = useState<Resumo | null>(null);
  const [loading, setLoading] = useState(true);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const { data, error } = await api.GET('/api/FinanceiroWhiteLabel', {
        params: { query: staff ? { configWhiteLabel } : {} },
      });
      if (error) throw error;
      setResumo(data ?? null);
    } catch (error) {
      await showError(error);
    } finally {
      setLoading(false);
    }
  }, [api, showError, staff, configWhiteLabel]);

  useEffect(() => {
    void load();
  }, [load]);

  const act = async (run: () => Promise<{ error?: unknown }>, success: string) => {
    try {
      const { error } = await run();
      if (error) throw error;
      notify.toast(success, { severity: 'success' });
      await load();
    } catch (error) {
      await showError(error);
    }
  };

  const generate = async () => {
    if (!resumo) return;
    const mes = competenciaLabel(resumo.competenciaAtual);
    const ok = await notify.confirm({
      title: 'Gerar fatura',
      message: `Gerar a fatura de ${mes} de ${resumo.whiteLabel} com as ${resumo.empresas.length} empresas ativas hoje (${formatBRL(resumo.totalMensal)})?`,
      confirmLabel: 'Gerar',
    });
    if (!ok) return;
    await act(
      () =>
        api.POST('/api/FinanceiroWhiteLabel/faturas', {
          body: { configWhiteLabel: resumo.configWhiteLabel, competencia: resumo.competenciaAtual },
        }),
      `Fatura de ${mes} gerada.`,
    );
  };

  const pay = async (fatura: Fatura) => {
    const mes = competenciaLabel(fatura.competencia);
    const ok = await notify.confirm({
      title: 'Marcar como paga',
      message: `Confirmar o pagamento da fatura de ${mes} (${formatBRL(fatura.valor)})?`,
      confirmLabel: 'Confirmar pagamento',
    });
    if (!ok) return;
    await act(
      () => api.POST('/api/FinanceiroWhiteLabel/faturas/{id}/pagar', { params: { path: { id: fatura.id } } }),
      `Fatura de ${mes} marcada como paga.`,
    );
  };

  const exportCsv = async (fatura: Fatura) => {
    try {
      const { data, error } = await api.GET('/api/FinanceiroWhiteLabel/faturas/{id}/csv', {
        params: { path: { id: fatura.id } },
        parseAs: 'text',
      });
      if (error) throw error;
      downloadCsv(String(data ?? ''), `fatura-${fatura.competencia}.csv`);
    } catch (error) {
      await showError(error);
    }
  };

  return (
    <AdminPage
      title="Financeiro white label"
      description="O que a plataforma cobra deste white-label: empresas ativas com plano e valor mensal, e as faturas mês a mês."
      actions={
        <>
          <WhiteLabelPicker value={configWhiteLabel} onChange={setConfigWhiteLabel} />
          {staff && (
            <Button
              variant="contained"
              startIcon={<Icon>receipt_long</Icon>}
              sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
              onClick={() => void generate()}
            >
              Gerar fatura do mês
            </Button>
          )}
        </>
      }
    >
      {loading && <LinearProgress aria-label="Carregando financeiro" sx={{ mb: 1 }} />}
      {resumo && (
        <Stack spacing={2}>
          <Typography variant="h6" component="h2">
            Faturas
          </Typography>
          <FaturasTable
            resumo={resumo}
            staff={staff}
            onExport={(fatura) => void exportCsv(fatura)}
            onPay={(fatura) => void pay(fatura)}
            onGenerate={() => void generate()}
          />
          <Typography variant="h6" component="h2">
            {`Empresas ativas de ${resumo.whiteLabel}`}
          </Typography>
          <EmpresasCobradasTable resumo={resumo} />
        </Stack>
      )}
    </AdminPage>
  );
}
