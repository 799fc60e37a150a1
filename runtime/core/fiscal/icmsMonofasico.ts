import { roundMoney } from '../roundMoney.ts';
import { ErroTributario } from './ErroTributario.ts';
import type { IcmsCalculado, RegraIcms } from './tributacaoTipos.ts';

/** CSTs of the ICMS monofásico on fuels (LC 192/2022; Convênios ICMS 199/2022 and 15/2023; NT 2023.001). */
export const CST_MONOFASICO = new Set(['02', '15', '53', '61']);

const round4 = (value: number) => Math.round(value * 10_000) / 10_000;

function taxa(valor: number | null | undefined, numeroItem: number, cst: string, campo: string): number {
  const numero = Number(valor ?? 0);
  if (!(numero > 0))
    throw new ErroTributario(
      'ICMS_MONOFASICO_SEM_AD_REM',
      `Item ${numeroItem}: o CST ${cst} (ICMS monofásico sobre combustíveis) exige ${campo} (R$ por unidade) na tributação estadual.`,
    );
  return numero;
}

/**
 * The ad rem ICMS of one fuel item: the rate in reais per unit (adRemICMS) times the quantity (qBCMono), each
 * value rounded to cents on its own.
 * - 02 tributação monofásica própria: vICMSMono = qBCMono × adRemICMS;
 * - 15 própria e com retenção: also vICMSMonoReten = qBCMonoReten × adRemICMSReten (the buyer's part);
 * - 53 com recolhimento diferido: vICMSMonoOp = qBCMono × adRemICMS, vICMSMonoDif = vICMSMonoOp × pDif,
 *   vICMSMono = vICMSMonoOp − vICMSMonoDif;
 * - 61 cobrada anteriormente: vICMSMonoRet = qBCMonoRet × adRemICMSRet (informational).
 * None of them enters vNF (MOC W16 has no monofásico term): the tax is inside the price, like the own ICMS.
 */
export function calcularIcmsMonofasico(
  cst: string,
  regra: RegraIcms,
  quantidade: number,
  numeroItem: number,
): Pick<IcmsCalculado, 'monofasico' | 'monofasicoRetido'> {
  const q = round4(quantidade);
  const adRem = taxa(regra.adRem, numeroItem, cst, 'a alíquota ad rem do ICMS');
  const valor = roundMoney(q * adRem);
  if (cst === '61') return { monofasicoRetido: { qBCMonoRet: q, adRemICMSRet: adRem, vICMSMonoRet: valor } };
  if (cst === '53') {
    const pDif = Number(regra.percentualDiferimento ?? 0);
    if (!(pDif > 0 && pDif <= 100))
      throw new ErroTributario(
        'ICMS_SEM_DIFERIMENTO',
        `Item ${numeroItem}: o CST 53 (ICMS monofásico diferido) exige o percentual do diferimento (de 0,01 a 100) na tributação estadual.`,
      );
    const vICMSMonoDif = roundMoney((valor * pDif) / 100);
    return {
      monofasico: {
        qBCMono: q,
        adRemICMS: adRem,
        vICMSMonoOp: valor,
        pDif,
        vICMSMonoDif,
        vICMSMono: roundMoney(valor - vICMSMonoDif),
      },
    };
  }
  const monofasico: NonNullable<IcmsCalculado['monofasico']> = {
    qBCMono: q,
    adRemICMS: adRem,
    vICMSMono: valor,
  };
  if (cst === '15') {
    const adRemReten = taxa(regra.adRemRetencao, numeroItem, cst, 'a alíquota ad rem do ICMS retido');
    monofasico.qBCMonoReten = q;
    monofasico.adRemICMSReten = adRemReten;
    monofasico.vICMSMonoReten = roundMoney(q * adRemReten);
  }
  return { monofasico };
}
