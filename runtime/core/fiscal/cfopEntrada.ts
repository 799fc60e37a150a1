/**
 * Entry CFOP of a purchase, from the supplier's exit CFOP and what the goods are for: a maintained mapping
 * table (Convênio s/nº de 1970, Anexo — Códigos Fiscais de Operações e Prestações), never computed by
 * swapping the first digit (that yields codes that do not exist, such as 1405, or turns a retailer's
 * purchase into an industrialização code). Every code the table can answer is in CFOPS_ENTRADA_OFICIAIS,
 * which a unit test checks.
 */

/** What the company does with the goods it receives. */
export type OperacaoEntrada = 'revenda' | 'industrializacao' | 'usoConsumo' | 'ativo';

export const OPERACOES_ENTRADA: readonly OperacaoEntrada[] = [
  'revenda',
  'industrializacao',
  'usoConsumo',
  'ativo',
];

/** The official entry codes the mapping may answer (1xxx in the state, 2xxx from another state, 3xxx abroad). */
export const CFOPS_ENTRADA_OFICIAIS: Readonly<Record<string, string>> = {
  '1101': 'Compra para industrialização ou produção rural',
  '1102': 'Compra para comercialização',
  '1151': 'Transferência para industrialização ou produção rural',
  '1152': 'Transferência para comercialização',
  '1201': 'Devolução de venda de produção do estabelecimento',
  '1202': 'Devolução de venda de mercadoria adquirida ou recebida de terceiros',
  '1401':
    'Compra para industrialização em operação com mercadoria sujeita ao regime de substituição tributária',
  '1403':
    'Compra para comercialização em operação com mercadoria sujeita ao regime de substituição tributária',
  '1406':
    'Compra de bem para o ativo imobilizado cuja mercadoria está sujeita ao regime de substituição tributária',
  '1407':
    'Compra de mercadoria para uso ou consumo cuja mercadoria está sujeita ao regime de substituição tributária',
  '1408':
    'Transferência para industrialização em operação com mercadoria sujeita ao regime de substituição tributária',
  '1409':
    'Transferência para comercialização em operação com mercadoria sujeita ao regime de substituição tributária',
  '1410':
    'Devolução de venda de produção do estabelecimento em operação com produto sujeito ao regime de substituição tributária',
  '1411':
    'Devolução de venda de mercadoria adquirida ou recebida de terceiros em operação com mercadoria sujeita ao regime de substituição tributária',
  '1551': 'Compra de bem para o ativo imobilizado',
  '1556': 'Compra de material para uso ou consumo',
  '1910': 'Entrada de bonificação, doação ou brinde',
  '1949': 'Outra entrada de mercadoria ou prestação de serviço não especificada',
  '2101': 'Compra para industrialização ou produção rural',
  '2102': 'Compra para comercialização',
  '2151': 'Transferência para industrialização ou produção rural',
  '2152': 'Transferência para comercialização',
  '2201': 'Devolução de venda de produção do estabelecimento',
  '2202': 'Devolução de venda de mercadoria adquirida ou recebida de terceiros',
  '2401':
    'Compra para industrialização em operação com mercadoria sujeita ao regime de substituição tributária',
  '2403':
    'Compra para comercialização em operação com mercadoria sujeita ao regime de substituição tributária',
  '2406':
    'Compra de bem para o ativo imobilizado cuja mercadoria está sujeita ao regime de substituição tributária',
  '2407':
    'Compra de mercadoria para uso ou consumo cuja mercadoria está sujeita ao regime de substituição tributária',
  '2408':
    'Transferência para industrialização em operação com mercadoria sujeita ao regime de substituição tributária',
  '2409':
    'Transferência para comercialização em operação com mercadoria sujeita ao regime de substituição tributária',
  '2410':
    'Devolução de venda de produção do estabelecimento em operação com produto sujeito ao regime de substituição tributária',
  '2411':
    'Devolução de venda de mercadoria adquirida ou recebida de terceiros em operação com mercadoria sujeita ao regime de substituição tributária',
  '2551': 'Compra de bem para o ativo imobilizado',
  '2556': 'Compra de material para uso ou consumo',
  '2910': 'Entrada de bonificação, doação ou brinde',
  '2949': 'Outra entrada de mercadoria ou prestação de serviço não especificada',
  '3101': 'Compra para industrialização',
  '3102': 'Compra para comercialização',
  '3551': 'Compra de bem para o ativo imobilizado',
  '3556': 'Compra de material para uso ou consumo',
  '3949': 'Outra entrada de mercadoria ou prestação de serviço não especificada',
};

