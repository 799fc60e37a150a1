import {
  custoAquisicao,
  type RegimeTributario,
  recuperaveisDoRegime,
} from '../../core/estoque/custoAquisicao.ts';
import { CondicaoInvalidaError, gerarParcelas, parseCondicao } from '../../core/financeiro/parcelas.ts';
import { HttpError } from '../errors.ts';
import { type DuplicataNfe, lerXmlNfe } from '../services/xmlNfe/lerXmlNfe.ts';
import { type ItemRecebido, receberPedidos } from './comprasPedido.ts';
import { estoqueEstornar } from './estoqueEstornar.ts';
import type { PostingContext } from './PostingContext.ts';
import { postStockMovements, type StockLine } from './postStockMovements.ts';
import { stockError } from './stockErrors.ts';

interface ItemEntrada {
  numeroItem: number;
  produtoId: number | null;
  descricao: string;
  quantidade: number;
  fatorConversao: number | null;
  valorTotal: number;
  valorDesconto: number;
  valorFrete: number | null;
  valorSeguro: number | null;
  valorOutras: number | null;
  valorIpi: number;
  valorIcmsSt: number;
  valorFcpSt: number | null;
  valorIi: number | null;
  valorIcms: number;
  valorPis: number;
  valorCofins: number;
  pedidoCompraId: number | null;
  numeroItemPedido: number | null;
}

/** Payables (lancamento tipo 2, the despesa view) this posting writes are tagged with this origem. */
const ORIGEM = 'notaEntrada';
const TIPO_DESPESA = 2;
const SITUACAO_CANCELADO = 3;

const n = (value: unknown) => (value === null || value === undefined ? 0 : Number(value));
const cents = (value: number) => Math.round(value * 100);

/** CRT of the branch's NF-e settings → the regime whose credits leave the cost (no settings: Simples). */
function regimeDoCrt(crt: number | null): RegimeTributario {
  return crt === 3 ? 'presumido' : 'simples';
}

/**
 * Without duplicatas in the XML: the supplier's condição de pagamento (pessoa.condicaoPagamento) counted
 * from the note's emission, or one parcel of the note's total due on the entry date when it has none.
 */
function parcelasSemDuplicatas(
  total: number,
  condicao: string | null,
  emissao: string,
  entrada: string,
): DuplicataNfe[] {
  if (!condicao?.trim()) return [{ numero: '1', vencimento: entrada, valor: total }];
  try {
    return gerarParcelas(total, emissao, parseCondicao(condicao)).map((parcela) => ({
      numero: String(parcela.numero),
      vencimento: parcela.vencimento,
      valor: parcela.valor,
    }));
  } catch (error) {
    if (error instanceof CondicaoInvalidaError)
      throw new HttpError(
        422,
        'CONDICAO_PAGAMENTO_INVALIDA',
        `Condição de pagamento do fornecedor: ${error.message}`,
      );
    throw error;
  }
}

/** The entry's items as receipts of the purchase orders they are linked to (the item's or the note's). */
export function itensRecebidos(doc: Record<string, unknown>): ItemRecebido[] {
  const pedidoDaNota =
    doc.pedidoCompraId === null || doc.pedidoCompraId === undefined ? null : Number(doc.pedidoCompraId);
  return ((doc.itens as ItemEntrada[] | undefined) ?? [])
    .filter((item) => item.produtoId !== null)
    .map((item) => ({
      numeroItem: Number(item.numeroItem),
      produtoId: Number(item.produtoId),
      quantidade: Math.round(n(item.quantidade) * (n(item.fatorConversao) || 1) * 1e6) / 1e6,
      pedidoCompraId:
        item.pedidoCompraId === null || item.pedidoCompraId === undefined
          ? pedidoDaNota
          : Number(item.pedidoCompraId),
      numeroItemPedido:
        item.numeroItemPedido === null || item.numeroItemPedido === undefined
          ? null
          : Number(item.numeroItemPedido),
    }));
}

/**
 * Effect `compras.entradaLancar` (Confirmar entrada): in the transition's transaction, enters every item
 * into the entry's depósito at its acquisition cost per CPC 16 (price − discount + freight, insurance and
 * other expenses + ICMS-ST/FCP-ST and II + IPI unless credited − the credited ICMS/PIS/COFINS of the
 * branch's regime), the quantity times the item's unit factor, and creates one conta a pagar per duplicata
 * of the stored XML (cobr/dup) — or the supplier's condição de pagamento, or one for the note's total
 * due on the entry date — tagged with the entry as origem; items linked to a purchase order receive it
 * (comprasPedido.receberPedidos). Any refusal (no depósito, an item without produto, no conta) rolls everything back.
 */
