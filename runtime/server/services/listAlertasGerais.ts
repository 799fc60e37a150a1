import type { Tx } from '../db/database.ts';
import type { AlertaTipo } from './alertaView.ts';

/** One general alert as sent (POST /api/Alertas/geral): one row per recipient, shown here once. */
export interface AlertaGeralEnvio {
  /** The first recipient row's id: names the whole sending (DELETE /api/Alertas/gerais/{id}). */
  id: number;
  tipo: AlertaTipo;
  texto: string;
  link: string | null;
  permiteExcluir: boolean;
  /** ISO 8601 */
  data: string;
  enviadoPor: string | null;
  destinatarios: number;
  lidos: number;
}

/**
 * The rows of one sending share the transaction time of their single INSERT, the sender and the
 * content, so grouping by them gives one line per sending (rows the recipients deleted just drop out).
 */
const GROUP = 'data, tipo, texto, link, permite_excluir, criado_por';

/** General alerts sent to white-label `configWhiteLabelId`, newest first, with the total number of sendings. */
export async function listAlertasGerais(
  tx: Tx,
  configWhiteLabelId: number,
  page: { limit: number; skip: number },
): Promise<{ total: number; envios: AlertaGeralEnvio[] }> {
  const { total } = await tx.one<{ total: number }>(
    `SELECT count(*)::int AS total FROM (
       SELECT 1 FROM alerta WHERE geral AND config_white_label_id = $1 GROUP BY ${GROUP}) g`,
    [configWhiteLabelId],
  );
  const rows = await tx.query<Omit<AlertaGeralEnvio, 'data'> & { data: Date }>(
    `SELECT min(a.id)::int AS id, a.tipo, a.texto, a.link, a.permite_excluir AS "permiteExcluir", a.data,
            (SELECT nullif(u.nome, '') FROM usuario u WHERE u.id = a.criado_por) AS "enviadoPor",
            count(*)::int AS destinatarios, count(a.lido_em)::int AS lidos
       FROM alerta a
      WHERE a.geral AND a.config_white_label_id = $1
      GROUP BY a.data, a.tipo, a.texto, a.link, a.permite_excluir, a.criado_por
      ORDER BY a.data DESC, min(a.id) DESC
      LIMIT $2 OFFSET $3`,
    [configWhiteLabelId, page.limit, page.skip],
  );
  return { total, envios: rows.map((row) => ({ ...row, data: row.data.toISOString() })) };
}
