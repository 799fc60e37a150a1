import { useCallback, useMemo, useRef, useState } from 'react';
import { extractErrorMessage } from '../../../core/extractErrorMessage.ts';
import {
  type ItemDigitado,
  novaChave,
  type PdvApi,
  type PreviaVenda,
  type ResultadoVenda,
} from './pdvApi.ts';

export interface PagamentoDigitado {
  /** Local key of the line (React list key). */
  id?: number;
  formaPagamentoId: number;
  descricao: string;
  dinheiro: boolean;
  valor: number;
}

const cents = (valor: number) => Math.round(valor * 100);

/**
 * The sale being typed at the counter: items priced by the server's previa on each change (an item the
 * server refuses — unknown code, discount above the perfil — is not added and its message shown), the
 * payments with what is missing and the change, and finalizar with one Idempotency-Key per sale (a retry
 * after a lost answer resends the same key: the sale is never posted twice).
 */
export function useVendaPdv(calls: PdvApi, caixaId: number | null) {
  const [itens, setItens] = useState<ItemDigitado[]>([]);
  const [desconto, setDescontoState] = useState(0);
  const [previa, setPrevia] = useState<PreviaVenda | null>(null);
  const [pagamentos, setPagamentos] = useState<PagamentoDigitado[]>([]);
  const [erro, setErro] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  const [resultado, setResultado] = useState<ResultadoVenda | null>(null);
  const [documentoConsumidor, setDocumentoConsumidor] = useState<string | null>(null);
  const chave = useRef<string>(novaChave());
  const linha = useRef(0);

  const precificar = useCallback(
    async (novos: ItemDigitado[], novoDesconto: number) => {
      if (!caixaId) return false;
      if (novos.length === 0) {
        setItens([]);
        setPrevia(null);
        setDescontoState(0);
        return true;
      }
      try {
        const resposta = await calls.previa(caixaId, novos, novoDesconto);
        setItens(novos);
        setDescontoState(novoDesconto);
        setPrevia(resposta);
        setErro(null);
        return true;
      } catch (error) {
        setErro(extractErrorMessage(error));
        return false;
      }
    },
    [calls, caixaId],
  );

  const total = previa?.valorTotal ?? 0;
  const pago = pagamentos.reduce((soma, p) => soma + cents(p.valor), 0) / 100;
  const falta = Math.max(0, cents(total) - cents(pago)) / 100;
  const troco = Math.max(0, cents(pago) - cents(total)) / 100;

  const finalizar = useCallback(async () => {
    // Once finished (its answer on screen) F10 does nothing: the next sale starts with Esc or Nova venda.
    if (!caixaId || itens.length === 0 || enviando || resultado) return;
    setEnviando(true);
    try {
      const resposta = await calls.vender(caixaId, chave.current, {
        itens,
        desconto,
        pagamentos: pagamentos.map((p) => ({ formaPagamentoId: p.formaPagamentoId, valor: p.valor })),
        documentoConsumidor,
      });
      setResultado(resposta);
      setErro(null);
    } catch (error) {
      setErro(extractErrorMessage(error));
    } finally {
      setEnviando(false);
    }
  }, [calls, caixaId, itens, desconto, pagamentos, documentoConsumidor, enviando, resultado]);

  const novaVenda = useCallback(() => {
    chave.current = novaChave();
    setItens([]);
    setPrevia(null);
    setDescontoState(0);
    setPagamentos([]);
    setDocumentoConsumidor(null);
    setResultado(null);
    setErro(null);
  }, []);

  return useMemo(
    () => ({
      itens,
      previa,
      desconto,
      pagamentos,
      erro,
      enviando,
      resultado,
      documentoConsumidor,
      setDocumentoConsumidor,
      total,
      pago,
      falta,
      troco,
      setErro,
      adicionar: (item: ItemDigitado) => precificar([...itens, item], desconto),
      descontoItem: (index: number, valor: number) =>
        precificar(
          itens.map((item, i) => (i === index ? { ...item, desconto: valor } : item)),
          desconto,
        ),
      remover: (index: number) =>
        precificar(
          itens.filter((_, i) => i !== index),
          desconto,
        ),
      aplicarDesconto: (valor: number) => precificar(itens, valor),
      adicionarPagamento: (pagamento: PagamentoDigitado) => {
        linha.current += 1;
        setPagamentos((atual) => [...atual, { ...pagamento, id: linha.current }]);
      },
      removerPagamento: (index: number) => setPagamentos((atual) => atual.filter((_, i) => i !== index)),
      finalizar,
      novaVenda,
    }),
    [
      itens,
      previa,
      desconto,
      pagamentos,
      erro,
      enviando,
      resultado,
      documentoConsumidor,
      total,
      pago,
      falta,
      troco,
      precificar,
      finalizar,
      novaVenda,
    ],
  );
}
