import { cfopEntrada, type OperacaoEntrada } from '../../../core/fiscal/cfopEntrada.ts';
import { formatCpfCnpj } from '../../../core/formatCpfCnpj.ts';
import { normalizeCpfCnpj } from '../../../core/normalizeCpfCnpj.ts';
import { HttpError } from '../../errors.ts';
import { lerXmlNfeInWorker } from '../../workers/uploadParsers.ts';
import type { ScreenToolContext } from '../screenTools/runScreenTool.ts';
import { dataBrasileira, type ItemNfeLido, type NfeLida } from './lerXmlNfe.ts';

/** How a produto was suggested for an item: the supplier's code linked on an earlier entry, or the EAN. */
export type MotivoSugestao = 'codigoFornecedor' | 'ean';

export interface SugestaoProduto {
  produtoId: number;
  descricao: string;
  codigo: string | null;
  motivo: MotivoSugestao;
  /** Stock units per unit of the note, as linked before (CX12 → 12); 1 for an EAN match. */
  fator: number;
}

export interface ItemAnalisado extends ItemNfeLido {
  /**
   * CFOP of the entry from the maintained mapping table (runtime/core/fiscal/cfopEntrada.ts) for the
   * supplier's exit CFOP and the operation; '' when the table has no rule (the user picks the code).
   */
  cfopEntrada: string;
  sugestao: SugestaoProduto | null;
}

export interface XmlEntradaAnalisado {
  nota: NfeLida;
  fornecedor: { id: number; nome: string } | null;
  itens: ItemAnalisado[];
  avisos: string[];
}

async function sugestaoDe(
  context: ScreenToolContext,
  fornecedorId: number | null,
  item: ItemNfeLido,
): Promise<SugestaoProduto | null> {
  const { tx } = context;
  if (fornecedorId !== null && item.codigo) {
    const linked = await tx.maybeOne<{
      id: number;
      descricao: string;
      codigo: string | null;
      fator: string | null;
    }>(
      `SELECT p.id, p.descricao, p.codigo, i.fator_conversao AS fator FROM nota_entrada_item i
         JOIN nota_entrada n ON n.id = i.nota_entrada_id
         JOIN produto p ON p.id = i.produto_id AND p.ativo
        WHERE n.fornecedor_id = $1 AND i.codigo = $2 AND i.produto_id IS NOT NULL
        ORDER BY i.id DESC LIMIT 1`,
      [fornecedorId, item.codigo],
    );
    if (linked)
      return {
        produtoId: linked.id,
        descricao: linked.descricao,
        codigo: linked.codigo,
        motivo: 'codigoFornecedor',
        fator: Number(linked.fator ?? 1) || 1,
      };
  }
  if (item.ean) {
    const byEan = await tx.maybeOne<{ id: number; descricao: string; codigo: string | null }>(
      'SELECT id, descricao, codigo FROM produto WHERE codigo_barras = $1 AND ativo ORDER BY id LIMIT 1',
      [item.ean],
    );
    if (byEan)
      return {
        produtoId: byEan.id,
        descricao: byEan.descricao,
        codigo: byEan.codigo,
        motivo: 'ean',
        fator: 1,
      };
  }
  return null;
}

/**
 * Reads a supplier's NF-e XML and checks it against the selected branch: the destinatário must be the
 * branch's CNPJ (400 otherwise) and the key must not be booked in the branch yet (409 "Nota já importada").
 * Finds the fornecedor by the emitente's CNPJ and suggests a produto and the entry CFOP for each item.
 * Reads only: the confirmation writes.
 */
