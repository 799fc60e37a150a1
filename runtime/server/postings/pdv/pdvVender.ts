import { formatCpfCnpj } from '../../../core/formatCpfCnpj.ts';
import { isValidCpfCnpj } from '../../../core/isValidCpfCnpj.ts';
import { normalizeCpfCnpj } from '../../../core/normalizeCpfCnpj.ts';
import { valorComSinal } from '../../../core/pdv/movimentoCaixa.ts';
import {
  type ItemVendaPdv,
  type TotaisItensPdv,
  totalizarItensPdv,
  totalizarVendaPdv,
  VendaPdvInvalidaError,
} from '../../../core/pdv/totalizarVendaPdv.ts';
import { type Promocao, percentualDesconto, precoComPromocao } from '../../../core/vendas/precoVenda.ts';
import { HttpError } from '../../errors.ts';
import { dateOnly, postStockMovements } from '../postStockMovements.ts';
import {
  type CaixaTravado,
  formaDinheiro,
  formasPagamento,
  lancarMovimentoCaixa,
  type PdvContext,
  travarCaixaAberto,
} from './caixaSessao.ts';

/** CFOP of an item whose perfil tributário names none: venda de mercadoria adquirida de terceiros. */
const CFOP_PADRAO = '5102';
const percent = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export interface VenderInput {
  itens: { produtoId?: number; codigo?: string; quantidade: number; desconto?: number }[];
  desconto?: number;
  pagamentos: { formaPagamentoId: number; valor: number }[];
  clienteId?: number | null;
  /** "CPF na nota?": the consumer's CPF or CNPJ (masked or not) for an NFC-e without a registered cliente. */
  documentoConsumidor?: string | null;
  operadorPdvId?: number | null;
}

/** What a sale posted (the NFC-e is emitted after the commit, by the route). */
export interface VendaPdv {
  notaFiscalId: number;
  caixaId: number;
  serie: number;
  numero: number;
  valorProdutos: number;
  valorDesconto: number;
  valorTotal: number;
  valorPago: number;
  troco: number;
}

interface ProdutoRow {
  id: number;
  codigo: string | null;
  codigo_barras: string | null;
  descricao: string;
  unidade: string | null;
  ncm: string | null;
  preco: number | null;
  ativo: boolean | null;
  cfop: string | null;
  promocoes: Promocao[] | null;
}

const invalida = (code: string, message: string) => new HttpError(422, code, message);

/**
 * The consumer's document of a counter sale ("CPF na nota?"), unmasked (a CNPJ may be alphanumeric), or null
 * when none was given; a document that fails its check digits, or one given with a registered cliente (whose
 * own document goes to the nota), is refused with what to do.
 */
function documentoDoConsumidor(input: VenderInput): string | null {
  const documento = normalizeCpfCnpj(input.documentoConsumidor);
  if (!documento) return null;
  if (input.clienteId)
    throw invalida(
      'CONSUMIDOR_DUPLICADO',
      'Informe o cliente cadastrado ou o CPF/CNPJ na nota, não os dois: a NFC-e leva o documento do cliente.',
    );
  if (!isValidCpfCnpj(documento))
    throw invalida(
      'DOCUMENTO_CONSUMIDOR_INVALIDO',
      `O CPF/CNPJ ${formatCpfCnpj(documento)} informado para a nota não é válido (dígitos verificadores). Confira o número com o consumidor.`,
    );
  return documento;
}

