import { roundMoney } from '../roundMoney.ts';
import { calcularIcms } from './calcularIcms.ts';
import { cfopPorDestino } from './cfopPorDestino.ts';
import { consumidorFinalDaOperacao } from './consumidorFinalDaOperacao.ts';
import { difalDevido } from './difalDevido.ts';
import { ErroTributario } from './ErroTributario.ts';
import type {
  EntradaTributos,
  ItemCalculado,
  ItemTributavel,
  RegraIbsCbs,
  ResultadoTributos,
  TotaisCalculados,
} from './tributacaoTipos.ts';

/** IBS/CBS of the 2026 test year: CBS 0,9 %, IBS-UF 0,1 %, IBS-Mun 0 % (LC 214/2025 art. 343–346). */
export const IBS_CBS_2026: RegraIbsCbs = {
  cst: '000',
  cClassTrib: '000001',
  aliquotaCbs: 0.9,
  aliquotaIbsUf: 0.1,
  aliquotaIbsMun: 0,
};

const IPI_TRIBUTADO = new Set(['00', '49', '50', '99']);
const PIS_COFINS_ALIQUOTA = new Set(['01', '02']);
const PIS_COFINS_NT = new Set(['04', '05', '06', '07', '08', '09']);
/** orig that are imported goods for the IBPT federal rate (1, 2, 6, 7). */
const ORIGEM_IMPORTADA = new Set([1, 2, 6, 7]);

const somar = (itens: ItemCalculado[], valor: (item: ItemCalculado) => number) =>
  roundMoney(itens.reduce((soma, item) => soma + valor(item), 0));

function idDestino(entrada: EntradaTributos): 1 | 2 | 3 {
  if (entrada.destinatario.uf === 'EX') return 3;
  return entrada.destinatario.uf === entrada.emitente.uf ? 1 : 2;
}

function validarItem(item: ItemTributavel): void {
  if (!/^[0-9]{8}$/.test(item.produto.ncm.replace(/\D/g, '')))
    throw new ErroTributario(
      'PRODUTO_SEM_NCM',
      `Item ${item.numeroItem}: o produto não tem NCM válido (8 dígitos). Informe o NCM no cadastro do produto.`,
    );
  if (!/^[1-7][0-9]{3}$/.test(item.cfop))
    throw new ErroTributario(
      'ITEM_SEM_CFOP',
      `Item ${item.numeroItem}: o CFOP "${item.cfop}" não é válido. Informe o CFOP no perfil tributário do produto.`,
    );
  if (!(item.quantidade > 0))
    throw new ErroTributario(
      'ITEM_SEM_QUANTIDADE',
      `Item ${item.numeroItem}: informe uma quantidade maior que zero.`,
    );
}

