import type { paths } from '../../../../../generated/api.d.ts';

const base = '/api/Boletos/retorno';
export type Gateway =
  paths[`${typeof base}/gateways`]['get']['responses']['200']['content']['application/json'][number];
export type Previa =
  paths[`${typeof base}/previa`]['post']['responses']['200']['content']['application/json'];
export type ItemRetorno = Previa['itens'][number];
export type Resultado =
  paths[`${typeof base}/aplicar`]['post']['responses']['200']['content']['application/json'];

/** A calendar date AAAA-MM-DD as dd/mm/aaaa (no time zone involved); a dash when absent. */
export const formatIsoDate = (iso: string | null | undefined) =>
  iso ? iso.slice(0, 10).split('-').reverse().join('/') : '—';

/** Occurrences the confirmation will process (everything not processed before). */
export const pendentes = (previa: Previa | null) =>
  (previa?.itens ?? []).filter((item) => item.acao !== 'jaProcessado');
