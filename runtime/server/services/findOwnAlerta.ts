import type { Tx } from '../db/database.ts';
import { HttpError } from '../errors.ts';
import type { Alerta } from './alertaView.ts';
import { findAlertas } from './findAlertas.ts';

/** One alert of the user, or 404 (another user's alert is reported as missing, not as forbidden). */
export async function findOwnAlerta(tx: Tx, usuarioId: number, id: number): Promise<Alerta> {
  const [alerta] = await findAlertas(tx, usuarioId, { where: { id }, limit: 1 });
  if (!alerta) throw new HttpError(404, 'ALERTA_NAO_ENCONTRADO', `Alerta ${id} não encontrado.`);
  return alerta;
}
