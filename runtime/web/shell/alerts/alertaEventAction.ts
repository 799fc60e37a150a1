import type { components } from '../../../../generated/api.d.ts';

export type Alerta = components['schemas']['Alerta'];

/** What the bell does with one websocket `alerta` payload. */
export type AlertaEventAction =
  | { kind: 'prepend'; alerta: Alerta }
  | { kind: 'fetch'; id: number }
  | { kind: 'refetch' };

/**
 * Spec 000 §4: an `alerta` carrying an id is prepended (fetched by id first when the payload lacks
 * fields); one without an id (a general alert, one row per user) makes the list refetch.
 */
export function alertaEventAction(payload: unknown): AlertaEventAction {
  const value = (typeof payload === 'object' && payload !== null ? payload : {}) as Partial<Alerta>;
  const id = Number(value.id);
  if (!Number.isSafeInteger(id) || id <= 0) return { kind: 'refetch' };
  const complete =
    typeof value.texto === 'string' &&
    typeof value.tipo === 'string' &&
    typeof value.data === 'string' &&
    typeof value.permiteExcluir === 'boolean';
  if (!complete) return { kind: 'fetch', id };
  return {
    kind: 'prepend',
    alerta: {
      id,
      tipo: value.tipo as Alerta['tipo'],
      texto: value.texto as string,
      data: value.data as string,
      link: value.link ?? null,
      permiteExcluir: value.permiteExcluir as boolean,
      lido: value.lido === true,
    },
  };
}
