import { roundMoney } from '../roundMoney.ts';
import { ErroTributario } from './ErroTributario.ts';
import { CST_MONOFASICO, calcularIcmsMonofasico } from './icmsMonofasico.ts';
import { calcularStRetido } from './icmsStRetido.ts';
import type { IcmsCalculado, RegraIcms, StRetidoEntrada } from './tributacaoTipos.ts';

export interface ContextoIcms {
  numeroItem: number;
  origem: number;
  /** Regime normal (CRT 2/3) uses CST; Simples Nacional (CRT 1/4) uses CSOSN. */
  simplesNacional: boolean;
  idDest: 1 | 2 | 3;
  /** DIFAL + FCP to the destination UF: NF-e, interstate, final consumer, não contribuinte. */
  difal: boolean;
  /** vProd + vFrete + vSeg + vOutro − vDesc. */
  valorOperacao: number;
  vIPI: number;
  /** IPI enters the ICMS base when the buyer is the final consumer (CF art. 155 §2 XI). */
  ipiNaBase: boolean;
  aliquotaCreditoSimples: number;
  /** The item's quantity (qCom). */
  quantidade: number;
  /** qBCMono of CST 02/15/53/61. */
  quantidadeMonofasica: number;
  /** CST 60 / CSOSN 500: the ST retained before, when known. */
  stRetido?: StRetidoEntrada | null;
}

const CST_PROPRIO = new Set(['00', '10', '20', '51', '70', '90']);
const CST_COM_REDUCAO = new Set(['20', '51', '70', '90']);
const CST_ST = new Set(['10', '70', '90']);
const CST_SEM_VALOR = new Set(['40', '41', '50', '60']);
const CSOSN_CREDITO = new Set(['101', '201', '900']);
const CSOSN_ST = new Set(['201', '202', '203', '900']);
const CSOSN_SEM_VALOR = new Set(['101', '102', '103', '300', '400', '500']);
const ALIQUOTAS_INTERESTADUAIS = new Set([4, 7, 12]);

const pct = (value: number | null | undefined) => Number(value ?? 0);
/** Percentages computed by the engine (MVA ajustada) keep 4 decimals, the most pMVAST accepts. */
const round4 = (value: number) => Math.round(value * 10_000) / 10_000;

/**
 * MVA ajustada of an interstate operation (Convênio ICMS 142/2018, cl. 9ª §1º):
 * [(1 + MVA) × (1 − ALQ inter) / (1 − ALQ intra)] − 1; the original MVA when ALQ inter ≥ ALQ intra (§2º).
 */
export function mvaAjustada(mva: number, aliquotaInter: number, aliquotaIntra: number): number {
  if (aliquotaInter >= aliquotaIntra) return mva;
  return round4((((1 + mva / 100) * (1 - aliquotaInter / 100)) / (1 - aliquotaIntra / 100)) * 100 - 100);
}

/**
 * ICMS of one item (own, ST with MVA, DIFAL + FCP) by its rule. Every value is rounded to cents on its own
 * (roundMoney, half away from zero), as the NF-e carries it; the ST owed is computed from the rounded own ICMS.
 */
