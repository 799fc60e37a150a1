import type { FieldMap } from '../db/compileFilter.ts';

/** The alert types of the bell (colour and icon on the web side). */
export const ALERTA_TIPOS = ['info', 'success', 'warning'] as const;
export type AlertaTipo = (typeof ALERTA_TIPOS)[number];

/** An alert as the API returns it (spec 001 §7.5). */
export interface Alerta {
  id: number;
  tipo: AlertaTipo;
  texto: string;
  /** ISO 8601 */
  data: string;
  link: string | null;
  permiteExcluir: boolean;
  lido: boolean;
}

/**
 * SELECT list giving an alerta row its API members (camelCase, `lido` derived from lido_em), so a
 * LoopBack filter can be compiled over `FROM (SELECT ${ALERTA_COLUMNS} FROM alerta WHERE …) a`.
 */
export const ALERTA_COLUMNS = `id, tipo, texto, data, link, permite_excluir AS "permiteExcluir",
  lido_em IS NOT NULL AS lido`;

/** Filterable and orderable members of the alerts list (the allow-list of ?filter=). */
export const ALERTA_FIELDS: FieldMap = {
  id: { column: 'id', type: 'integer' },
  tipo: { column: 'tipo', type: 'string' },
  texto: { column: 'texto', type: 'text' },
  data: { column: 'data', type: 'datetime' },
  link: { column: 'link', type: 'text' },
  permiteExcluir: { column: 'permiteExcluir', type: 'boolean' },
  lido: { column: 'lido', type: 'boolean' },
};

/** A selected row in its API shape (the date as an ISO string, also for websocket payloads). */
export function toAlerta(row: Omit<Alerta, 'data'> & { data: Date | string }): Alerta {
  return { ...row, data: row.data instanceof Date ? row.data.toISOString() : row.data };
}
