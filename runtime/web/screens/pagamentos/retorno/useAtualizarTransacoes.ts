import { useEffect, useState } from 'react';
import { checkPermission } from '../../../../core/checkPermission.ts';
import { PermissionLevel } from '../../../../core/types.ts';
import { useRuntime, useSession } from '../../../app/RuntimeContext.tsx';
import { useNotify } from '../../../ui/NotifyProvider.tsx';
import { useActionError } from '../../../ui/useActionError.tsx';
import { type Gateway, type Previa, pendentes, type Resultado } from './retornoTypes.ts';

const KEY = 'CONFIG_ATUALIZAR_TRANSACOES';

/** The file's bytes in base64 (the server decodes Windows-1252 or UTF-8 and reads the layout). */
async function toBase64(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/**
 * Controller of Atualizar transações: the company's active boleto gateways, the return file sent for a
 * preview of every occurrence, and the confirmation that applies them all at once.
 */
export function useAtualizarTransacoes() {
  const { api } = useRuntime();
  const { user } = useSession();
  const notify = useNotify();
  const showError = useActionError();
  const [gateways, setGateways] = useState<Gateway[] | null>(null);
  const [gatewayId, setGatewayIdState] = useState<number | ''>('');
  const [arquivo, setArquivo] = useState<{ nome: string; conteudo: string } | null>(null);
  const [previa, setPrevia] = useState<Previa | null>(null);
  const [resultado, setResultado] = useState<Resultado | null>(null);
  const [busy, setBusy] = useState(false);
  const canApply = checkPermission(user, KEY, PermissionLevel.CRIAR);

  useEffect(() => {
    let active = true;
    void api.GET('/api/Boletos/retorno/gateways').then(({ data, error }) => {
      if (!active) return;
      if (error) return void showError(error);
      setGateways(data);
      if (data.length === 1 && data[0]) setGatewayIdState(data[0].id);
    });
    return () => {
      active = false;
    };
  }, [api, showError]);

  const preview = async (gateway: number, file: { nome: string; conteudo: string }) => {
    setBusy(true);
    try {
      const { data, error } = await api.POST('/api/Boletos/retorno/previa', {
        body: { gatewayBoletoId: gateway, arquivo: file.nome, conteudo: file.conteudo },
      });
      if (error) throw error;
      setPrevia(data);
    } catch (error) {
      setPrevia(null);
      await showError(error);
    } finally {
      setBusy(false);
    }
  };

  const setGatewayId = (id: number) => {
    setGatewayIdState(id);
    setResultado(null);
    if (arquivo) void preview(id, arquivo);
  };

  const load = async (file: File) => {
    const loaded = { nome: file.name, conteudo: await toBase64(file) };
    setArquivo(loaded);
    setPrevia(null);
    setResultado(null);
    if (gatewayId) await preview(gatewayId, loaded);
  };

  const total = pendentes(previa).length;
  const confirm = async () => {
    if (!arquivo || !gatewayId || total === 0) return;
    const ok = await notify.confirm({
      title: 'Confirmar atualização',
      message: `Serão processadas ${total} ocorrência(s) do arquivo de retorno. Deseja continuar?`,
      confirmLabel: 'Confirmar',
    });
    if (!ok) return;
    setBusy(true);
    try {
      const { data, error } = await api.POST('/api/Boletos/retorno/aplicar', {
        body: { gatewayBoletoId: gatewayId, arquivo: arquivo.nome, conteudo: arquivo.conteudo },
      });
      if (error) throw error;
      setResultado(data);
      notify.toast(`${data.ocorrencias} ocorrência(s) processada(s).`, { severity: 'success' });
    } catch (error) {
      await showError(error);
    } finally {
      setBusy(false);
    }
    await preview(gatewayId, arquivo);
  };

  return {
    gateways,
    gatewayId,
    setGatewayId,
    arquivo,
    previa,
    resultado,
    busy,
    canApply,
    total,
    load,
    confirm,
  };
}
