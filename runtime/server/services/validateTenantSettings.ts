import { createSchemaValidator } from '../../core/createSchemaValidator.ts';
import { isPlainObject } from '../../core/mergePatch.ts';
import { metaSchemasOf, type SchemaFiles } from '../../core/validateSchemaSet.ts';
import { HttpError } from '../errors.ts';

type Validator = ReturnType<typeof createSchemaValidator>;
const validators = new WeakMap<SchemaFiles, Validator>();

/** The API calls the settings' `domains` member `dominios`. */
function apiField(pointer: string): string {
  return pointer
    .replace(/^\//, '')
    .replace(/^domains(?=\/|$)/, 'dominios')
    .replaceAll('/', '.');
}

function invalid(
  pointer: string,
  message: string,
  fields: Array<{ campo: string; mensagem: string }>,
): never {
  const campo = apiField(pointer);
  const text = campo
    ? `Configuração inválida: campo "${campo}" ${message}.`
    : `Configuração inválida: ${message}.`;
  throw new HttpError(400, 'CONFIGURACAO_INVALIDA', text, { fields });
}

/** The meta-schema node describing the value at a JSON pointer of the settings (properties and items). */
function schemaAt(schema: unknown, pointer: string): Record<string, unknown> | undefined {
  let node = schema as Record<string, unknown> | undefined;
  for (const key of pointer.split('/').slice(1)) {
    if (!node) return undefined;
    const properties = node.properties as Record<string, Record<string, unknown>> | undefined;
    node = /^\d+$/.test(key) && isPlainObject(node.items) ? node.items : properties?.[key];
  }
  return node;
}

function valueAt(data: unknown, pointer: string): unknown {
  return pointer
    .split('/')
    .slice(1)
    .reduce<unknown>(
      (node, key) => (isPlainObject(node) || Array.isArray(node) ? (node as never)[key] : undefined),
      data,
    );
}

/**
 * A member's `patternMessage` (what to type, e.g. "deve ser um endereço https") instead of ajv's "deve
 * corresponder ao padrão …" when its value misses the member's pattern.
 */
function friendlyMessage(files: SchemaFiles, settings: unknown, pointer: string, message: string): string {
  const node = schemaAt(files['schemas/_meta/tenant-settings.schema.json'], pointer);
  const value = valueAt(settings, pointer);
  if (typeof node?.patternMessage !== 'string' || typeof node.pattern !== 'string') return message;
  if (typeof value !== 'string' || new RegExp(node.pattern, 'u').test(value)) return message;
  return node.patternMessage;
}

function keysOf(value: unknown): string[] {
  return isPlainObject(value) ? Object.keys(value) : [];
}

/**
 * Validates complete white-label settings against schemas/_meta/tenant-settings.schema.json, filling
 * its defaults in place, then checks what the meta-schema cannot: the theme and module names exist and
 * no other configuration (`others`) already serves one of the domains. Throws 400/409 in pt-BR.
 */
export function validateTenantSettings(
  files: SchemaFiles,
  settings: Record<string, unknown>,
  others: Array<{ idConfig: string; domains: string[] }>,
): void {
  let validator = validators.get(files);
  if (!validator) {
    validator = createSchemaValidator(metaSchemasOf(files), { useDefaults: true });
    validators.set(files, validator);
  }
  const issues = validator
    .validate('tenant-settings', 'configuração', settings)
    .map((issue) => ({ ...issue, message: friendlyMessage(files, settings, issue.pointer, issue.message) }));
  const first = issues[0];
  if (first) {
    const fields = issues.map((issue) => ({ campo: apiField(issue.pointer), mensagem: issue.message }));
    invalid(first.pointer === '/' ? '' : first.pointer, first.message, fields);
  }
  const themes = keysOf((files['schemas/tenant/themes.json'] as { themes?: unknown } | undefined)?.themes);
  if (!themes.includes(String(settings.tema))) {
    const mensagem = `deve ser um dos temas disponíveis (${themes.join(', ')})`;
    invalid('/tema', mensagem, [{ campo: 'tema', mensagem }]);
  }
  const modules = keysOf(
    (files['schemas/permissions/keys.json'] as { modules?: unknown } | undefined)?.modules,
  );
  for (const [i, modulo] of (settings.modulos as Array<{ id: string }>).entries()) {
    if (modules.includes(modulo.id)) continue;
    const mensagem = `deve ser um módulo existente (${modules.join(', ')})`;
    invalid(`/modulos/${i}/id`, mensagem, [{ campo: `modulos.${i}.id`, mensagem }]);
  }
  for (const domain of settings.domains as string[]) {
    const owner = others.find((other) => other.domains.includes(domain));
    if (owner) {
      throw new HttpError(
        409,
        'DOMINIO_EM_USO',
        `O domínio "${domain}" já pertence à configuração "${owner.idConfig}".`,
      );
    }
  }
}
