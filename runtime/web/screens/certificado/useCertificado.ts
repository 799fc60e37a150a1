import { useCallback, useEffect, useState } from 'react';
import { extractErrorMessage } from '../../../core/extractErrorMessage.ts';
import { useRuntime } from '../../app/RuntimeContext.tsx';
import { ApiError } from '../../app/SessionProvider.tsx';
import { fileToBase64 } from '../../ui/fileToBase64.ts';

/** The branch's certificate as GET /api/CertificadosDigitais describes it. */
export interface CertificadoDigital {
  id: number;
  versao: number;
  titular: string;
  cnpj: string | null;
  emissor: string;
  numeroSerie: string;
  validoDe: string;
  validoAte: string;
  nomeArquivo: string | null;
  alteradoEm: string;
}

export type CertificadoState =
  | { status: 'loading' }
  | { status: 'ready'; certificado: CertificadoDigital | null }
  | { status: 'failed'; message: string };

/**
 * The selected branch's A1 certificate: loads it, uploads a .pfx/.p12 with its password (the server opens
 * it and answers what it says; a 4xx comes back as ApiError for the screen to show) and removes it.
 */
export function useCertificado() {
  const { api } = useRuntime();
  const [state, setState] = useState<CertificadoState>({ status: 'loading' });

  const load = useCallback(async () => {
    setState({ status: 'loading' });
    const { data, error, response } = await api.GET('/api/CertificadosDigitais');
    if (!response.ok || !data) setState({ status: 'failed', message: extractErrorMessage(error) });
    else setState({ status: 'ready', certificado: (data[0] as CertificadoDigital | undefined) ?? null });
  }, [api]);

  useEffect(() => {
    void load();
  }, [load]);

  const upload = useCallback(
    async (file: File, senha: string): Promise<CertificadoDigital> => {
      const { data, error, response } = await api.POST('/api/CertificadosDigitais', {
        body: { arquivo: await fileToBase64(file), senha, nomeArquivo: file.name },
      });
      if (!response.ok || !data) throw new ApiError(response.status, error);
      const certificado = data as CertificadoDigital;
      setState({ status: 'ready', certificado });
      return certificado;
    },
    [api],
  );

  const remove = useCallback(
    async (id: number) => {
      const { error, response } = await api.DELETE('/api/CertificadosDigitais/{id}', {
        params: { path: { id } },
      });
      if (!response.ok) throw new ApiError(response.status, error);
      setState({ status: 'ready', certificado: null });
    },
    [api],
  );

  return { state, reload: load, upload, remove };
}