export function calcularIcms(regra: RegraIcms, contexto: ContextoIcms): IcmsCalculado {
  const { numeroItem, simplesNacional } = contexto;
  const codigo = simplesNacional ? regra.csosn : regra.cst;
  if (!codigo)
    throw new ErroTributario(
      'ICMS_SEM_CST',
      `Item ${numeroItem}: a tributação estadual não informa o ${simplesNacional ? 'CSOSN (Simples Nacional)' : 'CST do ICMS (regime normal)'}. Complete a tributação estadual do perfil tributário do produto.`,
    );
  const conhecido = simplesNacional
    ? CSOSN_CREDITO.has(codigo) || CSOSN_ST.has(codigo) || CSOSN_SEM_VALOR.has(codigo)
    : CST_PROPRIO.has(codigo) || CST_SEM_VALOR.has(codigo) || CST_MONOFASICO.has(codigo);
  if (!conhecido)
    throw new ErroTributario(
      'ICMS_CST_NAO_SUPORTADO',
      `Item ${numeroItem}: o ${simplesNacional ? 'CSOSN' : 'CST'} ${codigo} ainda não é calculado pela emissão (use ${simplesNacional ? '101, 102, 103, 201, 202, 203, 300, 400, 500 ou 900' : '00, 02, 10, 15, 20, 40, 41, 50, 51, 53, 60, 61, 70 ou 90'}).`,
    );

  const resultado: IcmsCalculado = {
    orig: contexto.origem,
    ...(simplesNacional ? { csosn: codigo } : { cst: codigo }),
    vBC: 0,
    pRedBC: 0,
    pICMS: 0,
    vICMS: 0,
    pCredSN: 0,
    vCredICMSSN: 0,
  };
  const aliquota = pct(regra.aliquota);
  const base = contexto.valorOperacao + (contexto.ipiNaBase ? contexto.vIPI : 0);
  const reducao = !simplesNacional && CST_COM_REDUCAO.has(codigo) ? pct(regra.reducaoBase) : 0;
  const baseReduzida = roundMoney(base * (1 - reducao / 100));
  const icmsProprio = roundMoney((baseReduzida * aliquota) / 100);

  const temProprio = simplesNacional ? codigo === '900' : CST_PROPRIO.has(codigo);
  if (temProprio) {
    resultado.modBC = regra.modalidadeBc ?? 3;
    resultado.vBC = baseReduzida;
    resultado.pRedBC = reducao;
    resultado.pICMS = aliquota;
    resultado.vICMS = icmsProprio;
  }
  if (!simplesNacional && codigo === '51') {
    // Diferimento (MOC N16a–N16c): vICMSOp = vBC × pICMS; vICMSDif = vICMSOp × pDif; vICMS = vICMSOp − vICMSDif.
    const pDif = regra.percentualDiferimento;
    if (pDif === null || pDif === undefined || !(pDif >= 0 && pDif <= 100))
      throw new ErroTributario(
        'ICMS_SEM_DIFERIMENTO',
        `Item ${numeroItem}: o CST 51 (diferimento) exige o percentual do diferimento (0 a 100) na tributação estadual.`,
      );
    const vICMSDif = roundMoney((icmsProprio * pDif) / 100);
    resultado.diferimento = { vICMSOp: icmsProprio, pDif: Number(pDif), vICMSDif };
    resultado.vICMS = roundMoney(icmsProprio - vICMSDif);
  }
  if (!simplesNacional && CST_MONOFASICO.has(codigo))
    Object.assign(
      resultado,
      calcularIcmsMonofasico(codigo, regra, contexto.quantidadeMonofasica, numeroItem),
    );
  if (contexto.stRetido && (simplesNacional ? codigo === '500' : codigo === '60'))
    resultado.stRetido = calcularStRetido(contexto.stRetido, contexto.quantidade);
  if (simplesNacional && CSOSN_CREDITO.has(codigo) && contexto.aliquotaCreditoSimples > 0) {
    resultado.pCredSN = contexto.aliquotaCreditoSimples;
    resultado.vCredICMSSN = roundMoney((contexto.valorOperacao * contexto.aliquotaCreditoSimples) / 100);
  }

  const temSt = simplesNacional ? CSOSN_ST.has(codigo) : CST_ST.has(codigo);
  const stObrigatoria = temSt && !(codigo === '90' || codigo === '900');
  const stConfigurada = regra.modalidadeBcSt !== null && regra.modalidadeBcSt !== undefined;
  if (stObrigatoria && !stConfigurada)
    throw new ErroTributario(
      'ICMS_ST_SEM_MODALIDADE',
      `Item ${numeroItem}: o ${simplesNacional ? 'CSOSN' : 'CST'} ${codigo} cobra ICMS por substituição tributária, mas a tributação estadual não informa a modalidade da base do ICMS ST. Informe a modalidade e a MVA.`,
    );
  if (temSt && stConfigurada) {
    const interna = regra.aliquotaInternaDestino ?? aliquota;
    const mvaOriginal = pct(regra.mvaSt);
    const mva =
      contexto.idDest === 2 && regra.ajustarMva !== false
        ? mvaAjustada(mvaOriginal, aliquota, interna)
        : mvaOriginal;
    const reducaoSt = pct(regra.reducaoBaseSt);
    // IPI always enters the ST base (Convênio ICMS 142/2018, cl. 13ª).
    const vBCST = roundMoney(
      (contexto.valorOperacao + contexto.vIPI) * (1 + mva / 100) * (1 - reducaoSt / 100),
    );
    const vICMSST = Math.max(0, roundMoney((vBCST * interna) / 100 - icmsProprio));
    const pFCPST = pct(regra.aliquotaFcp);
    resultado.st = {
      modBCST: Number(regra.modalidadeBcSt),
      pMVAST: mva,
      pRedBCST: reducaoSt,
      vBCST,
      pICMSST: interna,
      vICMSST,
      vBCFCPST: pFCPST > 0 ? vBCST : 0,
      pFCPST,
      vFCPST: pFCPST > 0 ? roundMoney((vBCST * pFCPST) / 100) : 0,
    };
  }

  if (contexto.difal && !simplesNacional && temProprio) {
    if (!ALIQUOTAS_INTERESTADUAIS.has(aliquota))
      throw new ErroTributario(
        'ICMS_ALIQUOTA_INTERESTADUAL',
        `Item ${numeroItem}: numa venda interestadual a consumidor final não contribuinte a alíquota do ICMS deve ser a interestadual (4 %, 7 % ou 12 %), não ${aliquota} %. Corrija a tributação estadual da UF de destino.`,
      );
    if (regra.aliquotaInternaDestino === null || regra.aliquotaInternaDestino === undefined)
      throw new ErroTributario(
        'ICMS_SEM_ALIQUOTA_DESTINO',
        `Item ${numeroItem}: informe a alíquota interna da UF de destino na tributação estadual; ela é necessária para o DIFAL da venda a consumidor final não contribuinte.`,
      );
    const interna = pct(regra.aliquotaInternaDestino);
    const fcp = pct(regra.aliquotaFcp);
    const vBCUFDest = baseReduzida;
    resultado.difal = {
      vBCUFDest,
      vBCFCPUFDest: vBCUFDest,
      pFCPUFDest: fcp,
      pICMSUFDest: interna,
      pICMSInter: aliquota,
      // Since 2019 the whole difference belongs to the destination UF (EC 87/2015, ADCT art. 99).
      pICMSInterPart: 100,
      vFCPUFDest: roundMoney((vBCUFDest * fcp) / 100),
      vICMSUFDest: Math.max(0, roundMoney((vBCUFDest * (interna - aliquota)) / 100)),
      vICMSUFRemet: 0,
    };
  }
  return resultado;
}
