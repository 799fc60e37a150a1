import { escapeLike } from '../../core/escapeLike.ts';
import type { Tx } from '../db/database.ts';

/** A user of the white-label listing of the administrator area. */
export interface UsuarioWhiteLabelLinha {
  id: number;
  nome: string;
  email: string;
  empresaId: number;
  empresaNome: string;
  perfilAdmin: boolean;
  suporteWhiteLabel: boolean;
  isContador: boolean;
  isAvanco: boolean;
  master: boolean;
  painelAdministrativo: boolean;
  ativo: boolean;
}

/** `text` as an ILIKE pattern matching it anywhere, its wildcards taken literally. */
const containsPattern = (text: string) => `%${escapeLike(text)}%`;

/**
 * One page of the users of every company of white-label `configWhiteLabelId` (name, e-mail or company
 * containing `busca`, case-insensitive), ordered by name, with the total that matches.
 */
export async function pageWhiteLabelUsuarios(
  tx: Tx,
  configWhiteLabelId: number,
  options: { busca: string; limit: number; skip: number },
): Promise<{ total: number; usuarios: UsuarioWhiteLabelLinha[] }> {
  const params: unknown[] = [configWhiteLabelId];
  let where = 'u.config_white_label_id = $1';
  if (options.busca) {
    params.push(containsPattern(options.busca));
    where += ' AND (u.nome ILIKE $2 OR u.email ILIKE $2 OR e.nome ILIKE $2)';
  }
  const from = `FROM usuario u JOIN empresa e ON e.id = u.empresa_id WHERE ${where}`;
  const { total } = await tx.one<{ total: number }>(`SELECT count(*)::int AS total ${from}`, params);
  const usuarios = await tx.query<UsuarioWhiteLabelLinha>(
    `SELECT u.id::int AS id, u.nome, u.email, u.empresa_id::int AS "empresaId", e.nome AS "empresaNome",
            u.perfil_admin AS "perfilAdmin", u.suporte_white_label AS "suporteWhiteLabel",
            u.is_contador AS "isContador", u.is_avanco AS "isAvanco", u.master,
            u.painel_administrativo AS "painelAdministrativo", u.ativo
       ${from}
      ORDER BY lower(u.nome), u.email, u.id
      LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, options.limit, options.skip],
  );
  return { total, usuarios };
}
