import { translatePgError } from '../errors/translatePgError.ts';
import type { RecordEntity } from './recordEntity.ts';

/**
 * A PostgreSQL error of a records write translated where it happens (so nested writes and imports can
 * place it: `itens[2]…`, `Linha 7: …`), by the one translation of the API (translatePgError) with the
 * entity's own labels and indexes; other errors pass through unchanged.
 */
export function translateWriteError(error: unknown, record: RecordEntity): unknown {
  return translatePgError(error, { entity: record.entity }) ?? error;
}
