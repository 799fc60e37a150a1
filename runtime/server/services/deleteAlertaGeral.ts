import type { Tx } from '../db/database.ts';
import { HttpError } from '../errors.ts';

/**
 * Deletes every recipient's copy of the general alert sending that row `id` belongs to (same white-label,
 * time, sender and content) and answers how many rows went; 404 when `id` is not a general alert there.
 */
export async function deleteAlertaGeral(tx: Tx, configWhiteLabelId: number, id: number): Promise<number> {
  const sent = await tx.maybeOne<{ id: number }>(
    'SELECT id FROM alerta WHERE id = $1 AND geral AND config_white_label_id = $2',
    [id, configWhiteLabelId],
  );
  if (!sent) {
    throw new HttpError(404, 'ALERTA_NAO_ENCONTRADO', `Notificação geral ${id} não encontrada.`);
  }
  const rows = await tx.query(
    `DELETE FROM alerta a USING alerta s
      WHERE s.id = $1 AND a.geral AND a.config_white_label_id = s.config_white_label_id
        AND a.data = s.data AND a.tipo = s.tipo AND a.texto = s.texto
        AND a.link IS NOT DISTINCT FROM s.link AND a.permite_excluir = s.permite_excluir
        AND a.criado_por IS NOT DISTINCT FROM s.criado_por
      RETURNING a.id`,
    [id],
  );
  return rows.length;
}
