import { useCallback, useEffect, useState } from 'react';
import { checkPermission } from '../../../../core/checkPermission.ts';
import { decodeCsvBytes } from '../../../../core/decodeCsvBytes.ts';
import { type OfxStatement, parseOfx } from '../../../../core/parseOfx.ts';
import { PermissionLevel } from '../../../../core/types.ts';
import { useRuntime, useSession } from '../../../app/RuntimeContext.tsx';
import { useNotify } from '../../../ui/NotifyProvider.tsx';
import { useActionError } from '../../../ui/useActionError.tsx';
import type { Conta, Sugestao } from './ofxTypes.ts';

const KEY = 'FINANCEIRO_CONCILIACAO_OFX';
const digits = (text: string | null | undefined) => (text ?? '').replace(/\D/g, '').replace(/^0+/, '');

/** The branch account whose number (and bank, when both have it) is the statement's, if exactly one is. */
function accountOf(contas: Conta[], statement: OfxStatement): Conta | undefined {
  const number = digits(statement.conta);
  if (!number) return undefined;
  const found = contas.filter(
    (conta) =>
      digits(conta.numeroConta) === number &&
      (!conta.bancoCodigo || !statement.banco || digits(conta.bancoCodigo) === digits(statement.banco)),
  );
  return found.length === 1 ? found[0] : undefined;
}

/**
 * Controller of Conciliação OFX: the branch's accounts, the statement read in the browser (OFX 1.x or 2.x,
 * UTF-8 or Windows-1252), the server's suggestions per line, the entry chosen for each line and the
 * creation of the baixas of the chosen ones.
 */
export function useConciliacaoOfx() {
  const { api } = useRuntime();
  const { user } = useSession();
  const notify = useNotify();
  const showError = useActionError();
  const [contas, setContas] = useState<Conta[] | null>(null);
  const [contaId, setContaIdState] = useState<number | ''>('');
  const [statement, setStatement] = useState<(OfxStatement & { arquivo: string }) | null>(null);
  const [sugestoes, setSugestoes] = useState<Map<string, Sugestao>>(new Map());
  const [escolhas, setEscolhas] = useState<Record<string, number | null>>({});
  const [busy, setBusy] = useState(false);
  const canCreate = checkPermission(user, KEY, PermissionLevel.CRIAR);

  useEffect(() => {
    let active = true;
    void api.GET('/api/Lancamentos/conciliacao-ofx/contas').then(({ data, error }) => {
      if (!active) return;
      if (error) return void showError(error);
      setContas(data);
      if (data.length === 1 && data[0]) setContaIdState(data[0].id);
    });
    return () => {
      active = false;
    };
  }, [api, showError]);

  const suggest = useCallback(
    async (conta: number, current: OfxStatement) => {
      setBusy(true);
      try {
        const transacoes = current.transacoes.map(({ fitId, data, valor }) => ({ fitId, data, valor }));
        const { data, error } = await api.POST('/api/Lancamentos/conciliacao-ofx/sugestoes', {
          body: { contaId: conta, transacoes },
        });
        if (error) throw error;
        setSugestoes(new Map(data.itens.map((item) => [item.fitId, item])));
        setEscolhas(
          Object.fromEntries(data.itens.map((item) => [item.fitId, item.baixaId ? null : item.sugerido])),
        );
      } catch (error) {
        await showError(error);
      } finally {
        setBusy(false);
      }
    },
    [api, showError],
  );

  const setContaId = (id: number) => {
    setContaIdState(id);
    if (statement) void suggest(id, statement);
  };

  const load = async (file: File) => {
    let parsed: OfxStatement;
    try {
      parsed = parseOfx(decodeCsvBytes(new Uint8Array(await file.arrayBuffer())).text);
    } catch (error) {
      return notify.alert({ title: 'Arquivo inválido', message: (error as Error).message });
    }
    setStatement({ ...parsed, arquivo: file.name });
    setSugestoes(new Map());
    setEscolhas({});
    const conta = (contas && accountOf(contas, parsed)?.id) || contaId;
    if (conta) {
      setContaIdState(conta);
      await suggest(conta, parsed);
    }
  };

  const chosen = (statement?.transacoes ?? []).filter((line) => escolhas[line.fitId]);
  const confirm = async () => {
    if (!statement || !contaId || chosen.length === 0) return;
    const ok = await notify.confirm({
      title: 'Confirmar baixas',
      message: `Serão criadas ${chosen.length} baixa(s) na conta escolhida. Deseja continuar?`,
      confirmLabel: 'Confirmar',
    });
    if (!ok) return;
    setBusy(true);
    try {
      const itens = chosen.map((line) => ({
        fitId: line.fitId,
        lancamentoId: escolhas[line.fitId] as number,
        data: line.data,
        valor: line.valor,
      }));
      const { data, error } = await api.POST('/api/Lancamentos/conciliacao-ofx/baixas', {
        body: { contaId, itens },
      });
      if (error) throw error;
      notify.toast(`${data.baixas} baixa(s) criada(s).`, { severity: 'success' });
    } catch (error) {
      await showError(error);
    } finally {
      setBusy(false);
    }
    await suggest(contaId, statement);
  };

  return {
    contas,
    contaId,
    setContaId,
    statement,
    sugestoes,
    escolhas,
    choose: (fitId: string, lancamentoId: number | null) =>
      setEscolhas((current) => ({ ...current, [fitId]: lancamentoId })),
    chosen: chosen.length,
    busy,
    canCreate,
    load,
    confirm,
  };
}
