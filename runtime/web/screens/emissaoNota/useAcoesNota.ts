import { useState } from 'react';
import { callOperation } from '../../api/callOperation.ts';
import { useRuntime } from '../../app/RuntimeContext.tsx';
import { useNotify } from '../../ui/NotifyProvider.tsx';
import { useActionError } from '../../ui/useActionError.tsx';
import { recordsRequest } from '../../views/form/recordsRequest.ts';
import { saveBlob } from '../../views/tool/downloadArquivo.ts';
import { respostaSefaz } from './situacaoNota.ts';

interface RespostaEvento {
  cStat: number;
  xMotivo: string;
  protocolo: string | null;
}

/**
 * The documents and events of an authorised (or cancelled) nota on the emission screen: DANFE and nfeProc
 * downloads, the e-mail to the destinatário, carta de correção and cancelamento (texts of 15 characters
 * or more, asked in a dialog); SEFAZ's answer is toasted and `depois` reads the nota again.
 */
export function useAcoesNota(id: number, numero: number | null, depois: () => unknown) {
  const { api } = useRuntime();
  const notify = useNotify();
  const showError = useActionError();
  const [ocupado, setOcupado] = useState<string | null>(null);

  const executar = async (nome: string, acao: () => Promise<void>) => {
    setOcupado(nome);
    try {
      await acao();
    } catch (error) {
      await showError(error);
    } finally {
      setOcupado(null);
    }
  };

  const baixar = (operacao: string, arquivo: string) =>
    executar(operacao, async () => {
      const { data, error } = await callOperation(api, operacao, { id }, { parseAs: 'blob' });
      if (error) throw error;
      saveBlob(data as Blob, arquivo);
    });

  const evento = async (
    nome: 'cancelar' | 'cartaCorrecao',
    pergunta: Parameters<typeof notify.prompt>[0],
    campo: string,
  ) => {
    const texto = await notify.prompt(pergunta);
    if (texto === null) return;
    await executar(nome, async () => {
      const answer = await recordsRequest<RespostaEvento>(api, 'POST', `/api/NotasFiscais/${id}/${nome}`, {
        body: { [campo]: texto },
      });
      notify.toast(`SEFAZ: ${respostaSefaz(answer.cStat, answer.xMotivo)}`, { severity: 'success' });
      await depois();
    });
  };

  return {
    ocupado,
    danfe: () => baixar('notasFiscaisDanfe', `nota-${numero ?? id}-danfe.pdf`),
    xml: () => baixar('notasFiscaisNfeProc', `nota-${numero ?? id}-procNFe.xml`),
    email: () =>
      executar('email', async () => {
        const answer = await recordsRequest<{ para: string }>(
          api,
          'POST',
          `/api/NotasFiscais/${id}/enviarEmail`,
          { body: {} },
        );
        notify.toast(`XML e DANFE enviados para ${answer.para}.`, { severity: 'success' });
      }),
    cartaCorrecao: () =>
      evento(
        'cartaCorrecao',
        {
          title: `Carta de correção da nota ${numero ?? ''}`.trim(),
          message:
            'A carta de correção não corrige valores (base de cálculo, alíquota, diferença de preço, quantidade, valor da operação), dados cadastrais que mudem o remetente ou o destinatário, nem a data de emissão ou de saída.',
          label: 'Correção',
          minLength: 15,
          maxLength: 1000,
          help: 'De 15 a 1000 caracteres.',
          confirmLabel: 'Enviar carta de correção',
        },
        'correcao',
      ),
    cancelar: () =>
      evento(
        'cancelar',
        {
          title: `Cancelar a nota ${numero ?? ''}`.trim(),
          message:
            'O cancelamento é um evento na SEFAZ, aceito dentro do prazo legal (NF-e 24 horas, NFC-e 30 minutos depois da autorização); o estoque e as contas lançados pela nota são estornados.',
          label: 'Justificativa',
          minLength: 15,
          maxLength: 255,
          help: 'De 15 a 255 caracteres.',
          confirmLabel: 'Cancelar nota',
        },
        'justificativa',
      ),
  };
}
