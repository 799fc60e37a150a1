import { useCallback, useEffect, useState } from 'react';
import { checkPermission } from '../../../../core/checkPermission.ts';
import { decodeCsvBytes } from '../../../../core/decodeCsvBytes.ts';
import { type OfxStatement, parseOfxContas } from '../../../../core/parseOfx.ts';
import { PermissionLevel } from '../../../../core/types.ts';
import { useRuntime, useSession } from '../../../app/RuntimeContext.tsx';
import { useNotify } from '../../../ui/NotifyProvider.tsx';
import { useActionError } from '../../../ui/useActionError.tsx';
import type { Conta, Sugestao } from './ofxTypes.ts';

const KEY = 'FINANCEIRO_CONCILIACAO_OFX';
/**
 * Lines per confirmation request. The API caps a request at 500 (one transaction each, bounded body and
 * lock time); the screen sends any number of lines in such batches, in order, showing progress. A batch
 * that fails stops the rest: the batches before it are kept and shown as reconciled.
 */
const LOTE_BAIXAS = 500;
/** Lines per suggestion request (the API's cap). */
const LOTE_SUGESTOES = 2000;

const lotes = <T>(items: T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
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
  /** Every account of the file (a file may carry several statements); `statement` is the one shown. */
  const [extratos, setExtratos] = useState<Array<OfxStatement & { arquivo: string }>>([]);
  const [progresso, setProgresso] = useState<string | null>(null);
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
        const itens: Sugestao[] = [];
        for (const lote of lotes(current.transacoes, LOTE_SUGESTOES)) {
          const transacoes = lote.map(({ fitId, data, valor }) => ({ fitId, data, valor }));
          const { data, error } = await api.POST('/api/Lancamentos/conciliacao-ofx/sugestoes', {
            body: { contaId: conta, transacoes },
          });
          if (error) throw error;
          itens.push(...data.itens);
        }
        const data = { itens };
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

  const show = async (parsed: OfxStatement & { arquivo: string }) => {
    setStatement(parsed);
    setSugestoes(new Map());
    setEscolhas({});
    for (const aviso of parsed.avisos) notify.toast(aviso, { severity: 'warning' });
    const conta = (contas && accountOf(contas, parsed)?.id) || contaId;
    if (conta) {
      setContaIdState(conta);
      await suggest(conta, parsed);
    }
  };

  const load = async (file: File) => {
    let parsed: OfxStatement[];
    try {
      parsed = parseOfxContas(decodeCsvBytes(new Uint8Array(await file.arrayBuffer())).text);
    } catch (error) {
      return notify.alert({ title: 'Arquivo inválido', message: (error as Error).message });
    }
    const all = parsed.map((item) => ({ ...item, arquivo: file.name }));
    setExtratos(all);
    if (all.length > 1)
      notify.toast(`O arquivo tem ${all.length} contas: escolha o extrato de cada uma para conciliar.`, {
        severity: 'info',
      });
    await show(all[0] as OfxStatement & { arquivo: string });
  };

  /** Shows another account's statement of the same file. */
  const selectExtrato = async (index: number) => {
    const next = extratos[index];
    if (next) await show(next);
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
    const batches = lotes(chosen, LOTE_BAIXAS);
    let criadas = 0;
    try {
      for (const [index, lote] of batches.entries()) {
        if (batches.length > 1) setProgresso(`Enviando lote ${index + 1} de ${batches.length}…`);
        const itens = lote.map((line) => ({
          fitId: line.fitId,
          lancamentoId: escolhas[line.fitId] as number,
          data: line.data,
          valor: line.valor,
        }));
        const { data, error } = await api.POST('/api/Lancamentos/conciliacao-ofx/baixas', {
          body: { contaId, itens },
        });
        if (error) throw error;
        criadas += data.baixas;
      }
      notify.toast(`${criadas} baixa(s) criada(s).`, { severity: 'success' });
    } catch (error) {
      if (criadas > 0) notify.toast(`${criadas} baixa(s) criada(s) antes do erro.`, { severity: 'warning' });
      await showError(error);
    } finally {
      setProgresso(null);
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
    extratos,
    selectExtrato,
    progresso,
    busy,
    canCreate,
    load,
    confirm,
  };
}
