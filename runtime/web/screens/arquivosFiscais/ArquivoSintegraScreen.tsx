import { Box, MenuItem, Paper, TextField, Typography } from '@mui/material';
import { formatBRL } from '../../../core/formatMoney.ts';
import { useRuntime, useTenant } from '../../app/RuntimeContext.tsx';
import { enumOptions } from '../../auth/enumOptions.ts';
import { AmostraArquivo } from '../exportacoesFiscais/shared/AmostraArquivo.tsx';
import { AcoesArquivoFiscal } from './AcoesArquivoFiscal.tsx';
import type { SintegraPedido, SintegraPreview } from './arquivoFiscalTypes.ts';
import { FilialSelect } from './FilialSelect.tsx';
import { diasDoMes, mesAnterior } from './periodoPadrao.ts';
import { ResumoArquivoFiscal } from './ResumoArquivoFiscal.tsx';
import { useArquivoFiscal } from './useArquivoFiscal.ts';

interface SintegraForm {
  filialId: string;
  dataInicial: string;
  dataFinal: string;
  finalidade: string;
  natureza: string;
}

/** Campo 11 of registro 10 (Convênio ICMS 57/95): the operations the file covers. */
const NATUREZAS = [
  { code: '3', label: 'Totalidade das operações do informante' },
  { code: '2', label: 'Interestaduais – operações com ou sem substituição tributária' },
  { code: '1', label: 'Interestaduais – somente operações sujeitas à substituição tributária' },
];

function pedidoOf(form: SintegraForm): SintegraPedido {
  return {
    ...(form.filialId ? { filialId: Number(form.filialId) } : {}),
    dataInicial: form.dataInicial,
    dataFinal: form.dataFinal,
    finalidade: Number(form.finalidade) as SintegraPedido['finalidade'],
    natureza: Number(form.natureza) as SintegraPedido['natureza'],
  };
}

/**
 * Fiscais › Arquivo Sintegra (key NFE_ARQUIVO_SINTEGRA): the Convênio ICMS 57/95 file of one branch and
 * period — registros 10, 11, 50, 54, 61, 74, 75 and 90, 126 characters each — with a summary, warnings
 * and the download (SINTEGRA-<CNPJ>-<AAAAMM>.txt, ISO-8859-1, CRLF).
 */
export default function ArquivoSintegraScreen() {
  const { api } = useRuntime();
  const { schemas } = useTenant();
  const mes = diasDoMes(mesAnterior());
  const c = useArquivoFiscal<SintegraForm, SintegraPreview>('sintegra', {
    dataInicial: mes.inicio,
    dataFinal: mes.fim,
    finalidade: '1',
    natureza: '3',
  });
  const { form, setForm, preview, busy } = c;
  const finalidades = enumOptions(schemas, 'finalidadeSintegra').options;
  const body = pedidoOf(form);
  const date = { inputLabel: { shrink: true } };
  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto' }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        Arquivo Sintegra
      </Typography>
      <Paper sx={{ p: 2, mb: 2 }}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr 1fr' } }}>
          <FilialSelect
            filiais={c.filiais}
            value={form.filialId}
            onChange={(filialId) => setForm({ filialId })}
          />
          <TextField
            label="Data inicial"
            type="date"
            value={form.dataInicial}
            onChange={(event) => setForm({ dataInicial: event.target.value })}
            slotProps={date}
          />
          <TextField
            label="Data final"
            type="date"
            value={form.dataFinal}
            onChange={(event) => setForm({ dataFinal: event.target.value })}
            slotProps={date}
          />
        </Box>
        <Box sx={{ display: 'grid', gap: 2, mt: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 2fr' } }}>
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
            label="Natureza das operações"
            value={form.natureza}
            onChange={(event) => setForm({ natureza: event.target.value })}
          >
            {NATUREZAS.map((option) => (
              <MenuItem key={option.code} value={option.code}>
                {option.label}
              </MenuItem>
            ))}
          </TextField>
        </Box>
      </Paper>
      <AcoesArquivoFiscal
        busy={busy}
        onPreview={() => c.previewNow(() => api.POST('/api/ArquivosFiscais/sintegra/preview', { body }))}
        onDownload={() => c.download(() => api.POST('/api/ArquivosFiscais/sintegra/arquivo', { body }))}
      />
      {preview && (
        <ResumoArquivoFiscal
          nomeArquivo={preview.nomeArquivo}
          totalLinhas={preview.totalLinhas}
          registros={preview.registros}
          avisos={preview.avisos}
          totais={[
            ['Notas', String(preview.totais.documentos)],
            ['NFC-e', String(preview.totais.cupons)],
            ['Valor contábil', formatBRL(preview.totais.valorContabil)],
            ['ICMS das saídas', formatBRL(preview.totais.icmsSaidas)],
            ['ICMS das entradas', formatBRL(preview.totais.icmsEntradas)],
          ]}
        />
      )}
      {preview && <AmostraArquivo nomeArquivo={preview.nomeArquivo} linhas={preview.amostra} />}
    </Box>
  );
}
