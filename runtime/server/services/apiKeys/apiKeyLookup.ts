import type { AuthInfo } from '../../context.ts';
import type { Tx } from '../../db/database.ts';

/** The stored row behind an API key hash. */
export interface ApiKeyRow {
  api_key_id: number;
  empresa_id: number;
  filial_id: number | null;
  usuario_id: number | null;
  config_white_label_id: number;
  permissoes: unknown;
}

/**
 * Finds a usable key by its hash (active, not revoked, not expired) and stamps its last use — at most once a
 * minute per key, in the same statement, so a busy client costs no write per request. Run as the system role.
 */
export const API_KEY_LOOKUP_SQL = `WITH k AS (
  SELECT k.id, k.empresa_id, k.filial_acesso_id, k.criado_por, k.permissoes, k.ultimo_uso, e.config_white_label_id
    FROM api_key k
    JOIN empresa e ON e.id = k.empresa_id
   WHERE k.chave_hash = $1 AND k.ativo AND k.situacao = 'ativa' AND (k.expira_em IS NULL OR k.expira_em > now())
), uso AS (
  UPDATE api_key a SET ultimo_uso = now()
    FROM k
   WHERE a.id = k.id AND (k.ultimo_uso IS NULL OR k.ultimo_uso < now() - interval '1 minute')
  RETURNING a.id
)
SELECT k.id AS api_key_id, k.empresa_id, k.filial_acesso_id AS filial_id, k.criado_por AS usuario_id, k.config_white_label_id,
       k.permissoes
  FROM k`;

/** The key row for `hash`, or undefined. */
export function findApiKey(tx: Tx, hash: Buffer): Promise<ApiKeyRow | undefined> {
  return tx.maybeOne<ApiKeyRow>(API_KEY_LOOKUP_SQL, [hash]);
}

/** A permission map as checkPermission reads it: own keys with integer levels only (anything else: none). */
function permissionMap(value: unknown): Record<string, number> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter(([, level]) => typeof level === 'number' && Number.isInteger(level)),
  );
}

/** The request identity of an API key: its empresa, branch and permission map, no flag of any kind. */
export function apiKeyAuth(row: ApiKeyRow, tokenHash: Buffer): AuthInfo {
  return {
    tokenHash,
    apiKeyId: row.api_key_id,
    usuarioId: row.usuario_id ?? 0,
    empresaId: row.empresa_id,
    configWhiteLabelId: row.config_white_label_id,
    filialId: row.filial_id,
    perfilAdmin: false,
    suporteWhiteLabel: false,
    isContador: false,
    isAvanco: false,
    master: false,
    painelAdministrativo: false,
    permissoes: permissionMap(row.permissoes),
  };
}
