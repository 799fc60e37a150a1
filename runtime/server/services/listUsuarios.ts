import { FilterError, type LoopBackFilter, showName } from '../../core/loopbackFilter.ts';
import { compileFilter, type FieldMap } from '../db/compileFilter.ts';
import type { Tx } from '../db/database.ts';

/** Which users a listing may see: one company (tenant transaction) or one white-label (system, staff only). */
export type UsuarioScope = { empresaId: number } | { configWhiteLabelId: number };

interface UsuarioRow {
  id: number;
  email: string;
  nome: string;
  avatar: string | null;
  perfil_id: number | null;
  perfil_admin: boolean;
  suporte_white_label: boolean;
  is_contador: boolean;
  is_avanco: boolean;
  master: boolean;
  painel_administrativo: boolean;
  filial_selecionada_id: number | null;
  filiais: Array<number | string>;
  ativo: boolean;
  primeiro_acesso: boolean;
  empresa_id: number;
  criado_em: Date;
  alterado_em: Date;
  versao: number;
  empresa_nome?: string;
}

type Usuario = Record<string, unknown>;

/** Every property of the API user (never the password hash), in response order. */
const PROPERTIES = [
  'id',
  'email',
  'nome',
  'avatar',
  'perfilId',
  'perfilAdmin',
  'suporteWhiteLabel',
  'isContador',
  'isAvanco',
  'master',
  'painelAdministrativo',
  'filialSelecionada',
  'filiais',
  'ativo',
  'primeiroAcesso',
  'empresaId',
  'criadoEm',
  'alteradoEm',
  'versao',
];
const RELATIONS = ['perfil', 'filiais'];

function toUsuario(row: UsuarioRow): Usuario {
  return {
    id: row.id,
    email: row.email,
    nome: row.nome,
    avatar: row.avatar,
    perfilId: row.perfil_id,
    perfilAdmin: row.perfil_admin,
    suporteWhiteLabel: row.suporte_white_label,
    isContador: row.is_contador,
    isAvanco: row.is_avanco,
    master: row.master,
    painelAdministrativo: row.painel_administrativo,
    filialSelecionada: row.filial_selecionada_id,
    filiais: row.filiais.map(Number),
    ativo: row.ativo,
    primeiroAcesso: row.primeiro_acesso,
    empresaId: row.empresa_id,
    criadoEm: row.criado_em.toISOString(),
    alteradoEm: row.alterado_em.toISOString(),
    versao: row.versao,
    ...(row.empresa_nome !== undefined ? { empresaNome: row.empresa_nome } : {}),
  };
}

/** The API properties `fields` keeps (LoopBack: a list, or {campo: true|false}); null keeps all. */
function selectedProperties(fields: LoopBackFilter['fields'], known: string[]): Set<string> | null {
  if (fields === undefined) return null;
  const entries: Array<[string, boolean]> = Array.isArray(fields)
    ? fields.map((name) => [name, true])
    : Object.entries(fields);
  for (const [name] of entries) {
    if (!known.includes(name)) {
      throw new FilterError(`o campo ${showName(name)} não existe ou não pode ser selecionado.`);
    }
  }
  const chosen = entries.filter(([, flag]) => flag).map(([name]) => name);
  if (chosen.length > 0 || Array.isArray(fields)) return chosen.length > 0 ? new Set(chosen) : null;
  const kept = known.filter((name) => !entries.some(([excluded]) => excluded === name));
  if (kept.length === 0) throw new FilterError('fields não pode excluir todos os campos.');
  return new Set(kept);
}

function checkIncludes(filter: LoopBackFilter): string[] {
  return (filter.include ?? []).map((item) => {
    if (!RELATIONS.includes(item.relation)) {
      throw new FilterError(
        `a relação ${showName(item.relation)} não existe em Usuarios (use ${RELATIONS.join(' ou ')}).`,
      );
    }
    if (item.scope && Object.keys(item.scope).length > 0) {
      throw new FilterError(`a relação ${showName(item.relation)} não aceita scope.`);
    }
    return item.relation;
  });
}

