import type { Database } from '../../db/database.ts';
import type { Realtime } from '../../plugins/realtime.ts';

/** An export as the API answers it (GET /api/Empresas/{id}/exportacoes). */
export interface ExportacaoEmpresa {
  id: number;
  empresaId: number;
  usuarioId: number | null;
  solicitante: string | null;
  status: number;
  progresso: number;
  etapa: string | null;
  bytes: number | null;
  linhas: number | null;
  sha256: string | null;
  erro: string | null;
  criadoEm: string;
  finalizadoEm: string | null;
}

/** Websocket event the requester's browsers get on progress and at the end, with the record. */
export const EXPORT_EVENT = 'exportacao-empresa';

/** Days a finished export is kept; older ones are removed when the company is exported again. */
export const EXPORT_RETENTION_DAYS = 7;

export const EXPORTACAO_SELECT = `SELECT e.id, e.empresa_id AS "empresaId", e.usuario_id AS "usuarioId", u.nome AS solicitante,
  e.status, e.progresso, e.etapa, e.bytes, e.linhas, e.sha256, e.erro,
  to_char(e.criado_em AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "criadoEm",
  to_char(e.finalizado_em AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "finalizadoEm"
  FROM exportacao_empresa e LEFT JOIN usuario u ON u.id = e.usuario_id`;

export async function readExportacao(db: Database, id: number): Promise<ExportacaoEmpresa | undefined> {
  return db.withSystem((tx) => tx.maybeOne<ExportacaoEmpresa>(`${EXPORTACAO_SELECT} WHERE e.id = $1`, [id]));
}

/** Updates an export's row and tells its requester's browsers. */
export async function updateExportacao(
  services: { db: Database; realtime?: Realtime },
  id: number,
  changes: Partial<
    Record<'status' | 'progresso' | 'etapa' | 'bytes' | 'linhas' | 'sha256' | 'erro', unknown>
  > & {
    finalizado?: boolean;
  },
): Promise<ExportacaoEmpresa | undefined> {
  const { finalizado, ...columns } = changes;
  const names = Object.keys(columns);
  const sets = names.map((name, i) => `${name} = $${i + 2}`);
  if (finalizado) sets.push('finalizado_em = now()');
  await services.db.withSystem((tx) =>
    tx.query(`UPDATE exportacao_empresa SET ${sets.join(', ')} WHERE id = $1`, [
      id,
      ...names.map((name) => columns[name as keyof typeof columns]),
    ]),
  );
  const record = await readExportacao(services.db, id);
  if (record?.usuarioId) services.realtime?.emitToUser(record.usuarioId, EXPORT_EVENT, record);
  return record;
}
