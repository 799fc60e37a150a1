/**
 * Inputs and outputs of the tax engine (calcularTributosNota). Percentages are numbers such as 18 for 18 %;
 * money is in reais (numbers, rounded to cents by roundMoney, see calcularTributosNota).
 */

/** Código de Regime Tributário of the emitente (NF-e emit/CRT). */
export type Crt = 1 | 2 | 3 | 4;

export interface EmitenteTributario {
  crt: Crt;
  uf: string;
  /** pCredSN of CSOSN 101/201/900 (configuracaoNfe.aliquotaCreditoSimples). */
  aliquotaCreditoSimples?: number | null;
}

export interface DestinatarioTributario {
  /** UF, or 'EX' for abroad. */
  uf: string;
  /** indIEDest: 1 contribuinte, 2 isento, 9 não contribuinte. */
  indIEDest: 1 | 2 | 9;
  /** indFinal: the buyer is the final consumer (no resale). */
  consumidorFinal: boolean;
}

export interface NaturezaTributaria {
  /** tpNF: 0 entrada, 1 saída. */
  tipoOperacao: 0 | 1;
  /**
   * indFinal as the natureza de operação states it (true: consumidor final, false: normal); null/absent
   * when it does not, and the destinatário decides (consumidorFinalDaOperacao).
   */
  consumidorFinal?: boolean | null;
}

/** ICMS already retained by substitution on an earlier step (CST 60, CSOSN 500), from the purchase. */
export interface StRetidoEntrada {
  /** vBCSTRet per unit of the item (the base the substituto used). */
  baseUnitaria: number;
  /** pST: the rate the final consumer bore (ICMS ST + FCP ST). */
  aliquota: number;
  /** vICMSSubstituto per unit: the substituto's own ICMS (optional, 0 when unknown). */
  icmsProprioUnitario?: number | null;
}

export interface ProdutoTributario {
  ncm: string;
  /** orig (0..8). */
  origem: number;
  cest?: string | null;
}

/** ICMS rule for the destination UF (entity tributacaoEstadual), as the engine reads it. */
export interface RegraIcms {
  /** Regime normal (CRT 2/3). */
  cst?: string | null;
  /** Simples Nacional (CRT 1/4). */
  csosn?: string | null;
  /** pICMS of the operation (interstate rates 4/7/12 % for an interstate rule). */
  aliquota: number;
  /** modBC (0 MVA, 1 pauta, 2 preço tabelado, 3 valor da operação). */
  modalidadeBc?: number | null;
  /** pRedBC. */
  reducaoBase?: number | null;
  /** modBCST (4 = MVA). */
  modalidadeBcSt?: number | null;
  /** pMVAST as registered (the original, internal MVA); adjusted by the engine when interstate. */
  mvaSt?: number | null;
  /** pRedBCST. */
  reducaoBaseSt?: number | null;
  /** Internal rate of the destination UF: pICMSST and pICMSUFDest. */
  aliquotaInternaDestino?: number | null;
  /** pFCPUFDest (and pFCPST) of the destination UF. */
  aliquotaFcp?: number | null;
  /** Adjust the MVA in interstate operations (Convênio ICMS 142/2018, cl. 9ª). Default true. */
  ajustarMva?: boolean;
  /** CST 51 (and 53): pDif, the deferred share of the ICMS of the operation. */
  percentualDiferimento?: number | null;
  /** CST 02/15/53/61 (combustíveis, LC 192/2022): adRemICMS, reais per unit of qBCMono. */
  adRem?: number | null;
  /** CST 15: adRemICMSReten, reais per unit of the ICMS monofásico retained from the buyer. */
  adRemRetencao?: number | null;
}

/** PIS/COFINS (entity tributacaoFederal) plus IPI. */
export interface RegraFederal {
  cstPis: string;
  aliquotaPis: number;
  cstCofins: string;
  aliquotaCofins: number;
  /** IPI CST (50 tributada, 51..55, 99 outras; entradas 00..49). Absent: the item has no IPI group. */
  cstIpi?: string | null;
  aliquotaIpi?: number | null;
  /** cEnq, default 999. */
  enquadramentoIpi?: string | null;
}

/** IBS/CBS of the 2026 test year (LC 214/2025): informational, they do not change vNF. */
export interface RegraIbsCbs {
  cst: string;
  cClassTrib: string;
  /** 0,9 % in 2026. */
  aliquotaCbs: number;
  /** 0,1 % in 2026. */
  aliquotaIbsUf: number;
  /** 0 % in 2026. */
  aliquotaIbsMun: number;
}

/** IBPT rates (Lei 12.741/2012) of the item's NCM in the emitente's UF. */
export interface AliquotasIbpt {
  nacionalFederal: number;
  importadosFederal: number;
  estadual: number;
  municipal: number;
}

export interface ItemTributavel {
  numeroItem: number;
  produto: ProdutoTributario;
  /** CFOP of the rule (perfil tributário); the engine sets its first digit by the destination. */
  cfop: string;
  quantidade: number;
  valorUnitario: number;
  valorDesconto?: number;
  valorFrete?: number;
  valorSeguro?: number;
  valorOutras?: number;
  icms: RegraIcms;
  federal: RegraFederal;
  ibpt?: AliquotasIbpt | null;
  /** qBCMono (CST 02/15/53/61): quantity in the ad rem unit (litres); the item's quantity by default. */
  quantidadeMonofasica?: number | null;
  /** CST 60 / CSOSN 500: the ST retained before, informed on the note (vBCSTRet, pST, vICMSSTRet). */
  stRetido?: StRetidoEntrada | null;
}

