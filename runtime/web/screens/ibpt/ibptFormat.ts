import type { components } from '../../../../generated/api.d.ts';

export type IbptNcmTabela = components['schemas']['IbptNcmTabela'];
export type IbptNcm = components['schemas']['IbptNcm'];
export type IbptCest = components['schemas']['IbptCest'];
export type IbptCestImportacao = components['schemas']['IbptCestImportacao'];

/** A rate in percent as a Brazilian reads it: 13,45%. */
export function formatPercent(value: number): string {
  return `${value.toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}%`;
}

/** An NCM/SH position with its dots: 22011000 → 2201.10.00, 391721 → 3917.21, 3917 → 3917. */
export function formatNcm(ncm: string): string {
  return ncm.length > 4 ? [ncm.slice(0, 4), ncm.slice(4, 6), ncm.slice(6)].filter(Boolean).join('.') : ncm;
}

/** A CEST with its dots: 0300100 → 03.001.00. */
export function formatCest(cest: string): string {
  return `${cest.slice(0, 2)}.${cest.slice(2, 5)}.${cest.slice(5)}`;
}

/** The kind of code of an IBPT line (coluna "tipo"). */
export const TIPO_LABELS = ['NCM', 'NBS', 'LC 116'] as const;
