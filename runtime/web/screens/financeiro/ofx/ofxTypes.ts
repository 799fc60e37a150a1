import type { paths } from '../../../../../generated/api.d.ts';

const base = '/api/Lancamentos/conciliacao-ofx';
type Json<T> = T extends { content: { 'application/json': infer J } } ? J : never;
export type Conta = Json<paths[`${typeof base}/contas`]['get']['responses']['200']>[number];
export type Linha = Json<paths[`${typeof base}/linhas`]['get']['responses']['200']>[number];
export type Candidato = Linha['candidatos'][number];
export type Importacao = Json<paths[`${typeof base}/importar`]['post']['responses']['200']>;
export type ConciliarBody = NonNullable<
  paths[`${typeof base}/linhas/{id}/conciliar`]['post']['requestBody']
>['content']['application/json'];

/** A calendar date AAAA-MM-DD as dd/mm/aaaa (no time zone involved). */
export const formatIsoDate = (iso: string) => iso.slice(0, 10).split('-').reverse().join('/');

/** situacaoExtratoLinha labels. */
export const SITUACOES: Record<number, { label: string; color: 'warning' | 'success' | 'default' }> = {
  0: { label: 'Pendente', color: 'warning' },
  1: { label: 'Conciliado', color: 'success' },
  2: { label: 'Ignorado', color: 'default' },
};
