import { checkPermission } from '../../../core/checkPermission.ts';
import { isCfopEntradaOficial, type OperacaoEntrada } from '../../../core/fiscal/cfopEntrada.ts';
import { isValidGtin } from '../../../core/registerFormats.ts';
import { roundMoney } from '../../../core/roundMoney.ts';
import { PermissionLevel } from '../../../core/types.ts';
import { HttpError } from '../../errors.ts';
import { createRecord } from '../records/createRecord.ts';
import type { ScreenToolContext } from '../screenTools/runScreenTool.ts';
import { analisarXmlEntrada, type ItemAnalisado } from './analisarXmlEntrada.ts';
import type { ParticipanteNfe } from './lerXmlNfe.ts';

/** The user's choice for one item of the preview; an item left out keeps the suggestion. */
export interface EscolhaItem {
  numeroItem: number;
  /** The produto the item enters stock as; null leaves it unlinked (linked later on the entry). */
  produtoId?: number | null;
  /** Registers a new produto from the item's description, EAN, NCM and unit. */
  cadastrarProduto?: boolean;
  cfop?: string;
  /** Stock units per unit of the note (CX12 → 12); kept on the item, so the next import of this supplier's code suggests it. */
  fatorConversao?: number;
}

export interface PedidoImportacao {
  xml: string;
  operacao?: OperacaoEntrada;
  /** Books a note whose totals do not add up; the entry keeps the divergences in alertaXml. */
  aceitarDivergencias?: boolean;
  dataEntrada?: string;
  depositoId?: number | null;
  naturezaOperacaoId?: number | null;
  /** The approved purchase order the note receives (notaEntrada.pedidoCompraId). */
  pedidoCompraId?: number | null;
  itens?: EscolhaItem[];
}

const semPermissao = (o: string) =>
  new HttpError(
    403,
    'ACESSO_NEGADO',
    `Você não tem permissão para cadastrar ${o}. Fale com o administrador da empresa.`,
  );

const withRecord = (context: ScreenToolContext, entity: string) => ({
  ...context,
  record: context.lookupTarget(entity),
});

function fornecedorBody(emitente: ParticipanteNfe) {
  const cep = emitente.cep && /^[0-9]{8}$/.test(emitente.cep) ? emitente.cep : null;
  const telefone = emitente.telefone && /^[0-9]{10,11}$/.test(emitente.telefone) ? emitente.telefone : null;
  return {
    nome: emitente.nome.slice(0, 120),
    apelido: emitente.nomeFantasia?.slice(0, 120) ?? null,
    cpfCnpj: emitente.cpfCnpj,
    inscricaoEstadual:
      emitente.inscricaoEstadual && emitente.inscricaoEstadual !== 'ISENTO'
        ? emitente.inscricaoEstadual
        : null,
    indicadorIe: emitente.inscricaoEstadual ? 1 : 9,
    logradouro: emitente.logradouro,
    numero: emitente.numero?.slice(0, 20) ?? null,
    complemento: emitente.complemento,
    bairro: emitente.bairro,
    codigoMunicipio: emitente.codigoMunicipio,
    uf: emitente.uf,
    cep,
    telefone,
  };
}

function produtoBody(item: ItemAnalisado) {
  return {
    descricao: item.descricao.slice(0, 120),
    codigoBarras: item.ean && isValidGtin(item.ean) ? item.ean : null,
    unidade: item.unidade.slice(0, 6),
    ncm: item.ncm && /^[0-9]{8}$/.test(item.ncm) ? item.ncm : null,
    cest: item.cest && /^[0-9]{7}$/.test(item.cest) ? item.cest : null,
    origem: item.origem,
    custo: roundMoney(item.valorUnitario),
  };
}

/** Only codes the enum lists (an XML code the project does not know is left empty, never a 400). */
const known = (context: ScreenToolContext, enumName: string, code: string | null) =>
  code !== null && context.record.enums[enumName]?.values.some((value) => String(value.code) === code)
    ? code
    : null;

