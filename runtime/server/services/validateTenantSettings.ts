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
  const issues = validator.validate('tenant-settings', 'configuração', settings);
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
