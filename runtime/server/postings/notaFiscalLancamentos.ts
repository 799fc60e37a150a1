import { formatBRL } from '../../core/formatMoney.ts';
import { HttpError } from '../errors.ts';
import { estornarMovimentos } from './estoqueEstornar.ts';
import type { PostingContext } from './PostingContext.ts';
import { formatQtd } from './stockErrors.ts';
import {
  desmarcarLancamento,
  marcarLancamento,
  type Origem,
  type OrigemLancamento,
  origemAtiva,
  quemLancou,
  type Razao,
  recusarComBaixa,
  recusarComDevolucao,
} from './vendaCadeia.ts';
import { mudarReserva } from './vendaEstoque.ts';
import { LINHAS_POR_LANCAMENTO, lancarContasVenda, lancarEstoqueVenda, type Venda } from './vendaLancar.ts';

interface Cadeia {
  nota: Origem & { nome: string };
  pedido: Venda & { lancarPor: OrigemLancamento | null; lancado: Record<Razao, OrigemLancamento | null> };
}

const ESTADOS: Record<string, string> = {
  orcamento: 'em orçamento',
  aprovado: 'aprovado',
  cancelado: 'cancelado',
};

/**
 * The chain of the nota fiscal being acted on: the nota (a saída prepared from a pedido de venda, not
 * cancelled or denied) and its pedido, locked FOR UPDATE (so the chain's launches queue), faturado or
 * entregue, with its items. pt-BR 4xx otherwise.
 */
async function cadeiaDaNota(context: PostingContext, acao: string): Promise<Cadeia> {
  const { tx, scope, doc } = context;
  const nome = `nota fiscal${doc.numero ? ` ${doc.numero}` : ' em digitação'}`;
  const nota = {
    tipo: 'notaFiscal' as const,
    id: Number(doc.id),
    numero: (doc.numero as number | null) ?? null,
    nome,
  };
  if (doc.pedidoVendaId === null || doc.pedidoVendaId === undefined || Number(doc.tipoOperacao) !== 1)
    throw new HttpError(
      422,
      'NOTA_SEM_PEDIDO',
      `Não é possível ${acao}: a ${nome} não foi preparada a partir de um pedido de venda. Só a nota de um pedido faturado lança o estoque e as contas do pedido.`,
    );
  if (Number(doc.situacao) === 2 || Number(doc.situacao) === 4)
    throw new HttpError(
      409,
      'NOTA_CANCELADA',
      `Não é possível ${acao}: a ${nome} está ${Number(doc.situacao) === 2 ? 'cancelada' : 'denegada'}.`,
    );
  const row = await tx.maybeOne<Record<string, unknown>>(
    `SELECT id, numero, tipo, situacao, deposito_id, cliente_id, conta_id, condicao_pagamento, valor_total, lancar_por,
            estoque_lancado_por, contas_lancadas_por
       FROM pedido_venda WHERE id = $1 AND empresa_id = $2 AND filial_id = $3 FOR UPDATE`,
    [Number(doc.pedidoVendaId), scope.empresaId, scope.filialId],
  );
  if (!row)
    throw new HttpError(422, 'PEDIDO_NAO_ENCONTRADO', 'Pedido de venda da nota não encontrado nesta filial.');
  const situacao = String(row.situacao);
  if (situacao !== 'faturado' && situacao !== 'entregue')
    throw new HttpError(
      409,
      'PEDIDO_NAO_FATURADO',
      `Não é possível ${acao}: o pedido ${row.numero} está ${ESTADOS[situacao] ?? situacao}.`,
    );
  const itens = await tx.query<{ numero_item: number; produto_id: string; quantidade: string }>(
    'SELECT numero_item, produto_id, quantidade FROM pedido_venda_item WHERE pedido_venda_id = $1 ORDER BY numero_item',
    [Number(row.id)],
  );
  return {
    nota,
    pedido: {
      id: Number(row.id),
      numero: row.numero,
      tipo: Number(row.tipo ?? 0),
      depositoId: row.deposito_id === null ? null : Number(row.deposito_id),
      clienteId: row.cliente_id,
      contaId: row.conta_id === null ? null : Number(row.conta_id),
      condicaoPagamento: (row.condicao_pagamento as string | null) ?? null,
      valorTotal: Number(row.valor_total ?? 0),
      itens: itens.map((item) => ({
        numeroItem: Number(item.numero_item),
        produtoId: Number(item.produto_id),
        quantidade: Number(item.quantidade),
      })),
      lancarPor: (row.lancar_por as OrigemLancamento | null) ?? null,
      lancado: {
        estoque: (row.estoque_lancado_por as OrigemLancamento | null) ?? null,
        contas: (row.contas_lancadas_por as OrigemLancamento | null) ?? null,
      },
    },
  };
}