export async function comprasEntradaLancar(context: PostingContext): Promise<void> {
  const { tx, doc, scope } = context;
  const id = Number(doc.id);
  const itens = (doc.itens as ItemEntrada[] | undefined) ?? [];
  if (itens.length === 0)
    throw stockError('DOCUMENTO_SEM_ITENS', 'A entrada não tem itens: inclua os itens antes de confirmar.');
  if (doc.depositoId === null || doc.depositoId === undefined)
    throw stockError('ENTRADA_SEM_DEPOSITO', 'Informe o depósito da entrada antes de confirmar.');
  const semProduto = itens.filter((item) => item.produtoId === null).map((item) => item.numeroItem);
  if (semProduto.length > 0)
    throw stockError(
      'ITEM_SEM_PRODUTO',
      `Vincule um produto ao(s) item(ns) ${semProduto.join(', ')} antes de confirmar a entrada.`,
    );
  const extra = await tx.one<{
    filial_id: number;
    xml: string | null;
    crt: number | null;
    conta_id: number | null;
    fornecedor: string | null;
    condicao: string | null;
  }>(
    `SELECT n.filial_id::int AS filial_id, n.xml,
            (SELECT regime_tributario FROM configuracao_nfe c WHERE c.filial_id = n.filial_id LIMIT 1)::int AS crt,
            (SELECT id FROM conta c WHERE c.filial_id = n.filial_id AND c.ativo ORDER BY id LIMIT 1)::int AS conta_id,
            (SELECT nome FROM pessoa p WHERE p.id = n.fornecedor_id) AS fornecedor,
            (SELECT condicao_pagamento FROM pessoa p WHERE p.id = n.fornecedor_id) AS condicao
       FROM nota_entrada n WHERE n.id = $1`,
    [id],
  );
  const recuperaveis = recuperaveisDoRegime(regimeDoCrt(extra.crt));
  const dataEntrada = String(doc.dataEntrada).slice(0, 10);
  // Noon of the entry day in Brasília, but never later than now: a reversal dated now must come after it.
  const meioDia = new Date(`${dataEntrada}T12:00:00-03:00`);
  const data = (
    meioDia.getTime() > Date.parse(context.agora) ? new Date(context.agora) : meioDia
  ).toISOString();
  const motivo = `NF-e ${doc.numero}${doc.serie !== null ? `/${doc.serie}` : ''} de ${extra.fornecedor ?? 'fornecedor'}`;
  const lines: StockLine[] = itens.map((item) => {
    const fator = n(item.fatorConversao) || 1;
    const quantidade = Math.round(n(item.quantidade) * fator * 1e6) / 1e6;
    if (!(quantidade > 0))
      throw stockError(
        'QUANTIDADE_INVALIDA',
        `Item ${item.numeroItem}: a quantidade deve ser maior que zero.`,
      );
    const custo = custoAquisicao(
      {
        quantidade,
        valorProdutos: n(item.valorTotal),
        desconto: n(item.valorDesconto),
        frete: n(item.valorFrete),
        seguro: n(item.valorSeguro),
        outrasDespesas: n(item.valorOutras) + n(item.valorIi),
        ipi: n(item.valorIpi),
        icmsSt: n(item.valorIcmsSt) + n(item.valorFcpSt),
        icms: n(item.valorIcms),
        pis: n(item.valorPis),
        cofins: n(item.valorCofins),
      },
      recuperaveis,
    );
    return {
      produtoId: Number(item.produtoId),
      depositoId: Number(doc.depositoId),
      loteId: null,
      // The exact total as the entry's value (the unit cost at 6 places would drift by cents).
      movement: { tipo: 'valorado', qtd: quantidade, valor: custo.custoTotal },
      data,
      motivo,
      origemTipo: ORIGEM,
      origemLinha: Number(item.numeroItem),
      rotulo: `Item ${item.numeroItem}: `,
    };
  });
  await postStockMovements(context, id, lines);
  await receberPedidos(context, extra.filial_id, itensRecebidos(doc), 1);

  const total = n(doc.valorTotal);
  let parcelas: DuplicataNfe[] = [];
  if (extra.xml) {
    try {
      parcelas = lerXmlNfe(extra.xml).duplicatas;
    } catch {
      parcelas = [];
    }
  }
  if (parcelas.length === 0 && total > 0)
    parcelas = parcelasSemDuplicatas(
      total,
      extra.condicao,
      String(doc.dataEmissao).slice(0, 10),
      dataEntrada,
    );
  if (parcelas.length === 0) return;
  if (extra.conta_id === null)
    throw new HttpError(
      422,
      'SEM_CONTA_FINANCEIRA',
      'Cadastre uma conta financeira ativa nesta filial (Financeiro › Contas) para lançar as contas a pagar da entrada.',
    );
  await tx.query(
    `INSERT INTO lancamento (empresa_id, filial_id, tipo, descricao, pessoa_id, conta_id, valor, data_emissao,
                             data_vencimento, data_competencia, numero_documento, parcela, total_parcelas, situacao,
                             observacao, origem_tipo, origem_id, criado_por, alterado_por)
     SELECT $1, $2, $3, p.descricao, $4, $5, p.valor, $6::date, p.vencimento, $7::date, p.documento, p.parcela, $8, 0,
            $9, $10, $11, $12, $12
       FROM jsonb_to_recordset($13::jsonb) AS p(descricao text, valor numeric, vencimento date, documento text, parcela int)`,
    [
      scope.empresaId,
      extra.filial_id,
      TIPO_DESPESA,
      Number(doc.fornecedorId),
      extra.conta_id,
      String(doc.dataEmissao).slice(0, 10),
      dataEntrada,
      parcelas.length,
      `Criada ao confirmar a entrada da NF-e ${doc.chave}.`,
      ORIGEM,
      id,
      scope.usuarioId,
      JSON.stringify(
        parcelas.map((parcela, index) => ({
          descricao: `${motivo} - parcela ${index + 1}/${parcelas.length}`.slice(0, 120),
          valor: cents(parcela.valor) / 100,
          vencimento: parcela.vencimento,
          documento: `${doc.numero}-${parcela.numero}`.slice(0, 60),
          parcela: index + 1,
        })),
      ),
    ],
  );
}

