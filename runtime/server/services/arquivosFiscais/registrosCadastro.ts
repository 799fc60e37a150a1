import type { ContaContabilFiscal } from './arquivoSped.ts';
import type { ContadorFiscal, ProdutoFiscal } from './cadastrosFiscais.ts';
import type { ItemFiscal } from './documentosFiscais.ts';
import type { EmitenteFiscal } from './emitenteFiscal.ts';
import type { EscritaSped } from './escritaSped.ts';
import { spedData, spedTexto as t } from './formatoArquivo.ts';
import { codigoItem, type MovimentoFiscal } from './movimentoFiscal.ts';
import { levaC170, unidadeItem } from './registrosC.ts';

/** Descriptions of the usual units (0190 DESCR); any other unit is described by its own code. */
const UNIDADES: Record<string, string> = {
  UN: 'Unidade',
  UND: 'Unidade',
  PC: 'Peca',
  KG: 'Quilograma',
  G: 'Grama',
  L: 'Litro',
  LT: 'Litro',
  ML: 'Mililitro',
  M: 'Metro',
  M2: 'Metro quadrado',
  M3: 'Metro cubico',
  CX: 'Caixa',
  PCT: 'Pacote',
  DZ: 'Duzia',
  FD: 'Fardo',
  SC: 'Saco',
  TON: 'Tonelada',
};

/** The codes of the items that other registers cite (C170, H010 and K200), with what 0200 says of each. */
function itensReferenciados(movimento: MovimentoFiscal) {
  const itens = new Map<string, { produto?: ProdutoFiscal; item?: ItemFiscal; unidade: string }>();
  for (const documento of movimento.documentos) {
    if (!levaC170(documento)) continue;
    for (const item of documento.itens) {
      const codigo = codigoItem(item, movimento.produtos);
      if (itens.has(codigo)) continue;
      const produto = item.produtoId === null ? undefined : movimento.produtos.get(item.produtoId);
      itens.set(codigo, { produto, item, unidade: produto?.unidade || unidadeItem(item, movimento) });
    }
  }
  for (const item of [
    ...movimento.inventarios.flatMap((inventario) => inventario.itens),
    ...(movimento.estoqueFinal ?? []),
  ]) {
    const produto = movimento.produtos.get(item.produtoId);
    const codigo = produto?.codigo ?? String(item.produtoId);
    if (!itens.has(codigo)) itens.set(codigo, { produto, unidade: produto?.unidade || 'UN' });
  }
  return itens;
}

/** Block 0 after 0000: 0001, 0005, 0100, 0150, 0190, 0200 and 0990. */
export function escreverCadastros(
  escrita: EscritaSped,
  emitente: EmitenteFiscal,
  contador: ContadorFiscal,
  movimento: MovimentoFiscal,
  conta: ContaContabilFiscal | null = null,
) {
  escrita.bloco('0', () => {
    escrita.add(
      '0005',
      t(emitente.fantasia, 60),
      emitente.cep,
      t(emitente.logradouro, 60),
      t(emitente.numero, 10),
      t(emitente.complemento, 60),
      t(emitente.bairro, 60),
      emitente.telefone.slice(-11),
      '',
      t(emitente.email),
    );
    escrita.add(
      '0100',
      t(contador.nome, 100),
      contador.cpf,
      t(contador.crc, 15),
      contador.cnpjEscritorio,
      contador.cep,
      t(contador.logradouro, 60),
      t(contador.numero, 10),
      t(contador.complemento, 60),
      t(contador.bairro, 60),
      contador.telefone.slice(-11),
      '',
      t(contador.email),
      contador.codigoMunicipio ?? '',
    );
    const citados = new Set<number>();
    for (const documento of movimento.documentos)
      if (!documento.cancelado && documento.modelo === '55' && documento.participanteId !== null)
        citados.add(documento.participanteId);
    for (const id of citados) {
      const p = movimento.participantes.get(id);
      if (!p) continue;
      const exterior = p.uf === 'EX';
      escrita.add(
        '0150',
        t(p.codigo, 60),
        t(p.nome, 100),
        exterior ? '' : '01058',
        p.cpfCnpj.length === 14 ? p.cpfCnpj : '',
        p.cpfCnpj.length === 11 ? p.cpfCnpj : '',
        p.ie === 'ISENTO' ? '' : p.ie,
        exterior ? '' : (p.codigoMunicipio ?? ''),
        '',
        t(p.logradouro, 60),
        t(p.numero, 10),
        t(p.complemento, 60),
        t(p.bairro, 60),
      );
    }
    const itens = itensReferenciados(movimento);
    const unidades = new Set<string>();
    for (const { unidade } of itens.values()) unidades.add(unidade);
    for (const documento of movimento.documentos)
      if (levaC170(documento)) for (const item of documento.itens) unidades.add(unidadeItem(item, movimento));
    for (const unidade of [...unidades].sort())
      escrita.add('0190', t(unidade, 6), t(UNIDADES[unidade] ?? unidade));
    for (const [codigo, { produto, item, unidade }] of itens) {
      const ncm = produto?.ncm || item?.ncm || '';
      const tipo = produto?.tipoProduto ?? 0;
      escrita.add(
        '0200',
        t(codigo, 60),
        t(produto?.descricao ?? item?.descricao ?? codigo),
        t(produto?.codigoBarras),
        '',
        t(unidade, 6),
        String(tipo).padStart(2, '0'),
        ncm,
        '',
        tipo === 9 || !ncm ? '' : ncm.slice(0, 2),
        '',
        '',
        produto?.cest ?? '',
      );
    }
    if (conta)
      escrita.add(
        '0500',
        spedData(conta.dataAlteracao),
        conta.natureza,
        conta.tipo,
        conta.nivel,
        t(conta.codigo, 60),
        t(conta.descricao, 60),
      );
  });
}
