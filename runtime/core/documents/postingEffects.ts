/**
 * Names of the posting services a transition may list in `effects` (runtime/server/postings registers one
 * service per name; a server test checks both lists agree). Kept here so schema validation, which is pure,
 * can refuse an unknown effect.
 */
export const POSTING_EFFECTS = [
  'estoque.lancar',
  'estoque.transferir',
  'estoque.estornar',
  'venda.reservar',
  'venda.faturar',
  'venda.cancelar',
  'venda.devolver',
  'compras.entradaLancar',
  'compras.entradaEstornar',
  'compras.aprovar',
  'compras.cancelar',
  'compras.devolver',
  'estoque.enviarTransito',
  'estoque.receberTransito',
  'estoque.estornarTransito',
  'notaFiscal.lancarEstoque',
  'notaFiscal.estornarEstoque',
  'notaFiscal.lancarContas',
  'notaFiscal.estornarContas',
  'financeiro.cancelarTitulo',
  'financeiro.estornarBaixa',
  'financeiro.efetivarTransferencia',
  'financeiro.estornarTransferencia',
] as const;

export type PostingEffect = (typeof POSTING_EFFECTS)[number];

/** True when `name` is a posting service the server registers. */
export function isPostingEffect(name: string): name is PostingEffect {
  return (POSTING_EFFECTS as readonly string[]).includes(name);
}
