import type { Tx } from '../db/database.ts';
import { HttpError } from '../errors.ts';
import { CONFIG_ROW_COLUMNS, type ConfigWhiteLabelRow } from './configWhiteLabelView.ts';

/** Reads one white-label configuration (optionally locked for update) or answers 404 in pt-BR. */
export async function loadConfigRow(tx: Tx, id: number, forUpdate = false): Promise<ConfigWhiteLabelRow> {
  const row = await tx.maybeOne<ConfigWhiteLabelRow>(
    `SELECT ${CONFIG_ROW_COLUMNS} FROM config_white_label WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`,
    [id],
  );
  if (!row) {
    throw new HttpError(
      404,
      'CONFIGURACAO_NAO_ENCONTRADA',
      `Configuração de white-label ${id} não encontrada.`,
    );
  }
  return row;
}