/** The products of the items, by id or by barcode / código (barcode first), with price and promoções. */
async function produtosDaVenda(context: PdvContext, itens: VenderInput['itens']) {
  const ids = itens.flatMap((item) => (item.produtoId ? [Number(item.produtoId)] : []));
  const codigos = itens.flatMap((item) => (item.codigo?.trim() ? [item.codigo.trim()] : []));
  const rows = await context.tx.query<ProdutoRow>(
    `SELECT p.id::int AS id, p.codigo, p.codigo_barras, p.descricao, p.unidade, p.ncm, p.preco_venda::float8 AS preco,
            p.ativo, c.codigo AS cfop,
            (SELECT json_agg(json_build_object('inicio', pm.inicio, 'fim', pm.fim, 'ativo', pm.ativo,
                    'percentualDesconto', pm.percentual_desconto, 'quantidadeMinima', pm.quantidade_minima))
               FROM promocao pm WHERE pm.produto_id = p.id AND pm.empresa_id = p.empresa_id) AS promocoes
       FROM produto p
       LEFT JOIN perfil_tributario pt ON pt.id = p.perfil_tributario_id LEFT JOIN cfop c ON c.id = pt.cfop_id
      WHERE p.empresa_id = $1 AND (p.id = ANY($2::bigint[]) OR p.codigo_barras = ANY($3::text[]) OR p.codigo = ANY($3::text[]))`,
    [context.scope.empresaId, ids, codigos],
  );
  return itens.map((item, index) => {
    const rotulo = `Item ${index + 1}`;
    const codigo = item.codigo?.trim();
    const produto = item.produtoId
      ? rows.find((row) => row.id === Number(item.produtoId))
      : (rows.find((row) => row.codigo_barras === codigo) ?? rows.find((row) => row.codigo === codigo));
    if (!produto)
      throw invalida(
        'PRODUTO_NAO_ENCONTRADO',
        item.produtoId || codigo
          ? `${rotulo}: nenhum produto com ${item.produtoId ? `o id ${item.produtoId}` : `o código ${codigo}`}.`
          : `${rotulo}: informe o produto (id, código ou código de barras).`,
      );
    if (produto.ativo === false)
      throw invalida('PRODUTO_INATIVO', `${rotulo}: o produto ${produto.descricao} está inativo.`);
    if (produto.preco === null || !(produto.preco > 0))
      throw invalida(
        'PRODUTO_SEM_PRECO',
        `${rotulo}: o produto ${produto.descricao} não tem preço de venda. Informe o preço no cadastro do produto.`,
      );
    return produto;
  });
}

/** The sale's discount over its list prices against the user's perfil (administrators and empty limits: none). */
async function conferirLimiteDesconto(
  context: PdvContext,
  referencia: { precoReferencia: number; quantidade: number }[],
  valorProdutos: number,
  valorDesconto: number,
): Promise<void> {
  const perfil = await context.tx.maybeOne<{
    limite: string | null;
    admin: boolean | null;
    nome: string | null;
  }>(
    `SELECT p.desconto_maximo AS limite, u.perfil_admin AS admin, p.nome
       FROM usuario u LEFT JOIN perfil p ON p.id = u.perfil_id WHERE u.id = $1`,
    [context.scope.usuarioId],
  );
  if (!perfil || perfil.admin === true || perfil.limite === null) return;
  const limite = Number(perfil.limite);
  const desconto = percentualDesconto(referencia, valorProdutos, valorDesconto);
  if (desconto > limite + 1e-9)
    throw new HttpError(
      422,
      'DESCONTO_ACIMA_DO_LIMITE',
      `O desconto de ${percent.format(desconto)}% nesta venda excede o limite de ${percent.format(limite)}% do perfil ${perfil.nome}. Reduza o desconto ou chame um usuário com limite maior.`,
      { desconto, limite },
    );
}

/** The next NFC-e number of the PDV's série in the branch: after every nota and inutilização of that série. */
async function proximoNumero(context: PdvContext, serie: number): Promise<number> {
  const row = await context.tx.one<{ n: number }>(
    `SELECT greatest(
              (SELECT max(numero) FROM nota_fiscal WHERE filial_id = $1 AND serie = $2),
              (SELECT max(numero_final) FROM inutilizacao WHERE filial_id = $1 AND serie = $2 AND modelo = 65),
              0)::int + 1 AS n`,
    [context.scope.filialId, serie],
  );
  return row.n;
}

/** A sale's items priced in its open session: products, the items as the totals read them, the totals. */
export interface VendaPrecificada {
  caixa: CaixaTravado;
  produtos: ProdutoRow[];
  itens: ItemVendaPdv[];
  totais: TotaisItensPdv;
}

/**
 * The items of a sale in the open session `caixaId` (locked) priced: by id, barcode or código at the
 * product's price with its promoções of today for the quantity, the items' and the sale's discounts, checked
 * against the user's perfil. The sale posts these; POST …/vendas/previa shows them to the cashier.
 */
export async function precificarVenda(
  context: PdvContext,
  caixaId: number,
  input: Pick<VenderInput, 'itens' | 'desconto'>,
): Promise<VendaPrecificada> {
  const caixa = await travarCaixaAberto(context, caixaId);
  const itensEntrada = input.itens ?? [];
  const produtos = await produtosDaVenda(context, itensEntrada);
  // Promoções are periods of Brasília days.
  const hoje = dateOnly(new Date().toISOString());
  const itens: ItemVendaPdv[] = itensEntrada.map((item, index) => {
    const produto = produtos[index]!;
    const quantidade = Number(item.quantidade);
    return {
      numeroItem: index + 1,
      descricao: produto.descricao,
      quantidade,
      precoUnitario: precoComPromocao(Number(produto.preco), quantidade, hoje, produto.promocoes ?? []).preco,
      desconto: Number(item.desconto ?? 0),
    };
  });
  let totais: TotaisItensPdv;
  try {
    totais = totalizarItensPdv(itens, Number(input.desconto ?? 0));
  } catch (error) {
    if (error instanceof VendaPdvInvalidaError) throw invalida(error.codigo, error.message);
    throw error;
  }
  await conferirLimiteDesconto(
    context,
    itens.map((item) => ({ precoReferencia: item.precoUnitario, quantidade: item.quantidade })),
    totais.valorProdutos / 100,
    totais.valorDesconto / 100,
  );
  return { caixa, produtos, itens, totais };
}