/**
 * Effect `compras.entradaEstornar` (Cancelar entrada): refused (409) while any conta a pagar of the entry
 * has a baixa; otherwise cancels its contas a pagar and reverses every stock row it posted with rows dated
 * today (estoque.estornar). A pendente entry posted nothing: nothing to undo.
 */
export async function comprasEntradaEstornar(context: PostingContext): Promise<void> {
  const { tx, doc } = context;
  const id = Number(doc.id);
  const pagos = await tx.query<{ numero_documento: string | null; descricao: string }>(
    `SELECT l.numero_documento, l.descricao FROM lancamento l
      WHERE l.origem_tipo = $1 AND l.origem_id = $2 AND l.situacao <> $3
        AND EXISTS (SELECT 1 FROM baixa b WHERE b.lancamento_id = l.id AND NOT b.estornada)
      ORDER BY l.parcela`,
    [ORIGEM, id, SITUACAO_CANCELADO],
  );
  if (pagos.length > 0)
    throw new HttpError(
      409,
      'ENTRADA_COM_BAIXA',
      `A entrada da NF-e ${doc.numero} não pode ser cancelada: a conta a pagar ${pagos.map((row) => row.numero_documento ?? row.descricao).join(', ')} já tem baixa. Estorne a baixa antes de cancelar.`,
    );
  await tx.query(
    `UPDATE lancamento SET situacao = $3, alterado_em = now(), alterado_por = $4, versao = versao + 1
      WHERE origem_tipo = $1 AND origem_id = $2 AND situacao <> $3`,
    [ORIGEM, id, SITUACAO_CANCELADO, context.scope.usuarioId],
  );
  await estoqueEstornar(context);
  // A pendente entry received nothing; a lancada one gives its quantities back to its purchase orders.
  if (doc.situacao === 'lancada') {
    const filial = await tx.one<{ filial_id: string }>('SELECT filial_id FROM nota_entrada WHERE id = $1', [
      id,
    ]);
    await receberPedidos(context, Number(filial.filial_id), itensRecebidos(doc), -1);
  }
}
