import { Box, MenuItem, Paper, TextField, Typography } from '@mui/material';
import { formatBRL } from '../../../core/formatMoney.ts';
import { useRuntime, useTenant } from '../../app/RuntimeContext.tsx';
import { enumOptions } from '../../auth/enumOptions.ts';
import { AmostraArquivo } from '../exportacoesFiscais/shared/AmostraArquivo.tsx';
import { AcoesArquivoFiscal } from './AcoesArquivoFiscal.tsx';
import type { SpedPedido, SpedPreview } from './arquivoFiscalTypes.ts';
import { FilialSelect } from './FilialSelect.tsx';
import { mesAnterior } from './periodoPadrao.ts';
import { ResumoArquivoFiscal } from './ResumoArquivoFiscal.tsx';
import { useArquivoFiscal } from './useArquivoFiscal.ts';

interface SpedForm {
  filialId: string;
  periodo: string;
  finalidade: string;
  perfil: string;
  codigoReceita: string;
}

function pedidoOf(form: SpedForm): SpedPedido {
  return {
    ...(form.filialId ? { filialId: Number(form.filialId) } : {}),
    periodo: form.periodo,
    finalidade: Number(form.finalidade) as SpedPedido['finalidade'],
    perfil: form.perfil as SpedPedido['perfil'],
    ...(form.codigoReceita.trim() ? { codigoReceita: form.codigoReceita.trim() } : {}),
  };
}

/**
 * Fiscais › Arquivo SPED (key NFE_ARQUIVO_SPED, also the accountant's): the EFD ICMS/IPI of one branch
 * and month — blocks 0, B, C, D, E, G, H, K, 1 and 9 — with a summary per register, the ICMS assessment,
 * the warnings and the download (SPED-EFD-<CNPJ>-<AAAAMM>.txt, ISO-8859-1, CRLF).
 */
export default function ArquivoSpedScreen() {
  const { api } = useRuntime();
  const { schemas } = useTenant();
  const c = useArquivoFiscal<SpedForm, SpedPreview>('sped', {
    periodo: mesAnterior(),
    finalidade: '0',
    perfil: 'A',
    codigoReceita: '',
  });
  const { form, setForm, preview, busy } = c;
  const finalidades = enumOptions(schemas, 'finalidadeSped').options;
  const perfis = enumOptions(schemas, 'perfilSped').options;
  const body = pedidoOf(form);
  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto' }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        Arquivo SPED
      </Typography>
      <Paper sx={{ p: 2, mb: 2 }}>
        <Box
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1.2fr 2fr 1fr 1.6fr' } }}
        >
          <FilialSelect
            filiais={c.filiais}
            value={form.filialId}
            onChange={(filialId) => setForm({ filialId })}
          />
          <TextField
            label="Período"
            type="month"
            value={form.periodo}
            onChange={(event) => setForm({ periodo: event.target.value })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            select
            label="Finalidade"
            value={finalidades.length ? form.finalidade : ''}
            onChange={(event) => setForm({ finalidade: event.target.value })}
          >
            {finalidades.map((option) => (
              <MenuItem key={option.code} value={String(option.code)}>
                {option.label}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label="Perfil"
            value={perfis.length ? form.perfil : ''}
            onChange={(event) => setForm({ perfil: event.target.value })}
          >
            {perfis.map((option) => (
              <MenuItem key={option.code} value={String(option.code)}>
                {option.label}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Código de receita"
            value={form.codigoReceita}
            onChange={(event) => setForm({ codigoReceita: event.target.value })}
            helperText="E116, se houver ICMS a recolher"
          />
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          EFD ICMS/IPI do estabelecimento: NF-e emitidas e recebidas, NFC-e, apuração do ICMS e inventário
          datado no período. O contador ativo da empresa é informado no registro 0100.
        </Typography>
      </Paper>
      <AcoesArquivoFiscal
        busy={busy}
        onPreview={() => c.previewNow(() => api.POST('/api/ArquivosFiscais/sped/preview', { body }))}
        onDownload={() => c.download(() => api.POST('/api/ArquivosFiscais/sped/arquivo', { body }))}
      />
      {preview && (
        <ResumoArquivoFiscal
          nomeArquivo={preview.nomeArquivo}
          totalLinhas={preview.totalLinhas}
          registros={preview.registros}
          avisos={preview.avisos}
          totais={[
            ['Documentos', String(preview.totais.documentos)],
            ['Débitos de ICMS', formatBRL(preview.totais.debitos)],
            ['Créditos de ICMS', formatBRL(preview.totais.creditos)],
            ['ICMS a recolher', formatBRL(preview.totais.icmsRecolher)],
            ['Saldo credor a transportar', formatBRL(preview.totais.saldoCredorTransportar)],
          ]}
        />
      )}
      {preview && <AmostraArquivo nomeArquivo={preview.nomeArquivo} linhas={preview.amostra} />}
    </Box>
  );
}
