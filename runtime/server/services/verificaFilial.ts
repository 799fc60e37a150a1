import type { AuthInfo } from '../context.ts';
import type { Tx } from '../db/database.ts';

/** Answer of GET /api/Usuarios/verificaFilial. */
export interface VerificaFilial {
  possuiFilial: boolean;
  filialSelecionada: number | null;
  quantidade: number;
}

/**
 * Whether the signed-in user can work on some branch (spec 001 §7.3 does not show the purpose, so we
 * decided): how many active branches the user may select (administrators: all of the company's), and the
 * selected one when it is still among them, else null.
 */
export async function verificaFilial(tx: Tx, auth: AuthInfo): Promise<VerificaFilial> {
  const row = await tx.one<{ quantidade: number; selecionada: number | null }>(
    `SELECT count(*)::int AS quantidade,
            max(f.id) FILTER (WHERE f.id = u.filial_selecionada_id) AS selecionada
       FROM usuario u
       JOIN filial f ON f.empresa_id = u.empresa_id AND f.ativo
      WHERE u.id = $1
        AND (u.perfil_admin OR EXISTS (SELECT 1 FROM usuario_filial uf WHERE uf.usuario_id = u.id AND uf.filial_id = f.id))`,
    [auth.usuarioId],
  );
  return {
    possuiFilial: row.quantidade > 0,
    filialSelecionada: row.selecionada,
    quantidade: row.quantidade,
  };
}
