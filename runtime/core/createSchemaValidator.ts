import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import localizeModule from 'ajv-i18n/localize/pt-BR/index.js';

type Localize = (errors?: ErrorObject[] | null) => void;
// The package is CommonJS (module.exports = fn); bundlers and Node disagree on where the default lands.
/** Translates ajv error messages to pt-BR in place (ajv-i18n). */
export const localizePtBR: Localize =
  (localizeModule as unknown as { default?: Localize }).default ?? (localizeModule as unknown as Localize);

/** One problem found in a schema file: which file, where in it (JSON pointer), and why. */
export interface SchemaIssue {
  file: string;
  pointer: string;
  message: string;
}

/**
 * Renders ajv errors (after pt-BR localisation) as SchemaIssues of one file; `withRule` appends the
 * meta-schema rule (JSON Schema keyword) that failed.
 */
export function ajvIssues(
  file: string,
  errors: ErrorObject[] | null | undefined,
  note = '',
  withRule = false,
): SchemaIssue[] {
  if (!errors) return [];
  localizePtBR(errors);
  return errors
    .filter((error) => error.keyword !== 'if')
    .map((error) => {
      let message = error.message ?? 'inválido';
      const params = error.params as Record<string, unknown>;
      if (error.keyword === 'additionalProperties') message += `: "${String(params.additionalProperty)}"`;
      if (error.keyword === 'enum') message += `: ${JSON.stringify(params.allowedValues)}`;
      if (error.keyword === 'const') message += `: ${JSON.stringify(params.allowedValue)}`;
      if (error.keyword === 'propertyNames') message += ` (${String(params.propertyName)})`;
      if (withRule) message += ` (regra: ${error.keyword})`;
      return { file, pointer: error.instancePath || '/', message: note ? `${message} ${note}` : message };
    });
}

/**
 * Compiles the meta-schemas (schemas/_meta/<kind>.schema.json) once and returns a lookup of
 * validators by kind; `useDefaults` fills defaults in place (used for tenant settings); the issues of
 * the kinds in `ruleKinds` name the meta-schema rule that failed.
 */
export function createSchemaValidator(
  metaSchemas: Record<string, unknown>,
  options: { useDefaults?: boolean; ruleKinds?: string[] } = {},
) {
  const ajv = new Ajv({ allErrors: true, strict: false, useDefaults: options.useDefaults ?? false });
  const validators = new Map<string, ValidateFunction>();
  // All meta-schemas first, so that one may $ref another's definitions (screen → grid row actions).
  const added = new Set<string>();
  for (const schema of Object.values(metaSchemas)) {
    const id = (schema as { $id?: unknown }).$id;
    if (typeof id === 'string' && !added.has(id)) {
      ajv.addSchema(schema as object);
      added.add(id);
    }
  }
  for (const [kind, schema] of Object.entries(metaSchemas)) {
    const id = (schema as { $id?: unknown }).$id;
    const compiled = typeof id === 'string' ? ajv.getSchema(id) : undefined;
    validators.set(kind, compiled ?? ajv.compile(schema as object));
  }
  return {
    /** Validates `data` as a file of `kind`; returns [] when valid. */
    validate(kind: string, file: string, data: unknown, note = ''): SchemaIssue[] {
      const validator = validators.get(kind);
      if (!validator)
        return [{ file, pointer: '/', message: `meta-schema "${kind}" não encontrado em schemas/_meta` }];
      return validator(data)
        ? []
        : ajvIssues(file, validator.errors, note, options.ruleKinds?.includes(kind) ?? false);
    },
  };
}
