import { isPostingEffect, POSTING_EFFECTS } from './postingEffects.ts';

type Json = Record<string, unknown>;
const obj = (value: unknown): Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};

/**
 * Cross-checks an entity's `actions` (the meta-schema checks their shape): names unique and not a
 * transition's, permission keys, effect names and the fields of visibleWhen exist. Returns [pointer,
 * message] pairs (pt-BR), pointers under /actions.
 */
export function checkDocumentActions(
  actions: unknown,
  document: unknown,
  fields: Json,
  permissionKeys: Json,
): Array<[string, string]> {
  const issues: Array<[string, string]> = [];
  const transitions = obj(document).transitions;
  const taken = new Set(
    (Array.isArray(transitions) ? transitions : []).map((transition) => obj(transition).action),
  );
  for (const [i, raw] of (Array.isArray(actions) ? actions : []).entries()) {
    const action = obj(raw);
    const at = `/actions/${i}`;
    if (typeof action.action === 'string') {
      if (taken.has(action.action)) issues.push([`${at}/action`, `ação "${action.action}" repetida`]);
      taken.add(action.action);
    }
    if (typeof action.permission === 'string' && !(action.permission in permissionKeys))
      issues.push([`${at}/permission`, `chave de permissão "${action.permission}" não existe em keys.json`]);
    for (const [j, effect] of (Array.isArray(action.effects) ? action.effects : []).entries())
      if (typeof effect !== 'string' || !isPostingEffect(effect))
        issues.push([
          `${at}/effects/${j}`,
          `efeito "${String(effect)}" desconhecido (conhecidos: ${POSTING_EFFECTS.join(', ')})`,
        ]);
    for (const field of Object.keys(obj(action.visibleWhen)))
      if (!(field in fields)) issues.push([`${at}/visibleWhen/${field}`, `campo "${field}" não existe`]);
  }
  return issues;
}
