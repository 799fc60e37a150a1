import type { UploadScreen } from '../uploadTypes.ts';

type Values = Record<string, unknown>;

/** The values `derive` reads from a file name, each only when it is one of its parameter's options. */
export function derivedFromFileName(spec: UploadScreen['file'], name: string, schema: unknown): Values {
  const values: Values = {};
  const properties = (schema as { properties?: Record<string, { oneOf?: Array<{ const: unknown }> }> })
    ?.properties;
  for (const [field, rule] of Object.entries(spec.derive ?? {})) {
    const found = new RegExp(rule.pattern, 'i').exec(name)?.[1];
    const value = rule.upper ? found?.toUpperCase() : found;
    if (value && properties?.[field]?.oneOf?.some((option) => option.const === value)) values[field] = value;
  }
  return values;
}
