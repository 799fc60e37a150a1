import { Alert, Box, Button, Paper, Stack, Step, StepButton, Stepper, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import type { EnumDefinition } from '../../../core/resolveEntity.ts';
import { useTenant } from '../../app/RuntimeContext.tsx';
import { useNotify } from '../../ui/NotifyProvider.tsx';
import { SingletonFormView } from '../../views/form/SingletonFormView.tsx';
import { findDeclaredScreen } from '../../views/screenKinds.ts';
import { UploadView } from '../../views/upload/UploadView.tsx';
import type { UploadScreen } from '../../views/upload/uploadTypes.ts';
import { ConfiguracaoCampoStep } from './ConfiguracaoCampoStep.tsx';
import { NaturezaStep } from './NaturezaStep.tsx';
import { useAssistenteFiscal } from './useAssistenteFiscal.ts';

const STEPS = [
  'Regime tributário',
  'Configuração da NF-e',
  'Certificado digital',
  'Natureza de operação padrão',
];

/**
 * Configurações › Fiscal › Assistente fiscal (pages/configuracoes/assistente-fiscal): walks a new company
 * through what issuing invoices needs — the regime (CRT), the Configuração fiscal form, the A1 certificate
 * and the default operation nature — embedding the same screens the menu opens. Each step shows as done
 * from the stored records, so the assistant can be left and resumed.
 */
export default function AssistenteFiscalScreen() {
  const { schemas } = useTenant();
  const assistente = useAssistenteFiscal();
  const notify = useNotify();
  const [passo, setPasso] = useState(0);
  const { configuracao } = assistente;
  // Step 3 is the declared Certificado digital screen (schemas/screens/certificado-digital.screen.json).
  const certificado = findDeclaredScreen(
    'pages/fiscais/certificado-digital',
    schemas.screens,
  ) as UploadScreen | null;
  const regimes = useMemo(() => {
    const enums = schemas.enums as unknown as Record<string, EnumDefinition>;
    return (enums.regimeTributarioNotaFiscal?.values ?? []).map((value) => ({
      value: Number(value.code),
      label: value.label,
    }));
  }, [schemas]);
  const feito = [
    configuracao !== null,
    // Reviewed: saved again after the record was created (by the regime step or a first save).
    Number(configuracao?.versao) > 1,
    assistente.temCertificado,
    typeof configuracao?.naturezaOperacaoId === 'number',
  ];
  const ir = (destino: number) => {
    setPasso(destino);
    void assistente.refresh();
  };
  const numero = (value: unknown) => (typeof value === 'number' ? value : null);

  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto' }}>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        Assistente fiscal
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Siga os passos para deixar a filial pronta para emitir NF-e e NFC-e. Você pode sair e voltar quando
        quiser: o que já foi salvo fica marcado como concluído.
      </Typography>
      {assistente.error && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {assistente.error}
        </Alert>
      )}
      <Stepper nonLinear activeStep={passo} alternativeLabel sx={{ mb: 3 }}>
        {STEPS.map((titulo, index) => (
          <Step key={titulo} completed={feito[index]}>
            <StepButton onClick={() => ir(index)}>{titulo}</StepButton>
          </Step>
        ))}
      </Stepper>
      <Paper variant="outlined" sx={{ p: 3 }} component="section" aria-label={STEPS[passo]}>
        {passo === 0 && (
          <ConfiguracaoCampoStep
            label="Regime tributário (CRT)"
            help="O regime da empresa como ele é informado nas notas fiscais desta filial. Na dúvida, confirme com o seu contador."
            opcoes={regimes}
            valor={numero(configuracao?.regimeTributario)}
            onSalvar={async (regimeTributario) => {
              await assistente.salvarConfiguracao({ regimeTributario });
              ir(1);
            }}
          />
        )}
        {passo === 1 && <SingletonFormView entityName="configuracaoNfe" />}
        {passo === 2 && certificado && <UploadView declaration={certificado} />}
        {passo === 3 && (
          <NaturezaStep
            valor={numero(configuracao?.naturezaOperacaoId)}
            onSalvar={async (naturezaOperacaoId) => {
              await assistente.salvarConfiguracao({ naturezaOperacaoId });
              notify.toast('Natureza de operação padrão salva.', { severity: 'success' });
              void assistente.refresh();
            }}
          />
        )}
        {passo > 0 && (
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', mt: 3 }}>
            <Button onClick={() => ir(passo - 1)}>Voltar</Button>
            {passo < STEPS.length - 1 && (
              <Button variant="outlined" onClick={() => ir(passo + 1)}>
                Próximo passo
              </Button>
            )}
          </Stack>
        )}
      </Paper>
      {feito.every(Boolean) && (
        <Alert severity="success" sx={{ mt: 3 }}>
          Tudo pronto! A filial está configurada para emitir notas fiscais.
        </Alert>
      )}
    </Box>
  );
}