export async function analisarXmlEntrada(
  context: ScreenToolContext,
  xml: string,
  opcoes: { operacao?: OperacaoEntrada; aceitarDivergencias?: boolean } = {},
): Promise<XmlEntradaAnalisado> {
  // Read in a worker thread (untrusted upload): README "Segurança".
  const nota = await lerXmlNfeInWorker(xml);
  if (nota.divergencias.length > 0 && !opcoes.aceitarDivergencias)
    throw new HttpError(
      400,
      'XML_NFE_DIVERGENTE',
      `A NF-e ${nota.numero} série ${nota.serie} não confere e não foi importada: ${nota.divergencias.join(' ')} Confira o XML com o fornecedor; se ele estiver correto, importe confirmando as divergências (a entrada ficará sinalizada).`,
      { divergencias: nota.divergencias },
    );
  const { tx, scope } = context;
  const filial = await tx.maybeOne<{ cpf_cnpj: string | null; nome: string }>(
    'SELECT cpf_cnpj, nome FROM filial WHERE id = $1',
    [scope.filialId],
  );
  const documentoFilial = normalizeCpfCnpj(filial?.cpf_cnpj);
  if (!documentoFilial)
    throw new HttpError(
      400,
      'FILIAL_SEM_CNPJ',
      'A filial selecionada não tem CNPJ cadastrado; informe-o em Configurações › Empresas para importar notas.',
    );
  const destinatario = normalizeCpfCnpj(nota.destinatarioCpfCnpj);
  if (destinatario !== documentoFilial)
    throw new HttpError(
      400,
      'DESTINATARIO_NAO_E_A_FILIAL',
      `O destinatário desta NF-e (${destinatario ? formatCpfCnpj(destinatario) : 'não informado'}) não é a filial selecionada (${formatCpfCnpj(documentoFilial)}). Selecione a filial destinatária e importe de novo.`,
    );
  const existente = await tx.maybeOne<{ id: number; importada: string }>(
    `SELECT id, to_char(criado_em AT TIME ZONE 'America/Sao_Paulo', 'YYYY-MM-DD') AS importada
       FROM nota_entrada WHERE chave = $1 AND filial_id = $2`,
    [nota.chave, scope.filialId],
  );
  if (existente)
    throw new HttpError(
      409,
      'NOTA_JA_IMPORTADA',
      `A nota ${nota.chave} já foi importada em ${dataBrasileira(existente.importada)} (NF-e ${nota.numero} série ${nota.serie} de ${nota.emitente.nome}).`,
      { notaEntradaId: existente.id },
    );
  if (nota.cancelamento)
    throw new HttpError(
      400,
      'NFE_CANCELADA',
      `A NF-e ${nota.numero} série ${nota.serie} foi cancelada pelo emitente (evento 110111, protocolo ${nota.cancelamento.protocolo}${nota.cancelamento.dataEvento ? ` em ${dataBrasileira(nota.cancelamento.dataEvento)}` : ''}) e não pode ser lançada.`,
    );
  const fornecedor = await tx.maybeOne<{ id: number; nome: string }>(
    'SELECT id, nome FROM pessoa WHERE tipo_pessoa = 1 AND cpf_cnpj = $1 ORDER BY id LIMIT 1',
    [normalizeCpfCnpj(nota.emitente.cpfCnpj)],
  );
  const itens: ItemAnalisado[] = [];
  for (const item of nota.itens)
    itens.push({
      ...item,
      cfopEntrada: cfopEntrada(item.cfop, opcoes.operacao) ?? '',
      sugestao: await sugestaoDe(context, fornecedor?.id ?? null, item),
    });
  const avisos: string[] = [];
  if (!nota.protocolo)
    avisos.push('O XML não traz o protocolo de autorização (nfeProc): confira a nota no portal da SEFAZ.');
  if (!fornecedor)
    avisos.push(`O fornecedor ${nota.emitente.nome} não está cadastrado e será cadastrado na confirmação.`);
  const semCfop = itens
    .filter((item) => !item.cfopEntrada)
    .map((item) => `${item.numeroItem} (CFOP ${item.cfop})`);
  if (semCfop.length > 0)
    avisos.push(
      `Sem CFOP de entrada na tabela para o(s) item(ns) ${semCfop.join(', ')}: escolha o CFOP de entrada.`,
    );
  for (const divergencia of nota.divergencias) avisos.push(`Divergência aceita: ${divergencia}`);
  const semProduto = itens.filter((item) => !item.sugestao).length;
  if (semProduto > 0)
    avisos.push(`${semProduto} item(ns) sem produto correspondente: escolha o produto ou cadastre um novo.`);
  return { nota, fornecedor: fornecedor ?? null, itens, avisos };
}
