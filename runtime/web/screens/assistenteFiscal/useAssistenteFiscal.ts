import { useCallback, useEffect, useState } from 'react';
import { extractErrorMessage } from '../../../core/extractErrorMessage.ts';
import { useRuntime } from '../../app/RuntimeContext.tsx';
import { recordsRequest } from '../../views/form/recordsRequest.ts';

type Data = Record<string, unknown>;

/** Where the company stands in the fiscal set-up, read from the records the steps write. */
export interface AssistenteFiscalState {
  loading: boolean;
  error: string | null;
  /** The branch's configuracaoNfe record (null while none exists). */
  configuracao: Data | null;
  temCertificado: boolean;
}

const FIRST = JSON.stringify({ order: 'id ASC', limit: 1 });

/**
 * The data behind the fiscal assistant: the branch's Configuração fiscal (ConfiguracoesNfe, one per
 * branch) and whether a certificate is installed; `salvarConfiguracao` writes some of its fields,
 * creating the record (defaults for the rest) when it does not exist yet.
 */
export function useAssistenteFiscal() {
  const { api } = useRuntime();
  const [state, setState] = useState<AssistenteFiscalState>({
    loading: true,
    error: null,
    configuracao: null,
    temCertificado: false,
  });

  const refresh = useCallback(async () => {
    setState((current) => ({ ...current, loading: true }));
    try {
      const [configuracoes, certificados] = await Promise.all([
        recordsRequest<Data[]>(api, 'GET', '/api/ConfiguracoesNfe', { query: { filter: FIRST } }),
        recordsRequest<Data[]>(api, 'GET', '/api/CertificadosDigitais'),
      ]);
      setState({
        loading: false,
        error: null,
        configuracao: configuracoes[0] ?? null,
        temCertificado: certificados.length > 0,
      });
    } catch (error) {
      setState((current) => ({ ...current, loading: false, error: extractErrorMessage(error) }));
    }
  }, [api]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const salvarConfiguracao = useCallback(
    async (campos: Data) => {
      const atual = state.configuracao;
      const salva = atual
        ? await recordsRequest<Data>(api, 'PATCH', `/api/ConfiguracoesNfe/${atual.id}`, {
            body: { ...campos, versao: atual.versao },
          })
        : await recordsRequest<Data>(api, 'POST', '/api/ConfiguracoesNfe', { body: campos });
      setState((current) => ({ ...current, configuracao: salva }));
      return salva;
    },
    [api, state.configuracao],
  );

  return { ...state, refresh, salvarConfiguracao };
}