export interface EntradaTributos {
  emitente: EmitenteTributario;
  destinatario: DestinatarioTributario;
  natureza: NaturezaTributaria;
  /** 55 NF-e, 65 NFC-e (DIFAL only on 55). */
  modelo: 55 | 65;
  itens: ItemTributavel[];
  /**
   * IBS/CBS test rates; filled by default for regime normal (CRT 3) with the 2026 rates, omitted for Simples
   * Nacional unless given (optional until 2027).
   */
  ibsCbs?: RegraIbsCbs | null;
}

export interface IcmsCalculado {
  orig: number;
  cst?: string;
  csosn?: string;
  modBC?: number;
  vBC: number;
  pRedBC: number;
  pICMS: number;
  vICMS: number;
  /** Simples Nacional CSOSN 101/201/900: crédito (emitente.aliquotaCreditoSimples × valor da operação). */
  pCredSN: number;
  vCredICMSSN: number;
  st?: {
    modBCST: number;
    pMVAST: number;
    pRedBCST: number;
    vBCST: number;
    pICMSST: number;
    vICMSST: number;
    vBCFCPST: number;
    pFCPST: number;
    vFCPST: number;
  };
  /** CST 51: the ICMS of the operation, the deferred share and what remains owed (vICMS). */
  diferimento?: { vICMSOp: number; pDif: number; vICMSDif: number };
  /** CST 02, 15, 53: ICMS monofásico próprio (ad rem). CST 53 adds the deferred part; 15 the retention. */
  monofasico?: {
    qBCMono: number;
    adRemICMS: number;
    vICMSMono: number;
    /** CST 53 only. */
    vICMSMonoOp?: number;
    pDif?: number;
    vICMSMonoDif?: number;
    /** CST 15 only. */
    qBCMonoReten?: number;
    adRemICMSReten?: number;
    vICMSMonoReten?: number;
  };
  /** CST 61: ICMS monofásico charged before (informational). */
  monofasicoRetido?: { qBCMonoRet: number; adRemICMSRet: number; vICMSMonoRet: number };
  /** CST 60 / CSOSN 500: ST retained before (informational; not part of vNF). */
  stRetido?: { vBCSTRet: number; pST: number; vICMSSubstituto: number; vICMSSTRet: number };
  difal?: {
    vBCUFDest: number;
    vBCFCPUFDest: number;
    pFCPUFDest: number;
    pICMSUFDest: number;
    pICMSInter: number;
    pICMSInterPart: number;
    vFCPUFDest: number;
    vICMSUFDest: number;
    vICMSUFRemet: number;
  };
}

export interface ItemCalculado {
  numeroItem: number;
  cfop: string;
  vProd: number;
  vDesc: number;
  vFrete: number;
  vSeg: number;
  vOutro: number;
  icms: IcmsCalculado;
  ipi?: { cst: string; cEnq: string; vBC: number; pIPI: number; vIPI: number };
  pis: { cst: string; vBC: number; pPIS: number; vPIS: number };
  cofins: { cst: string; vBC: number; pCOFINS: number; vCOFINS: number };
  ibsCbs?: {
    cst: string;
    cClassTrib: string;
    vBC: number;
    pIBSUF: number;
    vIBSUF: number;
    pIBSMun: number;
    vIBSMun: number;
    vIBS: number;
    pCBS: number;
    vCBS: number;
  };
  /** vTotTrib (Lei 12.741/2012). */
  vTotTrib: number;
  /** Item total that enters vNF. */
  vItem: number;
}

/** NF-e total/ICMSTot, plus IBSCBSTot when any item has IBS/CBS. */
export interface TotaisCalculados {
  vBC: number;
  vICMS: number;
  vICMSDeson: number;
  vFCPUFDest: number;
  vICMSUFDest: number;
  vICMSUFRemet: number;
  vFCP: number;
  vBCST: number;
  vST: number;
  vFCPST: number;
  vFCPSTRet: number;
  vProd: number;
  vFrete: number;
  vSeg: number;
  vDesc: number;
  vII: number;
  vIPI: number;
  vIPIDevol: number;
  vPIS: number;
  vCOFINS: number;
  vOutro: number;
  vNF: number;
  vTotTrib: number;
  ibsCbs?: { vBCIBSCBS: number; vIBSUF: number; vIBSMun: number; vIBS: number; vCBS: number };
  /** ICMS monofásico totals (ICMSTot qBCMono…vICMSMonoRet), when any item is CST 02/15/53/61. */
  monofasico?: {
    qBCMono: number;
    vICMSMono: number;
    qBCMonoReten: number;
    vICMSMonoReten: number;
    qBCMonoRet: number;
    vICMSMonoRet: number;
  };
}

export interface ResultadoTributos {
  idDest: 1 | 2 | 3;
  /** indFinal of the note (consumidorFinalDaOperacao). */
  consumidorFinal: boolean;
  itens: ItemCalculado[];
  totais: TotaisCalculados;
}