function itemBody(
  context: ScreenToolContext,
  notaEntradaId: number,
  item: ItemAnalisado,
  produtoId: number | null,
  cfop: string,
  fator: number,
  pedidoCompraId: number | null,
) {
  return {
    notaEntradaId,
    numeroItem: item.numeroItem,
    produtoId,
    pedidoCompraId,
    numeroItemPedido:
      pedidoCompraId !== null && item.itemPedido !== null && item.itemPedido <= 990 ? item.itemPedido : null,
    codigo: item.codigo.slice(0, 60) || null,
    descricao: item.descricao.slice(0, 120),
    ncm: item.ncm && /^[0-9]{8}$/.test(item.ncm) ? item.ncm : null,
    cest: item.cest && /^[0-9]{7}$/.test(item.cest) ? item.cest : null,
    cfop,
    unidade: item.unidade.slice(0, 6),
    quantidade: item.quantidade,
    valorUnitario: item.valorUnitario,
    valorDesconto: item.valorDesconto,
    valorTotal: item.valorTotal,
    valorFrete: item.valorFrete,
    valorSeguro: item.valorSeguro,
    valorOutras: item.valorOutras,
    valorIi: item.valorIi,
    valorFcpSt: item.valorFcpSt,
    fatorConversao: fator,
    origem: item.origem,
    cstIcms: known(context, 'cstIcms', item.cstIcms),
    csosn: known(context, 'csosn', item.csosn),
    baseIcms: item.baseIcms,
    aliquotaIcms: item.aliquotaIcms,
    valorIcms: item.valorIcms,
    baseIcmsSt: item.baseIcmsSt,
    valorIcmsSt: item.valorIcmsSt,
    aliquotaIpi: item.aliquotaIpi,
    valorIpi: item.valorIpi,
    cstPis: known(context, 'cstPis', item.cstPis),
    aliquotaPis: item.aliquotaPis,
    valorPis: item.valorPis,
    cstCofins: known(context, 'cstCofins', item.cstCofins),
    aliquotaCofins: item.aliquotaCofins,
    valorCofins: item.valorCofins,
  };
}

const today = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });

/**
 * Books a supplier's NF-e from its XML in the tenant transaction of the request: checks it again (the
 * preview may be stale), registers the fornecedor when its CNPJ is new (needs COMPRAS_FORNECEDORES at
 * CRIAR) and the produtos asked for (ESTOQUE_PRODUTOS at CRIAR), then the notaEntrada (Pendente) with its
 * items and the XML. Any failure rolls everything back.
 */
