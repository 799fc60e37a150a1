import type { Tx } from '../../db/database.ts';
import { HttpError } from '../../errors.ts';
import { cstItem } from './analiticoDocumento.ts';
import {
  type InventarioFiscal,
  inventariosFiscais,
  type ParticipanteFiscal,
  type ProdutoFiscal,
  participantesFiscais,
  produtosFiscais,
  type SaldoEstoqueFiscal,
  saldosEstoqueFiscais,
} from './cadastrosFiscais.ts';
import { type DocumentoFiscal, documentosFiscais, type ItemFiscal } from './documentosFiscais.ts';

/** Something the user should fix in the cadastros; the file is still generated. */
export interface AvisoFiscal {
  tipo: 'documento' | 'produto' | 'participante' | 'cadastro' | 'apuracao';
  referencia: string;
  mensagem: string;
}

/** Everything of one branch and period that goes into a fiscal file, with the warnings found. */
export interface MovimentoFiscal {
  /** The period (ISO dates, inclusive). */
  inicio: string;
  fim: string;
  /** Documents that go into the file (those without items are left out, with a warning). */
  documentos: DocumentoFiscal[];
  participantes: Map<number, ParticipanteFiscal>;
  produtos: Map<number, ProdutoFiscal>;
  inventarios: InventarioFiscal[];
  /** The stock at the end of the period, when block K is written restricted to stock balances (K200). */
  estoqueFinal?: SaldoEstoqueFiscal[];
  avisos: AvisoFiscal[];
}

export const nomeDocumento = (documento: DocumentoFiscal): string => {
  const tipo =
    documento.origem === 'nfce' ? 'NFC-e' : documento.origem === 'entrada' ? 'NF-e de entrada' : 'NF-e';
  return `${tipo} ${documento.numero}${documento.serie === null ? '' : ` série ${documento.serie}`}`;
};

/** The item's code in the files: the produto's code (or id), else the code printed on the document. */
export function codigoItem(item: ItemFiscal, produtos: Map<number, ProdutoFiscal>): string {
  const produto = item.produtoId === null ? undefined : produtos.get(item.produtoId);
  return produto?.codigo || item.codigo?.trim() || `ITEM-${item.descricao.slice(0, 20)}`;
}

/**
 * Refuses (400) item codes the files cannot carry as they are: a `|` is SPED's field separator, so the
 * same item would get one code in SPED and another in Sintegra. Fixed in the produto, before any file.
 */
export function assertCodigosItens(movimento: MovimentoFiscal): void {
  const invalidos = new Set<string>();
  for (const documento of movimento.documentos)
    if (!documento.cancelado)
      for (const item of documento.itens) {
        const codigo = codigoItem(item, movimento.produtos);
        if (codigo.includes('|')) invalidos.add(codigo);
      }
  for (const item of [
    ...movimento.inventarios.flatMap((inventario) => inventario.itens),
    ...(movimento.estoqueFinal ?? []),
  ]) {
    const codigo = movimento.produtos.get(item.produtoId)?.codigo ?? '';
    if (codigo.includes('|')) invalidos.add(codigo);
  }
  if (invalidos.size > 0)
    throw new HttpError(
      400,
      'CODIGO_ITEM_INVALIDO',
      `Código de produto com o caractere "|", que os arquivos fiscais não aceitam: ${[...invalidos].join(', ')}. Altere o código em Estoque › Produtos antes de gerar o arquivo.`,
    );
}

/** Loads the documents, participants, produtos and inventories of the period and lists what is missing. */
export async function movimentoFiscal(
  tx: Tx,
  filialId: number,
  inicio: string,
  fim: string,
  opcoes: { estoqueFinal?: boolean } = {},
): Promise<MovimentoFiscal> {
  const todos = await documentosFiscais(tx, filialId, inicio, fim);
  const inventarios = await inventariosFiscais(tx, filialId, inicio, fim);
  const estoqueFinal = opcoes.estoqueFinal ? await saldosEstoqueFiscais(tx, filialId, fim) : undefined;
  const avisos: AvisoFiscal[] = [];
  const documentos = todos.filter((documento) => {
    if (documento.cancelado || documento.itens.length > 0) return true;
    avisos.push({
      tipo: 'documento',
      referencia: nomeDocumento(documento),
      mensagem: 'Documento sem itens: não foi incluído no arquivo.',
    });
    return false;
  });
  const ativos = documentos.filter((documento) => !documento.cancelado);
  const participanteIds = new Set<number>();
  for (const documento of ativos)
    if (documento.participanteId !== null && documento.modelo === '55')
      participanteIds.add(documento.participanteId);
  const produtoIds = new Set<number>();
  for (const documento of ativos)
    for (const item of documento.itens) if (item.produtoId !== null) produtoIds.add(item.produtoId);
  for (const inventario of inventarios) for (const item of inventario.itens) produtoIds.add(item.produtoId);
  for (const item of estoqueFinal ?? []) produtoIds.add(item.produtoId);
  const participantes = await participantesFiscais(tx, [...participanteIds]);
  const produtos = await produtosFiscais(tx, [...produtoIds]);

  for (const documento of ativos) {
    if (documento.modelo === '55' && documento.participanteId === null)
      avisos.push({
        tipo: 'documento',
        referencia: nomeDocumento(documento),
        mensagem: 'Documento sem destinatário/remetente (participante).',
      });
    if (documento.modelo === '55' && documento.chave?.length !== 44)
      avisos.push({
        tipo: 'documento',
        referencia: nomeDocumento(documento),
        mensagem: 'Chave de acesso ausente ou sem 44 dígitos.',
      });
    if (documento.itens.some((item) => !item.cstIcms && !item.csosn))
      avisos.push({
        tipo: 'documento',
        referencia: nomeDocumento(documento),
        mensagem: `Itens sem CST nem CSOSN do ICMS informados com CST ${cstItem({ ...documento.itens[0]!, cstIcms: null })}.`,
      });
  }
  for (const participante of participantes.values()) {
    if (!participante.codigoMunicipio && participante.uf !== 'EX')
      avisos.push({
        tipo: 'participante',
        referencia: participante.nome,
        mensagem: 'Participante sem município (código IBGE).',
      });
    if (participante.cpfCnpj.length !== 11 && participante.cpfCnpj.length !== 14)
      avisos.push({
        tipo: 'participante',
        referencia: participante.nome,
        mensagem: 'Participante sem CPF/CNPJ.',
      });
  }
  const semNcm = new Map<string, string>();
  for (const documento of ativos)
    for (const item of documento.itens) {
      const produto = item.produtoId === null ? undefined : produtos.get(item.produtoId);
      if (!(produto?.ncm || item.ncm))
        semNcm.set(codigoItem(item, produtos), produto?.descricao ?? item.descricao);
    }
  for (const [codigo, descricao] of semNcm)
    avisos.push({ tipo: 'produto', referencia: `${codigo} — ${descricao}`, mensagem: 'Produto sem NCM.' });
  for (const inventario of inventarios)
    if (inventario.itens.length === 0)
      avisos.push({
        tipo: 'documento',
        referencia: `Inventário de ${inventario.data.split('-').reverse().join('/')}`,
        mensagem: 'Nenhum produto com saldo em estoque nesta data.',
      });
  if (estoqueFinal?.length === 0)
    avisos.push({
      tipo: 'documento',
      referencia: `Bloco K em ${fim.split('-').reverse().join('/')}`,
      mensagem: 'Nenhum produto com saldo em estoque no fim do período: o K200 não foi gerado.',
    });
  return { inicio, fim, documentos, participantes, produtos, inventarios, estoqueFinal, avisos };
}
