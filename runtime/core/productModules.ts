/** Product areas no white-label switches off: the administrator area and the user menu. */
export const FIXED_MODULES = new Set(['administrador', 'usuario']);

export interface StoredModule {
  id?: string;
  ativo?: boolean;
  menus?: string[];
}

/**
 * Every product module a white-label may switch (schemas/permissions/keys.json `modules`, less the fixed
 * ones) with its label and whether it is active: a white-label that lists no module has them all active
 * (spec 000 §6, as the menus read it); otherwise only those it lists as active.
 */
export function productModules(
  known: Record<string, { label?: string }>,
  stored: StoredModule[],
): Array<{ id: string; label: string; ativo: boolean }> {
  return Object.entries(known)
    .filter(([id]) => !FIXED_MODULES.has(id))
    .map(([id, module]) => ({
      id,
      label: module.label ?? id,
      ativo: stored.length === 0 || stored.some((modulo) => modulo.id === id && modulo.ativo === true),
    }));
}

/**
 * The white-label's module list after switching `changes` ({id, ativo}): one entry per product module,
 * each keeping what it stored besides its state (its menus).
 */
export function switchModules(
  known: Record<string, { label?: string }>,
  stored: StoredModule[],
  changes: Array<{ id: string; ativo: boolean }>,
): StoredModule[] {
  return productModules(known, stored).map((modulo) => ({
    ...stored.find((entry) => entry.id === modulo.id),
    id: modulo.id,
    ativo: changes.find((change) => change.id === modulo.id)?.ativo ?? modulo.ativo,
  }));
}