function calcularItem(
  entrada: EntradaTributos,
  item: ItemTributavel,
  idDest: 1 | 2 | 3,
  consumidorFinal: boolean,
  ibsCbs: RegraIbsCbs | null,
): ItemCalculado {
  validarItem(item);
  const { emitente, destinatario } = entrada;
  const simplesNacional = emitente.crt === 1 || emitente.crt === 4;
  const vProd = roundMoney(item.quantidade * item.valorUnitario);
  const vDesc = roundMoney(item.valorDesconto ?? 0);
  const vFrete = roundMoney(item.valorFrete ?? 0);
  const vSeg = roundMoney(item.valorSeguro ?? 0);
  const vOutro = roundMoney(item.valorOutras ?? 0);
  if (vDesc > vProd)
    throw new ErroTributario(
      'ITEM_DESCONTO_MAIOR',
      `Item ${item.numeroItem}: o desconto (${vDesc.toFixed(2)}) é maior que o valor do produto (${vProd.toFixed(2)}).`,
    );
  const valorOperacao = roundMoney(vProd + vFrete + vSeg + vOutro - vDesc);

  const { federal } = item;
  let ipi: ItemCalculado['ipi'];
  if (federal.cstIpi) {
    const tributado = IPI_TRIBUTADO.has(federal.cstIpi);
    const pIPI = tributado ? Number(federal.aliquotaIpi ?? 0) : 0;
    const vBC = tributado ? valorOperacao : 0;
    ipi = {
      cst: federal.cstIpi,
      cEnq: federal.enquadramentoIpi || '999',
      vBC,
      pIPI,
      vIPI: roundMoney((vBC * pIPI) / 100),
    };
  }
  const vIPI = ipi?.vIPI ?? 0;

  const difal = difalDevido({
    modelo: entrada.modelo,
    idDest,
    consumidorFinal,
    indIEDest: destinatario.indIEDest,
    simplesNacional,
  });
  const icms = calcularIcms(item.icms, {
    numeroItem: item.numeroItem,
    origem: item.produto.origem,
    simplesNacional,
    idDest,
    difal,
    valorOperacao,
    vIPI,
    ipiNaBase: consumidorFinal,
    aliquotaCreditoSimples: Number(emitente.aliquotaCreditoSimples ?? 0),
    quantidade: item.quantidade,
    quantidadeMonofasica: item.quantidadeMonofasica ?? item.quantidade,
    stRetido: item.stRetido ?? null,
  });

  // PIS/COFINS over the operation without the ICMS destacado (STF Tema 69, RE 574.706).
  const basePisCofins = roundMoney(valorOperacao - icms.vICMS);
  const pisCofins = (cst: string, aliquota: number) => {
    if (PIS_COFINS_NT.has(cst)) return { cst, vBC: 0, p: 0, v: 0 };
    const p = Number(aliquota ?? 0);
    const vBC = PIS_COFINS_ALIQUOTA.has(cst) || p > 0 ? basePisCofins : 0;
    return { cst, vBC, p, v: roundMoney((vBC * p) / 100) };
  };
  const pis = pisCofins(federal.cstPis, federal.aliquotaPis);
  const cofins = pisCofins(federal.cstCofins, federal.aliquotaCofins);

  let ibsCbsItem: ItemCalculado['ibsCbs'];
  if (ibsCbs) {
    // NT 2025.002 v1.30 rule UB16-10: vProd + vFrete + vSeg + vOutro − vDesc − vPIS − vCOFINS − vICMS
    // − vICMSUFDest − vFCPUFDest − vICMSMono (no vServ, vII, vFCP, vISSQN or IS in these notes).
    const vBC = roundMoney(
      valorOperacao -
        icms.vICMS -
        (icms.monofasico?.vICMSMono ?? 0) -
        (icms.difal?.vICMSUFDest ?? 0) -
        (icms.difal?.vFCPUFDest ?? 0) -
        pis.v -
        cofins.v,
    );
    const vIBSUF = roundMoney((vBC * ibsCbs.aliquotaIbsUf) / 100);
    const vIBSMun = roundMoney((vBC * ibsCbs.aliquotaIbsMun) / 100);
    ibsCbsItem = {
      cst: ibsCbs.cst,
      cClassTrib: ibsCbs.cClassTrib,
      vBC,
      pIBSUF: ibsCbs.aliquotaIbsUf,
      vIBSUF,
      pIBSMun: ibsCbs.aliquotaIbsMun,
      vIBSMun,
      vIBS: roundMoney(vIBSUF + vIBSMun),
      pCBS: ibsCbs.aliquotaCbs,
      vCBS: roundMoney((vBC * ibsCbs.aliquotaCbs) / 100),
    };
  }

  const ibpt = item.ibpt;
  const aliquotaIbpt = ibpt
    ? (ORIGEM_IMPORTADA.has(item.produto.origem) ? ibpt.importadosFederal : ibpt.nacionalFederal) +
      ibpt.estadual +
      ibpt.municipal
    : 0;
  const vST = icms.st?.vICMSST ?? 0;
  const vFCPST = icms.st?.vFCPST ?? 0;
  return {
    numeroItem: item.numeroItem,
    cfop: cfopPorDestino(item.cfop, entrada.natureza.tipoOperacao, idDest),
    vProd,
    vDesc,
    vFrete,
    vSeg,
    vOutro,
    icms,
    ...(ipi ? { ipi } : {}),
    pis: { cst: pis.cst, vBC: pis.vBC, pPIS: pis.p, vPIS: pis.v },
    cofins: { cst: cofins.cst, vBC: cofins.vBC, pCOFINS: cofins.p, vCOFINS: cofins.v },
    ...(ibsCbsItem ? { ibsCbs: ibsCbsItem } : {}),
    vTotTrib: roundMoney(((vProd - vDesc) * aliquotaIbpt) / 100),
    vItem: roundMoney(valorOperacao + vST + vFCPST + vIPI),
  };
}

/**
 * The tax engine: per item CFOP, ICMS (own, reduction, ST with MVA ajustada, DIFAL + FCP), IPI, PIS,
 * COFINS, IBS/CBS (2026 test rates, informational), the approximate taxes of Lei 12.741 and the ICMSTot
 * totals. Rounding: each item value is rounded to cents (half away from zero, roundMoney) where it is
 * computed; every total is the sum of the rounded item values, so the totals always match the items
 * (SEFAZ rejects a total that differs from the sum of its items).
 */
