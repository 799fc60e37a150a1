import type { Tx } from '../../db/database.ts';

/** How an import records who made it: the user's name, or the e-mail when the name is blank. */
export async function importerName(tx: Tx, usuarioId: number): Promise<string> {
  const row = await tx.maybeOne<{ nome: string }>(
    `SELECT coalesce(nullif(trim(nome), ''), email) AS nome FROM usuario WHERE id = $1`,
    [usuarioId],
  );
  return row?.nome ?? '';
}
