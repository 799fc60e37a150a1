import { getRecord } from '../records/getRecord.ts';
import type { RecordContext } from '../records/recordContext.ts';

/** One entry of the "Histórico" tab. */
export interface HistoryItem {
  id: number;
  acao: string;
  situacaoDe: string | null;
  situacaoPara: string | null;
  usuarioId: number | null;
  usuarioNome: string | null;
  em: string;
  diferencas: Record<string, { de: unknown; para: unknown }>;
}

/** GET /api/<Resource>/{id}/historico: who changed the document, when, and what (404 like the record). */
export async function documentHistory(context: RecordContext, id: number): Promise<HistoryItem[]> {
  await getRecord(context, id, { fields: ['id'] });
  return context.tx.query<HistoryItem>(
    `SELECT h.id, h.acao, h.situacao_de AS "situacaoDe", h.situacao_para AS "situacaoPara", h.usuario_id AS "usuarioId",
            u.nome AS "usuarioNome", h.em, h.diferencas
       FROM documento_historico h LEFT JOIN usuario u ON u.id = h.usuario_id
      WHERE h.empresa_id = $1 AND h.entidade = $2 AND h.registro_id = $3 ORDER BY h.id`,
    [context.scope.empresaId, context.record.entity.base, id],
  );
}
