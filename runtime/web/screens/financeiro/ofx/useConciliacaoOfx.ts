import { useCallback, useEffect, useState } from 'react';
import { checkPermission } from '../../../../core/checkPermission.ts';
import { PermissionLevel } from '../../../../core/types.ts';
import { useRuntime, useSession } from '../../../app/RuntimeContext.tsx';
import { fileToBase64 } from '../../../ui/fileToBase64.ts';
import { useNotify } from '../../../ui/NotifyProvider.tsx';
import { useActionError } from '../../../ui/useActionError.tsx';
import type { ConciliarBody, Conta, Importacao, Linha } from './ofxTypes.ts';

const KEY = 'FINANCEIRO_CONCILIACAO_OFX';
const BASE = '/api/Lancamentos/conciliacao-ofx';

/**
 * Controller of Conciliação OFX: the branch's accounts, the import of a file into the chosen one (the server
 * reads it, keeps new lines only and checks the balance), the account's lines with their ranked
 * candidates (filtered by situação), and the actions on a line: conciliar, ignorar, desfazer.
 */
export function useConciliacaoOfx() {
  const { api } = useRuntime();
  const { user } = useSession();
  const notify = useNotify();
  const showError = useActionError();
  const [contas, setContas] = useState<Conta[] | null>(null);
  const [contaId, setContaId] = useState<number | ''>('');
  const [situacao, setSituacao] = useState<0 | 1 | 2 | ''>(0);
  const [linhas, setLinhas] = useState<Linha[] | null>(null);
  const [importacao, setImportacao] = useState<(Importacao & { arquivo: string }) | null>(null);
  const [busy, setBusy] = useState(false);
  const canCreate = checkPermission(user, KEY, PermissionLevel.CRIAR);

  useEffect(() => {
    let active = true;
    void api.GET(`${BASE}/contas`).then(({ data, error }) => {
      if (!active) return;
      if (error) return void showError(error);
      setContas(data);
      if (data.length === 1 && data[0]) setContaId(data[0].id);
    });
    return () => {
      active = false;
    };
  }, [api, showError]);

  const reload = useCallback(async () => {
    if (contaId === '') return setLinhas(null);
    const { data, error } = await api.GET(`${BASE}/linhas`, {
      params: { query: { contaId, ...(situacao === '' ? {} : { situacao }) } },
    });
    if (error) return void showError(error);
    setLinhas(data);
  }, [api, contaId, situacao, showError]);

  useEffect(() => {
    void reload();
  }, [reload]);

  /** Runs an action, then lists the lines again; errors shown in a dialog. */
  const run = async (action: () => Promise<{ error?: unknown }>, done?: string) => {
    setBusy(true);
    try {
      const { error } = await action();
      if (error) return void (await showError(error));
      if (done) notify.toast(done, { severity: 'success' });
      await reload();
    } finally {
      setBusy(false);
    }
  };

  const upload = async (file: File) => {
    if (contaId === '')
      return notify.alert({
        title: 'Escolha a conta',
        message: 'Escolha a conta bancária do extrato antes do arquivo.',
      });
    setBusy(true);
    try {
      const { data, error } = await api.POST(`${BASE}/importar`, {
        body: { contaId, nomeArquivo: file.name, conteudo: await fileToBase64(file) },
      });
      if (error) return void (await showError(error));
      setImportacao({ ...data, arquivo: file.name });
      setSituacao(0);
      await reload();
    } finally {
      setBusy(false);
    }
  };

  return {
    contas,
    contaId,
    setContaId: (id: number) => {
      setImportacao(null);
      setContaId(id);
    },
    situacao,
    setSituacao,
    linhas,
    importacao,
    busy,
    canCreate,
    upload,
    ignorar: (id: number) =>
      run(() => api.POST(`${BASE}/linhas/{id}/ignorar`, { params: { path: { id } } }), 'Linha ignorada.'),
    desfazer: (id: number) =>
      run(
        () => api.POST(`${BASE}/linhas/{id}/desfazer`, { params: { path: { id } } }),
        'Conciliação desfeita.',
      ),
    conciliar: (id: number, body: ConciliarBody) =>
      run(
        () => api.POST(`${BASE}/linhas/{id}/conciliar`, { params: { path: { id } }, body }),
        'Linha conciliada.',
      ),
  };
}
