/** One item of POST /api/NotasFiscais/{id}/previa as the screen reads it (the answer has more). */
export interface ItemPrevia {
  numeroItem: number;
  descricao?: string;
  ncm?: string;
  cfop: string;
  vProd: number;
  vDesc: number;
  vItem: number;
  vTotTrib: number;
  icms: {
    cst?: string;
    csosn?: string;
    vBC: number;
    pICMS: number;
    vICMS: number;
    st?: { vBCST: number; pICMSST: number; vICMSST: number; vFCPST: number };
    difal?: { vICMSUFDest: number; vFCPUFDest: number };
  };
  ipi?: { cst: string; vIPI: number };
  pis: { cst: string; vPIS: number };
  cofins: { cst: string; vCOFINS: number };
  ibsCbs?: { cst: string; vIBS: number; vCBS: number };
}

/** A row of the emission screen's items-and-taxes table. */
export interface LinhaPrevia {
  numeroItem: number;
  descricao: string;
  ncm: string;
  cfop: string;
  /** CST of the ICMS (regime normal) or CSOSN (Simples Nacional), with its origin-less code. */
  cst: string;
  base: number;
  aliquota: number;
  icms: number;
  st: number;
  ipi: number;
  pis: number;
  cofins: number;
  ibsCbs: number;
  total: number;
}

const soma = (...valores: Array<number | undefined>) =>
  Math.round(valores.reduce<number>((total, valor) => total + (valor ?? 0), 0) * 100) / 100;

/**
 * The preview's items as table rows: CST or CSOSN, the ICMS base, rate and value, the ST (with its FCP), IPI,
 * PIS, COFINS and IBS + CBS (2026, informational) of each item, and the item's total.
 */
export function linhasPrevia(itens: ItemPrevia[]): LinhaPrevia[] {
  return itens.map((item) => ({
    numeroItem: item.numeroItem,
    descricao: item.descricao ?? '',
    ncm: item.ncm ?? '',
    cfop: item.cfop,
    cst: item.icms.cst ?? (item.icms.csosn ? `CSOSN ${item.icms.csosn}` : ''),
    base: item.icms.vBC,
    aliquota: item.icms.pICMS,
    icms: item.icms.vICMS,
    st: soma(item.icms.st?.vICMSST, item.icms.st?.vFCPST),
    ipi: item.ipi?.vIPI ?? 0,
    pis: item.pis.vPIS,
    cofins: item.cofins.vCOFINS,
    ibsCbs: soma(item.ibsCbs?.vIBS, item.ibsCbs?.vCBS),
    total: item.vItem,
  }));
}