export async function confirmarImportacao(context: ScreenToolContext, pedido: PedidoImportacao) {
  const analise = await analisarXmlEntrada(context, pedido.xml, pedido);
  const { nota } = analise;
  const escolhas = new Map((pedido.itens ?? []).map((escolha) => [escolha.numeroItem, escolha]));
  for (const numeroItem of escolhas.keys())
    if (!analise.itens.some((item) => item.numeroItem === numeroItem))
      throw new HttpError(400, 'ITEM_INEXISTENTE', `O item ${numeroItem} não existe no XML.`);
  let fornecedorId = analise.fornecedor?.id ?? null;
  if (fornecedorId === null) {
    if (!checkPermission(context.auth, 'COMPRAS_FORNECEDORES', PermissionLevel.CRIAR))
      throw semPermissao('fornecedores');
    fornecedorId = Number(
      (await createRecord(withRecord(context, 'fornecedor'), fornecedorBody(nota.emitente))).id,
    );
  }
  const escolhidos = analise.itens.map((item) => ({
    item,
    cfop: escolhas.get(item.numeroItem)?.cfop ?? item.cfopEntrada,
  }));
  for (const { item, cfop } of escolhidos)
    if (!cfop || !isCfopEntradaOficial(cfop))
      throw new HttpError(
        400,
        'CFOP_ENTRADA_INVALIDO',
        cfop
          ? `Item ${item.numeroItem}: o CFOP ${cfop} não é um CFOP de entrada da tabela oficial para compras; escolha outro.`
          : `Item ${item.numeroItem}: a tabela não tem CFOP de entrada para o CFOP ${item.cfop} do fornecedor; escolha o CFOP de entrada.`,
      );
  const { totais } = nota;
  const criada = await createRecord(context, {
    fornecedorId,
    chave: nota.chave,
    numero: nota.numero,
    serie: nota.serie,
    dataEmissao: nota.dataEmissao,
    dataEntrada: pedido.dataEntrada ?? today(),
    naturezaOperacaoId: pedido.naturezaOperacaoId ?? null,
    depositoId: pedido.depositoId ?? null,
    pedidoCompraId: pedido.pedidoCompraId ?? null,
    valorProdutos: totais.valorProdutos,
    valorDesconto: totais.valorDesconto,
    valorFrete: totais.valorFrete,
    valorSeguro: totais.valorSeguro,
    valorOutras: totais.valorOutras,
    valorIpi: totais.valorIpi,
    valorIpiDevolvido: totais.valorIpiDevolvido,
    valorIcmsSt: totais.valorIcmsSt,
    valorFcpSt: totais.valorFcpSt,
    valorIcmsDesonerado: totais.valorIcmsDesonerado,
    valorFcp: totais.valorFcp,
    valorIi: totais.valorIi,
    valorIbs: totais.valorIbs,
    valorCbs: totais.valorCbs,
    valorTotal: totais.valorTotal,
    observacao: [
      'Importada do XML da NF-e.',
      nota.naturezaOperacao ? `Natureza do fornecedor: ${nota.naturezaOperacao}.` : '',
      nota.protocolo ? `Protocolo de autorização: ${nota.protocolo.numero}.` : '',
    ]
      .filter(Boolean)
      .join(' '),
  });
  const notaEntradaId = Number(criada.id);
  await context.tx.query('UPDATE nota_entrada SET xml = $1, alerta_xml = $3 WHERE id = $2', [
    pedido.xml.replace(/^\uFEFF/, ''),
    notaEntradaId,
    nota.divergencias.length > 0 ? nota.divergencias.join(' ').slice(0, 4000) : null,
  ]);
  const itemContext = withRecord(context, 'notaEntradaItem');
  const produtoContext = withRecord(context, 'produto');
  let produtosCadastrados = 0;
  // xPed naming one of this branch's approved purchase orders by its number links the item to it.
  const xPeds = [
    ...new Set(escolhidos.map(({ item }) => item.pedidoCompra).filter((x) => x && /^[0-9]{1,9}$/.test(x))),
  ];
  const pedidosXml = new Map(
    xPeds.length === 0
      ? []
      : (
          await context.tx.query<{ id: number; numero: number }>(
            `SELECT id, numero FROM pedido_compra
              WHERE filial_id = $1 AND numero = ANY($2::int[]) AND situacao IN ('aReceber', 'parcial')`,
            [context.scope.filialId, xPeds.map(Number)],
          )
        ).map((row) => [String(row.numero), Number(row.id)]),
  );
  for (const { item, cfop } of escolhidos) {
    const escolha = escolhas.get(item.numeroItem);
    let produtoId =
      escolha && 'produtoId' in escolha ? (escolha.produtoId ?? null) : (item.sugestao?.produtoId ?? null);
    if (escolha?.cadastrarProduto) {
      if (!checkPermission(context.auth, 'ESTOQUE_PRODUTOS', PermissionLevel.CRIAR))
        throw semPermissao('produtos');
      produtoId = Number((await createRecord(produtoContext, produtoBody(item))).id);
      produtosCadastrados++;
    }
    await createRecord(
      itemContext,
      itemBody(
        itemContext,
        notaEntradaId,
        item,
        produtoId,
        cfop,
        escolha?.fatorConversao ??
          (produtoId === (item.sugestao?.produtoId ?? null) ? (item.sugestao?.fator ?? 1) : 1),
        (item.pedidoCompra ? pedidosXml.get(String(Number(item.pedidoCompra))) : undefined) ?? null,
      ),
    );
  }
  return {
    id: notaEntradaId,
    numero: nota.numero,
    serie: nota.serie,
    fornecedorId,
    fornecedorCadastrado: analise.fornecedor === null,
    produtosCadastrados,
    itens: analise.itens.length,
  };
}