/** Kinds of exit operation of the supplier, by its exit CFOP (last three digits, same for 5xxx and 6xxx). */
type Natureza =
  | 'venda'
  | 'vendaSt'
  | 'transferencia'
  | 'transferenciaSt'
  | 'devolucao'
  | 'devolucaoSt'
  | 'bonificacao'
  | 'outras';

const NATUREZA_POR_SUFIXO: Readonly<Record<string, Natureza>> = {
  '101': 'venda',
  '102': 'venda',
  '103': 'venda',
  '104': 'venda',
  '105': 'venda',
  '106': 'venda',
  '109': 'venda',
  '110': 'venda',
  '116': 'venda',
  '117': 'venda',
  '118': 'venda',
  '119': 'venda',
  '120': 'venda',
  '122': 'venda',
  '401': 'vendaSt',
  '402': 'vendaSt',
  '403': 'vendaSt',
  '405': 'vendaSt',
  '151': 'transferencia',
  '152': 'transferencia',
  '155': 'transferencia',
  '156': 'transferencia',
  '408': 'transferenciaSt',
  '409': 'transferenciaSt',
  // The supplier returns what it bought from us: for us, a devolução de venda.
  '201': 'devolucao',
  '202': 'devolucao',
  '410': 'devolucaoSt',
  '411': 'devolucaoSt',
  '910': 'bonificacao',
  '949': 'outras',
};

/** Entry code suffix per nature and operation (digit 1/2/3 comes from the place of the exit). */
const ENTRADA: Readonly<Record<Natureza, Readonly<Record<OperacaoEntrada, string>>>> = {
  venda: { revenda: '102', industrializacao: '101', usoConsumo: '556', ativo: '551' },
  vendaSt: { revenda: '403', industrializacao: '401', usoConsumo: '407', ativo: '406' },
  transferencia: { revenda: '152', industrializacao: '151', usoConsumo: '152', ativo: '152' },
  transferenciaSt: { revenda: '409', industrializacao: '408', usoConsumo: '409', ativo: '409' },
  devolucao: { revenda: '202', industrializacao: '201', usoConsumo: '202', ativo: '202' },
  devolucaoSt: { revenda: '411', industrializacao: '410', usoConsumo: '411', ativo: '411' },
  bonificacao: { revenda: '910', industrializacao: '910', usoConsumo: '910', ativo: '910' },
  outras: { revenda: '949', industrializacao: '949', usoConsumo: '949', ativo: '949' },
};

const LOCAL: Readonly<Record<string, string>> = { '5': '1', '6': '2', '7': '3' };

/**
 * The entry CFOP for a supplier's exit CFOP and the company's operation, or null when the table has no
 * rule for it (the user then picks the code): only codes of CFOPS_ENTRADA_OFICIAIS are ever answered.
 */
export function cfopEntrada(cfopSaida: string, operacao: OperacaoEntrada = 'revenda'): string | null {
  if (!/^[5-7][0-9]{3}$/.test(cfopSaida)) return null;
  const natureza = NATUREZA_POR_SUFIXO[cfopSaida.slice(1)];
  if (!natureza) return null;
  const codigo = `${LOCAL[cfopSaida[0] as string]}${ENTRADA[natureza][operacao]}`;
  return codigo in CFOPS_ENTRADA_OFICIAIS ? codigo : null;
}

/** True when `codigo` is an official entry CFOP of the table. */
export function isCfopEntradaOficial(codigo: string): boolean {
  return codigo in CFOPS_ENTRADA_OFICIAIS;
}