export function calcularTributosNota(entrada: EntradaTributos): ResultadoTributos {
  if (entrada.itens.length === 0)
    throw new ErroTributario('NOTA_SEM_ITENS', 'A nota não tem itens. Inclua ao menos um produto.');
  if (entrada.itens.length > 990)
    throw new ErroTributario(
      'NOTA_ITENS_DEMAIS',
      'Uma NF-e aceita no máximo 990 itens. Divida a venda em mais notas.',
    );
  const idDest = idDestino(entrada);
  const consumidorFinal = consumidorFinalDaOperacao({
    modelo: entrada.modelo,
    naturezaConsumidorFinal: entrada.natureza.consumidorFinal,
    destinatario: entrada.destinatario,
  });
  if (entrada.modelo === 65 && idDest !== 1)
    throw new ErroTributario(
      'NFCE_INTERESTADUAL',
      'A NFC-e só pode ser emitida em operação interna. Para um destinatário de outra UF emita uma NF-e (modelo 55).',
    );
  const regimeNormal = entrada.emitente.crt === 3;
  const ibsCbs = entrada.ibsCbs === undefined ? (regimeNormal ? IBS_CBS_2026 : null) : entrada.ibsCbs;
  const itens = entrada.itens.map((item) => calcularItem(entrada, item, idDest, consumidorFinal, ibsCbs));
  const totais: TotaisCalculados = {
    vBC: somar(itens, (item) => item.icms.vBC),
    vICMS: somar(itens, (item) => item.icms.vICMS),
    vICMSDeson: 0,
    vFCPUFDest: somar(itens, (item) => item.icms.difal?.vFCPUFDest ?? 0),
    vICMSUFDest: somar(itens, (item) => item.icms.difal?.vICMSUFDest ?? 0),
    vICMSUFRemet: somar(itens, (item) => item.icms.difal?.vICMSUFRemet ?? 0),
    vFCP: 0,
    vBCST: somar(itens, (item) => item.icms.st?.vBCST ?? 0),
    vST: somar(itens, (item) => item.icms.st?.vICMSST ?? 0),
    vFCPST: somar(itens, (item) => item.icms.st?.vFCPST ?? 0),
    vFCPSTRet: 0,
    vProd: somar(itens, (item) => item.vProd),
    vFrete: somar(itens, (item) => item.vFrete),
    vSeg: somar(itens, (item) => item.vSeg),
    vDesc: somar(itens, (item) => item.vDesc),
    vII: 0,
    vIPI: somar(itens, (item) => item.ipi?.vIPI ?? 0),
    vIPIDevol: 0,
    vPIS: somar(itens, (item) => item.pis.vPIS),
    vCOFINS: somar(itens, (item) => item.cofins.vCOFINS),
    vOutro: somar(itens, (item) => item.vOutro),
    vNF: 0,
    vTotTrib: somar(itens, (item) => item.vTotTrib),
  };
  // vNF (MOC 4.00, W16): vProd − vDesc − vICMSDeson + vST + vFCPST + vFrete + vSeg + vOutro + vII + vIPI + vIPIDevol.
  totais.vNF = roundMoney(
    totais.vProd -
      totais.vDesc -
      totais.vICMSDeson +
      totais.vST +
      totais.vFCPST +
      totais.vFrete +
      totais.vSeg +
      totais.vOutro +
      totais.vII +
      totais.vIPI +
      totais.vIPIDevol,
  );
  if (itens.some((item) => item.icms.monofasico || item.icms.monofasicoRetido)) {
    const quantidade = (valor: (item: ItemCalculado) => number | undefined) =>
      Math.round(itens.reduce((soma, item) => soma + (valor(item) ?? 0), 0) * 100) / 100;
    totais.monofasico = {
      qBCMono: quantidade((item) => item.icms.monofasico?.qBCMono),
      vICMSMono: somar(itens, (item) => item.icms.monofasico?.vICMSMono ?? 0),
      qBCMonoReten: quantidade((item) => item.icms.monofasico?.qBCMonoReten),
      vICMSMonoReten: somar(itens, (item) => item.icms.monofasico?.vICMSMonoReten ?? 0),
      qBCMonoRet: quantidade((item) => item.icms.monofasicoRetido?.qBCMonoRet),
      vICMSMonoRet: somar(itens, (item) => item.icms.monofasicoRetido?.vICMSMonoRet ?? 0),
    };
  }
  if (ibsCbs) {
    totais.ibsCbs = {
      vBCIBSCBS: somar(itens, (item) => item.ibsCbs?.vBC ?? 0),
      vIBSUF: somar(itens, (item) => item.ibsCbs?.vIBSUF ?? 0),
      vIBSMun: somar(itens, (item) => item.ibsCbs?.vIBSMun ?? 0),
      vIBS: somar(itens, (item) => item.ibsCbs?.vIBS ?? 0),
      vCBS: somar(itens, (item) => item.ibsCbs?.vCBS ?? 0),
    };
  }
  return { idDest, consumidorFinal, itens, totais };
}
