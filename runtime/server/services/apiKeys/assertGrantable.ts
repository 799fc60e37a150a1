import keysFile from '../../../../schemas/permissions/keys.json' with { type: 'json' };
import { checkPermission } from '../../../core/checkPermission.ts';
import { PermissionLevel } from '../../../core/types.ts';
import type { AuthInfo } from '../../context.ts';
import { HttpError } from '../../errors.ts';
import { throwFieldIssues } from '../records/validateRecordInput.ts';

const KNOWN_KEYS = new Set(Object.keys(keysFile.keys));

/**
 * The permission map of an API key: an object of known permission keys to levels 0..4 (0: none), each level
 * above 0 held by the caller — a key never grants more than whoever creates it holds (nor than the key that
 * creates it, when a key manages keys). 400 for a malformed map, 403 for a right the caller lacks.
 */
export function assertGrantable(auth: AuthInfo | undefined, permissoes: unknown): void {
  if (permissoes === undefined || permissoes === null) return;
  if (typeof permissoes !== 'object' || Array.isArray(permissoes))
    throwFieldIssues([
      { campo: 'permissoes', mensagem: 'Permissões: informe um objeto {"CHAVE_DE_PERMISSAO": nível}' },
    ]);
  const issues = [];
  const denied: string[] = [];
  for (const [key, level] of Object.entries(permissoes)) {
    if (!KNOWN_KEYS.has(key)) {
      issues.push({ campo: 'permissoes', mensagem: `Permissões: a chave de permissão "${key}" não existe` });
      continue;
    }
    if (
      typeof level !== 'number' ||
      !Number.isInteger(level) ||
      level < PermissionLevel.NENHUMA ||
      level > PermissionLevel.TOTAL
    ) {
      issues.push({
        campo: 'permissoes',
        mensagem: `Permissões: o nível de ${key} deve ser 0 (Nenhuma), 1 (Visualizar), 2 (Criar), 3 (Alterar) ou 4 (Total)`,
      });
      continue;
    }
    // NENHUMA grants nothing (the form's per-key selects send it for keys left without access).
    if (level > PermissionLevel.NENHUMA && !checkPermission(auth, key, level)) denied.push(key);
  }
  if (issues.length > 0) throwFieldIssues(issues);
  if (denied.length > 0)
    throw new HttpError(
      403,
      'ACESSO_NEGADO',
      `Você não pode conceder a uma chave de API um acesso que não tem: ${denied.join(', ')}.`,
    );
}
