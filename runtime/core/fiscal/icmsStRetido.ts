import { roundMoney } from '../roundMoney.ts';
import type { IcmsCalculado, StRetidoEntrada } from './tributacaoTipos.ts';

/**
 * The ST retained on an earlier step, as a CST 60 / CSOSN 500 item informs it (MOC 4.00 N26–N27a; NT 2016.002
 * v1.60): vBCSTRet = base per unit × quantity, vICMSSubstituto = the substituto's own ICMS per unit × quantity,
 * vICMSSTRet = vBCSTRet × pST − vICMSSubstituto (never below zero). Informational: not part of vNF.
 */
export function calcularStRetido(
  retido: StRetidoEntrada,
  quantidade: number,
): NonNullable<IcmsCalculado['stRetido']> {
  const vBCSTRet = roundMoney(retido.baseUnitaria * quantidade);
  const vICMSSubstituto = roundMoney(Number(retido.icmsProprioUnitario ?? 0) * quantidade);
  const pST = Number(retido.aliquota);
  return {
    vBCSTRet,
    pST,
    vICMSSubstituto,
    vICMSSTRet: Math.max(0, roundMoney((vBCSTRet * pST) / 100 - vICMSSubstituto)),
  };
}
