import { Ajv, type ValidateFunction } from 'ajv';
import type { JsonSchema } from '../../../core/entityJsonSchema.ts';
import { registerFormats } from '../../../core/registerFormats.ts';

const ajv = registerFormats(
  new Ajv({ allErrors: true, strict: false, useDefaults: false, coerceTypes: false }),
);
const compiled = new Map<string, ValidateFunction>();

/**
 * The ajv validator of an entity body schema, compiled once per distinct schema text (tenants sharing
 * an entity share the function, and ajv's own cache does not grow with every schema object built).
 */
export function recordValidator(schema: JsonSchema): ValidateFunction {
  const key = JSON.stringify(schema);
  let validate = compiled.get(key);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(key, validate);
  }
  return validate;
}