/**
 * The nota launches what the pedido sold (its reservation, its parcelas): refused (409) while the nota's
 * items (produto and quantidade per item) or its total differ from the pedido's, so the fiscal document
 * and the launches never disagree.
 */
async function conferirComPedido(context: PostingContext, { nota, pedido }: Cadeia, razao: Razao) {
  const { tx, doc } = context;
  const recusa = (diferenca: string) =>
    new HttpError(
      409,
      'NOTA_DIFERE_DO_PEDIDO',
      `A ${nota.nome} difere do pedido ${pedido.numero} (${diferenca}): ajuste a nota antes de lançar.`,
    );
  if (razao === 'contas') {
    if (Math.round(Number(doc.valorTotal ?? 0) * 100) !== Math.round(pedido.valorTotal * 100))
      throw recusa(
        `total ${formatBRL(Number(doc.valorTotal ?? 0))} na nota, ${formatBRL(pedido.valorTotal)} no pedido`,
      );
    return;
  }
  const itens = await tx.query<{ numero_item: number; produto_id: string | null; quantidade: string }>(
    'SELECT numero_item, produto_id, quantidade FROM nota_fiscal_item WHERE nota_fiscal_id = $1',
    [nota.id],
  );
  const daNota = new Map(itens.map((item) => [Number(item.numero_item), item]));
  for (const item of pedido.itens) {
    const linha = daNota.get(item.numeroItem);
    if (!linha || Number(linha.produto_id) !== item.produtoId || Number(linha.quantidade) !== item.quantidade)
      throw recusa(
        `item ${item.numeroItem}: ${linha ? `${formatQtd(Number(linha.quantidade))} na nota` : 'ausente na nota'}, ${formatQtd(item.quantidade)} no pedido`,
      );
  }
  if (daNota.size !== pedido.itens.length) throw recusa('a nota tem itens que o pedido não tem');
}

/** The pedido launches by itself: its nota may not (409), even when the pedido had nothing to launch. */
function recusarModoPedido({ pedido }: Cadeia): void {
  if (pedido.lancarPor !== 'notaFiscal')
    throw new HttpError(
      409,
      'PEDIDO_LANCA_PELO_PEDIDO',
      `O pedido ${pedido.numero} lança o estoque e as contas pelo próprio pedido, não pela nota fiscal.`,
    );
}

/**
 * The chain's `razao` launch must be this nota's to be undone (409 naming who holds it, or saying
 * nothing is launched).
 */
async function conferirDaNota(context: PostingContext, cadeia: Cadeia, razao: Razao): Promise<void> {
  const { nota, pedido } = cadeia;
  const por = pedido.lancado[razao];
  const ativa = await origemAtiva(context, pedido.id, razao, por);
  const oQue = razao === 'estoque' ? 'O estoque' : 'As contas a receber';
  if (ativa?.tipo === 'notaFiscal' && ativa.id === nota.id) return;
  if (por === null)
    throw new HttpError(
      409,
      razao === 'estoque' ? 'ESTOQUE_NAO_LANCADO' : 'CONTAS_NAO_LANCADAS',
      `${oQue} do pedido ${pedido.numero} não ${razao === 'estoque' ? 'está lançado' : 'estão lançadas'}: não há o que estornar.`,
    );
  throw new HttpError(
    409,
    'LANCADO_POR_OUTRO',
    `${oQue} do pedido ${pedido.numero} ${razao === 'estoque' ? 'foi lançado' : 'foram lançadas'} ${await quemLancou(context, pedido, razao, por)}: estorne por lá.`,
  );
}

