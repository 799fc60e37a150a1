import type { paths } from '../../../../../generated/api.d.ts';

const base = '/api/Lancamentos/conciliacao-ofx';
export type Conta =
  paths[`${typeof base}/contas`]['get']['responses']['200']['content']['application/json'][number];
export type Sugestao =
  paths[`${typeof base}/sugestoes`]['post']['responses']['200']['content']['application/json']['itens'][number];

/** A calendar date AAAA-MM-DD as dd/mm/aaaa (no time zone involved). */
export const formatIsoDate = (iso: string) => iso.slice(0, 10).split('-').reverse().join('/');
