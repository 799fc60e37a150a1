import type { Database } from '../db/database.ts';

/**
 * Sends each backup problem as a warning alert to every active platform staff user (isAvanco) who does
 * not already hold the same unread alert; returns the user ids alerted.
 */
export async function raiseBackupAlerts(db: Database, problemas: string[]): Promise<number[]> {
  if (problemas.length === 0) return [];
  return db.withSystem(async (tx) => {
    const alerted = new Set<number>();
    for (const texto of problemas) {
      const rows = await tx.query<{ usuario_id: number }>(
        `INSERT INTO alerta (config_white_label_id, empresa_id, usuario_id, tipo, texto, link, permite_excluir)
         SELECT u.config_white_label_id, u.empresa_id, u.id, 'warning', $1, $2, true
           FROM usuario u
          WHERE u.is_avanco AND u.ativo
            AND NOT EXISTS (SELECT 1 FROM alerta a WHERE a.usuario_id = u.id AND a.texto = $1 AND a.lido_em IS NULL)
         RETURNING usuario_id`,
        [texto.slice(0, 2000), BACKUP_SCREEN_LINK],
      );
      for (const row of rows) alerted.add(row.usuario_id);
    }
    return [...alerted];
  });
}

/** Hash route of the administrator area's backup screen. */
export const BACKUP_SCREEN_LINK = '/administrador/configuracoes/backups';