async function attachRelations(tx: Tx, users: Usuario[], relations: string[]): Promise<void> {
  if (relations.includes('perfil')) {
    const ids = [...new Set(users.map((user) => user.perfilId).filter((id) => id !== null))];
    const perfis = await tx.query<{ id: number; nome: string; permissoes: Record<string, number> }>(
      'SELECT id, nome, permissoes FROM perfil WHERE id = ANY($1::bigint[])',
      [ids],
    );
    for (const user of users) user.perfil = perfis.find((perfil) => perfil.id === user.perfilId) ?? null;
  }
  if (relations.includes('filiais')) {
    const ids = [...new Set(users.flatMap((user) => user.filiais as number[]))];
    const filiais = await tx.query<{ id: number; nome: string; apelido: string | null }>(
      'SELECT id, nome, apelido FROM filial WHERE id = ANY($1::bigint[]) ORDER BY id',
      [ids],
    );
    for (const user of users) {
      const own = user.filiais as number[];
      user.filiais = filiais.filter((filial) => own.includes(filial.id));
    }
  }
}

/** The SQL (and params) listing users for a parsed filter in `scope`; shared with the API benchmark's baseline. */
export function buildUsuarioListQuery(
  filter: LoopBackFilter,
  scope: UsuarioScope,
  fieldMap: FieldMap,
): { sql: string; params: unknown[] } {
  const whiteLabel = 'configWhiteLabelId' in scope;
  const compiled = compileFilter({ ...filter, fields: undefined }, fieldMap, {
    defaultOrder: 'nome ASC',
    defaultLimit: 100,
    params: [whiteLabel ? scope.configWhiteLabelId : scope.empresaId],
  });
  const params = [...compiled.params, compiled.limit ?? 100, compiled.offset ?? 0];
  const sql = `SELECT u.id, u.email, u.nome, u.avatar, u.perfil_id, u.perfil_admin, u.suporte_white_label, u.is_contador,
            u.is_avanco, u.master, u.painel_administrativo, u.filial_selecionada_id, u.ativo, u.primeiro_acesso,
            u.empresa_id, u.criado_em, u.alterado_em, u.versao,
            ARRAY(SELECT uf.filial_id FROM usuario_filial uf WHERE uf.usuario_id = u.id ORDER BY uf.filial_id)
              AS filiais
            ${whiteLabel ? ', e.nome AS empresa_nome' : ''}
       FROM usuario u ${whiteLabel ? 'JOIN empresa e ON e.id = u.empresa_id' : ''}
      WHERE ${whiteLabel ? 'u.config_white_label_id' : 'u.empresa_id'} = $1 AND (${compiled.where})
      ${compiled.orderBy}
      LIMIT $${params.length - 1} OFFSET $${params.length}`;
  return { sql, params };
}

/**
 * Lists users for a parsed LoopBack filter inside `scope`: where/order compiled against the allow-list,
 * default order nome ASC and limit 100; `fields` picks API properties; include perfil and filiais.
 */
export async function listUsuarios(
  tx: Tx,
  filter: LoopBackFilter,
  scope: UsuarioScope,
  fieldMap: FieldMap,
): Promise<Usuario[]> {
  const whiteLabel = 'configWhiteLabelId' in scope;
  const known = whiteLabel ? [...PROPERTIES, 'empresaNome'] : PROPERTIES;
  const selected = selectedProperties(filter.fields, known);
  const relations = checkIncludes(filter);
  const query = buildUsuarioListQuery(filter, scope, fieldMap);
  const rows = await tx.query<UsuarioRow>(query.sql, query.params);
  const users = rows.map(toUsuario);
  await attachRelations(tx, users, relations);
  if (!selected) return users;
  const keep = new Set([...selected, ...relations]);
  return users.map((user) => Object.fromEntries(Object.entries(user).filter(([key]) => keep.has(key))));
}
