import { PROCESSING_STATUS, PROCESSING_STATUS_DISPLAY, type ProcessingStatus } from '../../core/constants.ts';
import type { FieldMap } from '../db/compileFilter.ts';

/** An exported report as the API returns it (GET /api/Relatorios). */
export interface Relatorio {
  id: number;
  descricao: string;
  tipo: 'pdf' | 'xlsx';
  evento: string | null;
  status: ProcessingStatus;
  statusString: string;
  /** ISO 8601 */
  dataInclusao: string;
  finalizadoEm: string | null;
  /** Where the finished file is downloaded (relative to the API; add ?access_token=); null before. */
  url: string | null;
  erro: { message: string } | null;
}

/** Row of the inner query `FROM (SELECT ${RELATORIO_COLUMNS} FROM relatorio WHERE …) r`. */
export interface RelatorioRow {
  id: number;
  descricao: string;
  tipo: 'pdf' | 'xlsx';
  evento: string | null;
  status: ProcessingStatus;
  dataInclusao: Date;
  finalizadoEm: Date | null;
  url: string | null;
  erro: string | null;
  temArquivo: boolean;
  usuarioId: number;
}

/** SELECT list giving a relatorio row its API member names (the file itself is never selected here). */
export const RELATORIO_COLUMNS = `id, descricao, tipo, evento, status, data_inclusao AS "dataInclusao",
  finalizado_em AS "finalizadoEm", url, erro, arquivo IS NOT NULL AS "temArquivo", usuario_id AS "usuarioId"`;

/** The user's reports still kept: $1 = usuario id, $2 = retention days (filters are compiled over it). */
export const OWN_RELATORIOS_SQL = `SELECT ${RELATORIO_COLUMNS} FROM relatorio
  WHERE usuario_id = $1 AND data_inclusao >= now() - make_interval(days => $2)`;

/** Filterable and orderable members of the reports list (the allow-list of ?filter= and ?where=). */
export const RELATORIO_FIELDS: FieldMap = {
  id: { column: 'id', type: 'integer' },
  descricao: { column: 'descricao', type: 'text' },
  tipo: { column: 'tipo', type: 'string' },
  evento: { column: 'evento', type: 'string' },
  status: { column: 'status', type: 'integer' },
  dataInclusao: { column: 'dataInclusao', type: 'datetime' },
};

/** The download address of a finished report. */
export const relatorioFileUrl = (id: number): string => `/api/Relatorios/${id}/arquivo`;

/** A selected row in its API shape: status label, download address only when finished, error as {message}. */
export function toRelatorio(row: RelatorioRow): Relatorio {
  const finished = row.status === PROCESSING_STATUS.FINALIZADO;
  return {
    id: row.id,
    descricao: row.descricao,
    tipo: row.tipo,
    evento: row.evento,
    status: row.status,
    statusString: PROCESSING_STATUS_DISPLAY[row.status]?.label ?? '',
    dataInclusao: new Date(row.dataInclusao).toISOString(),
    finalizadoEm: row.finalizadoEm ? new Date(row.finalizadoEm).toISOString() : null,
    url: finished ? (row.temArquivo ? relatorioFileUrl(row.id) : row.url) : null,
    erro:
      row.status === PROCESSING_STATUS.ERRO ? { message: row.erro ?? 'Erro ao gerar o relatório.' } : null,
  };
}
