import { isPostingEffect, POSTING_EFFECTS } from './postingEffects.ts';

type Json = Record<string, unknown>;
const obj = (value: unknown): Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};

/**
 * Cross-checks an entity's `document` block (the meta-schema checks its shape): the status and numbering
 * fields exist, every state named in initial/from/to is declared, actions are unique, permission keys
 * and effect names exist. Returns [pointer, message] pairs (pt-BR), pointers under /document.
 */
export function checkDocumentDefinition(
  document: unknown,
  fields: Json,
  permissionKeys: Json,
): Array<[string, string]> {
  const issues: Array<[string, string]> = [];
  const doc = obj(document);
  const states = obj(doc.states);
  const state = (pointer: string, name: unknown) => {
    if (typeof name === 'string' && !(name in states))
      issues.push([pointer, `estado "${name}" não declarado em states`]);
  };
  const field = (pointer: string, name: unknown) => {
    if (typeof name === 'string' && !(name in fields)) issues.push([pointer, `campo "${name}" não existe`]);
  };
  field('/document/statusField', doc.statusField);
  const status = obj(fields[String(doc.statusField)]);
  if (typeof doc.statusField === 'string' && doc.statusField in fields && status.readOnly !== true)
    issues.push([
      '/document/statusField',
      'o campo de situação deve ser readOnly (só as transições o mudam)',
    ]);
  state('/document/initial', doc.initial);
  const numbering = obj(doc.numbering);
  field('/document/numbering/field', numbering.field);
  field('/document/numbering/serieField', numbering.serieField);
  const amend = obj(doc.amend);
  field('/document/amend/previousField', amend.previousField);
  field('/document/amend/nextField', amend.nextField);
  field('/document/amend/versionField', amend.versionField);
  for (const key of ['previousField', 'nextField'] as const) {
    const name = amend[key];
    if (typeof name !== 'string' || !(name in fields)) continue;
    const link = obj(fields[name]);
    if (link.type !== 'relation' || link.readOnly !== true)
      issues.push([
        `/document/amend/${key}`,
        'o campo de ligação entre versões deve ser uma relação readOnly',
      ]);
  }
  const actions = new Set<string>();
  for (const [i, raw] of (Array.isArray(doc.transitions) ? doc.transitions : []).entries()) {
    const transition = obj(raw);
    const at = `/document/transitions/${i}`;
    if (typeof transition.action === 'string') {
      if (actions.has(transition.action))
        issues.push([`${at}/action`, `ação "${transition.action}" repetida`]);
      actions.add(transition.action);
    }
    for (const [j, from] of (Array.isArray(transition.from) ? transition.from : []).entries())
      state(`${at}/from/${j}`, from);
    state(`${at}/to`, transition.to);
    if (typeof transition.permission === 'string' && !(transition.permission in permissionKeys))
      issues.push([
        `${at}/permission`,
        `chave de permissão "${transition.permission}" não existe em keys.json`,
      ]);
    if (transition.amend === true && doc.amend === undefined)
      issues.push([`${at}/amend`, 'uma transição amend exige document.amend (campo da versão anterior)']);
    for (const [j, effect] of (Array.isArray(transition.effects) ? transition.effects : []).entries())
      if (typeof effect !== 'string' || !isPostingEffect(effect))
        issues.push([
          `${at}/effects/${j}`,
          `efeito "${String(effect)}" desconhecido (conhecidos: ${POSTING_EFFECTS.join(', ')})`,
        ]);
  }
  return issues;
}
