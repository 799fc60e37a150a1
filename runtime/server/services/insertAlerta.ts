import type { Tx } from '../db/database.ts';
import { ALERTA_COLUMNS, type Alerta, type AlertaTipo, toAlerta } from './alertaView.ts';

/** What an alert is made of; empresaId must be the recipient's company (the foreign key checks it). */
export interface NovoAlerta {
  configWhiteLabelId: number;
  empresaId: number;
  usuarioId: number;
  tipo: AlertaTipo;
  texto: string;
  link?: string | null;
  permiteExcluir?: boolean;
  criadoPor?: number | null;
}

/** Inserts one alert for one user and returns it in its API shape. */
export async function insertAlerta(tx: Tx, alerta: NovoAlerta): Promise<Alerta> {
  const row = await tx.one<Alerta>(
    `INSERT INTO alerta (config_white_label_id, empresa_id, usuario_id, tipo, texto, link, permite_excluir, criado_por)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${ALERTA_COLUMNS}`,
    [
      alerta.configWhiteLabelId,
      alerta.empresaId,
      alerta.usuarioId,
      alerta.tipo,
      alerta.texto,
      alerta.link || null,
      alerta.permiteExcluir ?? true,
      alerta.criadoPor ?? null,
    ],
  );
  return toAlerta(row);
}
