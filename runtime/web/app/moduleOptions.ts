import { useMemo } from 'react';
import { FIXED_MODULES } from '../../core/productModules.ts';
import type { EnumOption } from '../auth/enumOptions.ts';
import { type SchemaBundle, useTenant, type WhiteLabelConfig } from './RuntimeContext.tsx';

export interface ModuleOption {
  id: string;
  label: string;
  /** An add-on offered with the plans (configWhiteLabel.planoModulos), not a product module. */
  adicional: boolean;
}

/**
 * The modules a plan or the white-label may name: the product's modules of schemas/permissions/keys.json
 * (labels from there) and the white-label's plan add-ons.
 */
export function moduleOptions(schemas: SchemaBundle, config: WhiteLabelConfig): ModuleOption[] {
  const modules = (schemas.permissions as { modules?: Record<string, { label?: string }> }).modules ?? {};
  const options: ModuleOption[] = Object.entries(modules)
    .filter(([id]) => !FIXED_MODULES.has(id))
    .map(([id, module]) => ({ id, label: module.label ?? id, adicional: false }));
  for (const extra of config.planoModulos ?? []) {
    if (!extra.id || options.some((option) => option.id === extra.id)) continue;
    options.push({ id: extra.id, label: extra.nome ?? extra.id, adicional: true });
  }
  return options;
}

/** The runtime's option lists that declarations name (`parameters.lists`, a column's `chipList`). */
export type RuntimeListName = 'modulos';

/** A runtime list by name: modulos — the product's modules and the plan add-ons, "(adicional)" after these. */
export function useRuntimeList(name: RuntimeListName): EnumOption[] {
  const { schemas, config } = useTenant();
  return useMemo(() => {
    if (name !== 'modulos') return [];
    return moduleOptions(schemas, config).map((module) => ({
      code: module.id,
      label: module.adicional ? `${module.label} (adicional)` : module.label,
    }));
  }, [name, schemas, config]);
}
