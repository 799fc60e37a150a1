import { roundMoney } from '../roundMoney.ts';
import { roundTo } from './roundTo.ts';

/** The empresa's tax regime (CRT): it decides which purchase taxes are credited (recoverable). */
export type RegimeTributario = 'simples' | 'presumido' | 'real';

/** Which taxes of a purchase the empresa recovers as a credit; an explicit setting overrides the regime. */
export interface Recuperaveis {
  icms: boolean;
  pisCofins: boolean;
  ipi: boolean;
}

/** One purchased line with its share of the invoice's expenses and taxes (values of the line, not unit). */
export interface ItemAquisicao {
  quantidade: number;
  valorProdutos: number;
  desconto?: number;
  frete?: number;
  seguro?: number;
  outrasDespesas?: number;
  ipi?: number;
  icmsSt?: number;
  icms?: number;
  pis?: number;
  cofins?: number;
}

/** The line's acquisition cost and what was left out of it as a tax credit. */
export interface CustoAquisicao {
  custoTotal: number;
  custoUnitario: number;
  creditos: { icms: number; pis: number; cofins: number; ipi: number };
}

/**
 * Default credits per regime: Simples Nacional takes no credit; lucro presumido credits ICMS (PIS/COFINS
 * are cumulative); lucro real credits ICMS and non-cumulative PIS/COFINS. IPI is credited only by an IPI
 * taxpayer (an industry), so it is off by default and set per empresa.
 */
export function recuperaveisDoRegime(
  regime: RegimeTributario,
  ajustes: Partial<Recuperaveis> = {},
): Recuperaveis {
  const base: Recuperaveis =
    regime === 'simples'
      ? { icms: false, pisCofins: false, ipi: false }
      : regime === 'presumido'
        ? { icms: true, pisCofins: false, ipi: false }
        : { icms: true, pisCofins: true, ipi: false };
  return { ...base, ...ajustes };
}

/**
 * Credits of an empresa by its regime (empresa.regime, spec 001 §3.1 codes: 1 Simples Nacional, 2 lucro
 * real, 3 lucro presumido, 4 Simples with revenue over the sublimit, 5 MEI; missing or unknown counts as
 * lucro real). Over the sublimit the ICMS is paid by the normal rules, so it is credited. `recuperaIpi`: the
 * empresa is an IPI taxpayer (configuração geral).
 */
export function recuperaveisDaEmpresa(regime: number | null | undefined, recuperaIpi = false): Recuperaveis {
  const ipi = { ipi: recuperaIpi };
  if (regime === 1 || regime === 5) return recuperaveisDoRegime('simples', ipi);
  if (regime === 4) return recuperaveisDoRegime('simples', { ...ipi, icms: true });
  if (regime === 3) return recuperaveisDoRegime('presumido', ipi);
  return recuperaveisDoRegime('real', ipi);
}

/**
 * Acquisition cost of a purchased line per CPC 16 (§10–11): purchase price less trade discounts, plus
 * freight, insurance and other acquisition costs, plus the taxes not recoverable; recoverable taxes (a
 * credit the empresa takes) are left out. ICMS-ST is never credited by the buyer and always goes in.
 * Cost in cents; unit cost to 6 places (the average's precision). 422-worthy input (quantity ≤ 0, negative
 * values) throws a RangeError that callers turn into a pt-BR message.
 */
export function custoAquisicao(item: ItemAquisicao, recuperaveis: Recuperaveis): CustoAquisicao {
  if (!(item.quantidade > 0)) throw new RangeError('quantidade deve ser maior que zero');
  const v = (value: number | undefined) => {
    const n = value ?? 0;
    if (!(n >= 0)) throw new RangeError('valores não podem ser negativos');
    return n;
  };
  const creditos = {
    icms: recuperaveis.icms ? v(item.icms) : 0,
    pis: recuperaveis.pisCofins ? v(item.pis) : 0,
    cofins: recuperaveis.pisCofins ? v(item.cofins) : 0,
    ipi: recuperaveis.ipi ? v(item.ipi) : 0,
  };
  // ICMS, PIS and COFINS are inside the price (por dentro): a credit is taken out of it. IPI and ST are
  // added to the invoice (por fora): a non-recoverable one goes in.
  const custoTotal = roundMoney(
    v(item.valorProdutos) -
      v(item.desconto) +
      v(item.frete) +
      v(item.seguro) +
      v(item.outrasDespesas) +
      v(item.icmsSt) +
      (recuperaveis.ipi ? 0 : v(item.ipi)) -
      creditos.icms -
      creditos.pis -
      creditos.cofins,
  );
  return { custoTotal, custoUnitario: roundTo(custoTotal / item.quantidade, 6), creditos };
}