/** What POST …/vendas/previa answers: the priced items and totals, in reais. */
export function previaDaVenda({ produtos, totais }: VendaPrecificada) {
  return {
    itens: totais.itens.map((item, index) => ({
      numeroItem: item.numeroItem,
      produtoId: produtos[index]!.id,
      codigo: produtos[index]!.codigo ?? String(produtos[index]!.id),
      descricao: item.descricao,
      unidade: produtos[index]!.unidade || 'UN',
      quantidade: item.quantidade,
      precoUnitario: item.precoUnitario,
      desconto: item.descontoCentavos / 100,
      valorTotal: (item.bruto - item.descontoCentavos) / 100,
    })),
    valorProdutos: totais.valorProdutos / 100,
    valorDesconto: totais.valorDesconto / 100,
    valorTotal: totais.valorTotal / 100,
  };
}

/**
 * A counter sale in the open session `caixaId` (flows.md §4; issue 17 PDV), in the caller's transaction with
 * the session locked: the items priced (precificarVenda: product's price with its promoções, discounts within
 * the user's perfil), the payments (change only from cash); the NFC-e document — a notaFiscal de saída to the
 * consumer, numbered in the PDV's série, linked to the session (caixaId) — its stock saída from the PDV's
 * depósito (origem notaFiscal, one row per item) and its cash movements: one venda row per payment, the cash
 * one as handed over, and the troco. Emission happens after the commit.
 */
