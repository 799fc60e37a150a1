import type { Tx } from '../../db/database.ts';
import type { RecordScope } from '../records/buildRecordQuery.ts';

/** One entry of a document's history: who (the scope's user), what action, state change and field diff. */
export interface HistoryEntry {
  entidade: string;
  registroId: number;
  acao: string;
  de?: string | null;
  para?: string | null;
  diferencas?: Record<string, { de: unknown; para: unknown }>;
}

const AUDIT_FIELDS = new Set(['versao', 'alteradoEm', 'alteradoPor', 'criadoEm', 'criadoPor']);

/** The fields of `before` whose values differ in `after` (rows in API shape; audit columns left out). */
export function rowDiff(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Record<string, { de: unknown; para: unknown }> {
  const diff: Record<string, { de: unknown; para: unknown }> = {};
  for (const key of Object.keys(before)) {
    if (AUDIT_FIELDS.has(key)) continue;
    const de = before[key] ?? null;
    const para = after[key] ?? null;
    if (JSON.stringify(de) !== JSON.stringify(para)) diff[key] = { de, para };
  }
  return diff;
}

/** Appends to documento_historico in the caller's transaction (append-only, RLS per empresa). */
export async function recordHistory(tx: Tx, scope: RecordScope, entry: HistoryEntry): Promise<void> {
  await tx.query(
    `INSERT INTO documento_historico (empresa_id, entidade, registro_id, acao, situacao_de, situacao_para, usuario_id, diferencas)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      scope.empresaId,
      entry.entidade,
      entry.registroId,
      entry.acao,
      entry.de ?? null,
      entry.para ?? null,
      scope.usuarioId,
      JSON.stringify(entry.diferencas ?? {}),
    ],
  );
}