/** Effect `notaFiscal.lancarEstoque`: the pedido's reservation becomes the stock saída, origem this nota. */
export async function notaLancarEstoque(context: PostingContext): Promise<void> {
  const cadeia = await cadeiaDaNota(context, 'lançar o estoque');
  const { nota, pedido } = cadeia;
  if (pedido.tipo !== 0)
    throw new HttpError(
      422,
      'PEDIDO_SEM_ESTOQUE',
      `O pedido ${pedido.numero} é de serviço: não movimenta estoque.`,
    );
  await marcarLancamento(context, pedido, 'estoque', 'notaFiscal');
  recusarModoPedido(cadeia);
  await conferirComPedido(context, cadeia, 'estoque');
  // A launch after an estorno takes the next block of linhas (the ledger's origem is UNIQUE).
  const bloco = await context.tx.one<{ n: number }>(
    `SELECT coalesce(max(origem_linha) / ${LINHAS_POR_LANCAMENTO} + 1, 0)::int AS n FROM movimentacao_estoque
      WHERE origem_tipo = 'notaFiscal' AND origem_id = $1`,
    [nota.id],
  );
  await lancarEstoqueVenda(
    context,
    pedido,
    nota,
    `Nota fiscal${nota.numero ? ` nº ${nota.numero}` : ''} do pedido de venda nº ${pedido.numero}`,
    { reservado: true, primeiraLinha: bloco.n * LINHAS_POR_LANCAMENTO },
  );
}

/** Effect `notaFiscal.estornarEstoque`: reverses this nota's saída; the goods go back reserved for the pedido. */
export async function notaEstornarEstoque(context: PostingContext): Promise<void> {
  const cadeia = await cadeiaDaNota(context, 'estornar o estoque');
  const { nota, pedido } = cadeia;
  await conferirDaNota(context, cadeia, 'estoque');
  await recusarComDevolucao(context, pedido.id, `O estoque da ${nota.nome} não pode ser estornado`);
  await estornarMovimentos(
    context,
    nota,
    `Estorno do estoque da ${nota.nome} (pedido de venda nº ${pedido.numero})`,
  );
  if (pedido.depositoId !== null) await mudarReserva(context, pedido.itens, pedido.depositoId, 1);
  await desmarcarLancamento(context, pedido.id, 'estoque');
}

/** Effect `notaFiscal.lancarContas`: the pedido's contas a receber, origem this nota. */
export async function notaLancarContas(context: PostingContext): Promise<void> {
  const cadeia = await cadeiaDaNota(context, 'lançar as contas');
  const { nota, pedido } = cadeia;
  await marcarLancamento(context, pedido, 'contas', 'notaFiscal');
  recusarModoPedido(cadeia);
  await conferirComPedido(context, cadeia, 'contas');
  const lancou = await lancarContasVenda(context, pedido, nota, {
    descricao: `Nota fiscal${nota.numero ? ` nº ${nota.numero}` : ''} do pedido de venda nº ${pedido.numero}`,
    documento: nota.numero ? `NF ${nota.numero}` : `PV ${pedido.numero}`,
  });
  if (!lancou)
    throw new HttpError(422, 'PEDIDO_SEM_VALOR', `O pedido ${pedido.numero} não tem valor a receber.`);
}

/**
 * Effect `notaFiscal.estornarContas`: cancels this nota's contas a receber, refused while one has a baixa
 * (naming it). The cancelled titles leave the nota's origem key (`notaFiscal.estorno.<n>`) so a later
 * launch may number its parcelas from 1 again.
 */
export async function notaEstornarContas(context: PostingContext): Promise<void> {
  const cadeia = await cadeiaDaNota(context, 'estornar as contas');
  const { nota, pedido } = cadeia;
  await conferirDaNota(context, cadeia, 'contas');
  await recusarComDevolucao(context, pedido.id, `As contas da ${nota.nome} não podem ser estornadas`);
  await recusarComBaixa(context, nota, `As contas da ${nota.nome} não podem ser estornadas`);
  const { tx, scope } = context;
  await tx.query(
    `UPDATE lancamento SET situacao = 3, versao = versao + 1, alterado_em = now(), alterado_por = $3,
            origem_tipo = 'notaFiscal.estorno.' || (SELECT count(DISTINCT e.origem_tipo) + 1 FROM lancamento e
                                                      WHERE e.empresa_id = $1 AND e.origem_id = $2
                                                        AND e.origem_tipo LIKE 'notaFiscal.estorno.%')
      WHERE empresa_id = $1 AND origem_tipo = 'notaFiscal' AND origem_id = $2 AND situacao <> 3`,
    [scope.empresaId, nota.id, scope.usuarioId],
  );
  await desmarcarLancamento(context, pedido.id, 'contas');
}