export async function venderNoCaixa(
  context: PdvContext,
  caixaId: number,
  input: VenderInput,
): Promise<VendaPdv> {
  const { tx, scope } = context;
  const { caixa, produtos, itens } = await precificarVenda(context, caixaId, input);
  if (
    input.operadorPdvId &&
    caixa.operadorPdvId !== null &&
    Number(input.operadorPdvId) !== caixa.operadorPdvId
  )
    throw new HttpError(
      409,
      'OPERADOR_DIFERENTE',
      `Este caixa está aberto para o operador ${caixa.operador}: a venda é registrada por ele, ou feche o caixa e abra outro.`,
    );
  if (caixa.depositoId === null)
    throw invalida(
      'PDV_SEM_DEPOSITO',
      `Informe o depósito do PDV ${caixa.pdv} em Configurações › PDVs: é de lá que as mercadorias saem.`,
    );
  const configuracao = await tx.maybeOne<{ natureza: number | null }>(
    'SELECT natureza_operacao_id::int AS natureza FROM configuracao_nfe WHERE filial_id = $1 ORDER BY id LIMIT 1',
    [scope.filialId],
  );
  if (!configuracao?.natureza)
    throw invalida(
      'FILIAL_SEM_NATUREZA_PADRAO',
      'Escolha a natureza de operação padrão em Configurações › Configuração fiscal: a NFC-e da venda usa essa natureza.',
    );
  const documentoConsumidor = documentoDoConsumidor(input);
  if (input.clienteId) {
    const cliente = await tx.maybeOne('SELECT 1 FROM pessoa WHERE id = $1 AND empresa_id = $2', [
      input.clienteId,
      scope.empresaId,
    ]);
    if (!cliente) throw invalida('CLIENTE_NAO_ENCONTRADO', 'Cliente não encontrado.');
  }
  const formas = await formasPagamento(context);
  const dinheiro = formaDinheiro(formas);
  const pagamentos = (input.pagamentos ?? []).map((pagamento) => {
    const forma = formas.get(Number(pagamento.formaPagamentoId));
    if (!forma)
      throw invalida(
        'FORMA_PAGAMENTO_INVALIDA',
        `A forma de pagamento ${pagamento.formaPagamentoId} não existe ou está inativa.`,
      );
    return {
      formaPagamentoId: forma.id,
      descricao: forma.descricao,
      valor: Number(pagamento.valor),
      dinheiro: forma.dinheiro,
    };
  });
  let totais: ReturnType<typeof totalizarVendaPdv>;
  try {
    totais = totalizarVendaPdv(itens, Number(input.desconto ?? 0), pagamentos);
  } catch (error) {
    if (error instanceof VendaPdvInvalidaError) throw invalida(error.codigo, error.message);
    throw error;
  }
  const numero = await proximoNumero(context, caixa.serie);
  const agora = new Date().toISOString();
  const nota = await tx.one<{ id: number }>(
    `INSERT INTO nota_fiscal (empresa_id, filial_id, criado_por, alterado_por, tipo_operacao, finalidade,
            natureza_operacao_id, destinatario_id, data_emissao, valor_produtos, valor_frete, valor_desconto,
            valor_total, modalidade_frete, situacao, serie, numero, caixa_id, documento_consumidor)
     VALUES ($1, $2, $3, $3, 1, 1, $4, $5, $6, $7::numeric / 100, 0, $8::numeric / 100, $9::numeric / 100, 9, 0,
             $10, $11, $12, $13)
     RETURNING id::int AS id`,
    [
      scope.empresaId,
      scope.filialId,
      scope.usuarioId,
      configuracao.natureza,
      input.clienteId ?? null,
      agora,
      totais.valorProdutos,
      totais.valorDesconto,
      totais.valorTotal,
      caixa.serie,
      numero,
      caixaId,
      documentoConsumidor,
    ],
  );
  await tx.query(
    `INSERT INTO nota_fiscal_item (empresa_id, filial_id, criado_por, alterado_por, nota_fiscal_id, numero_item,
            produto_id, codigo, descricao, ncm, cfop, unidade, quantidade, valor_unitario, valor_desconto, valor_total)
     SELECT $1, $2, $3, $3, $4, i.n, i.p, i.c, i.d, i.ncm, i.cfop, i.u, i.q, i.v, i.dsc / 100, i.t / 100
       FROM unnest($5::int[], $6::bigint[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $12::numeric[],
                   $13::numeric[], $14::numeric[], $15::numeric[]) AS i(n, p, c, d, ncm, cfop, u, q, v, dsc, t)`,
    [
      scope.empresaId,
      scope.filialId,
      scope.usuarioId,
      nota.id,
      totais.itens.map((item) => item.numeroItem),
      produtos.map((produto) => produto.id),
      produtos.map((produto) => produto.codigo ?? String(produto.id)),
      produtos.map((produto) => produto.descricao),
      produtos.map((produto) => produto.ncm),
      produtos.map((produto) => produto.cfop ?? CFOP_PADRAO),
      produtos.map((produto) => produto.unidade || 'UN'),
      totais.itens.map((item) => item.quantidade),
      totais.itens.map((item) => item.precoUnitario),
      totais.itens.map((item) => item.descontoCentavos),
      totais.itens.map((item) => item.bruto),
    ],
  );
  await postStockMovements(
    context,
    nota.id,
    totais.itens.map((item, index) => ({
      produtoId: produtos[index]!.id,
      depositoId: caixa.depositoId!,
      loteId: null,
      movement: { tipo: 'saida', qtd: item.quantidade },
      data: agora,
      motivo: `Venda PDV ${caixa.pdv}, NFC-e ${caixa.serie}/${numero}`,
      origemTipo: 'notaFiscal',
      origemLinha: item.numeroItem,
      rotulo: `Item ${item.numeroItem}: `,
      fefo: true,
    })),
  );
  for (const [index, pagamento] of pagamentos.entries())
    await lancarMovimentoCaixa(context, {
      caixaId,
      data: agora,
      tipo: 'venda',
      formaPagamentoId: pagamento.formaPagamentoId,
      valorCentavos: valorComSinal('venda', Math.round(pagamento.valor * 100)),
      notaFiscalId: nota.id,
      origemTipo: 'notaFiscal',
      origemId: nota.id,
      origemLinha: index + 1,
    });
  if (totais.troco > 0)
    await lancarMovimentoCaixa(context, {
      caixaId,
      data: agora,
      tipo: 'troco',
      formaPagamentoId: dinheiro.id,
      valorCentavos: valorComSinal('troco', totais.troco),
      notaFiscalId: nota.id,
      origemTipo: 'notaFiscal',
      origemId: nota.id,
      origemLinha: 0,
    });
  return {
    notaFiscalId: nota.id,
    caixaId,
    serie: caixa.serie,
    numero,
    valorProdutos: totais.valorProdutos / 100,
    valorDesconto: totais.valorDesconto / 100,
    valorTotal: totais.valorTotal / 100,
    valorPago: totais.valorPago / 100,
    troco: totais.troco / 100,
  };
}
