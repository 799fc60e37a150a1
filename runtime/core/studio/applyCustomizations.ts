import { createSchemaValidator, type SchemaIssue } from '../createSchemaValidator.ts';
import { crossCheckSchemas } from '../crossCheckSchemas.ts';
import { isPlainObject } from '../mergePatch.ts';
import { type SchemaKind, schemaKind } from '../schemaKind.ts';
import { applyOverride, metaSchemasOf, type SchemaFiles } from '../validateSchemaSet.ts';

/** Customisations of one white-label: RFC 7396 merge patches keyed by the schemas/ path they patch. */
export type Customizations = Record<string, unknown>;

/** The schema kinds an operator may customise in the studio (settings, themes and permissions have their own screens). */
export const CUSTOMIZABLE_KINDS: readonly SchemaKind[] = [
  'entity',
  'form',
  'grid',
  'menu',
  'enum',
  'screen',
  'report',
];

type Json = Record<string, unknown>;
const obj = (value: unknown): Json => (isPlainObject(value) ? value : {});

/** A compiled validator over the set's meta-schemas, reused across calls with the same base files. */
const validators = new WeakMap<object, ReturnType<typeof createSchemaValidator>>();
function validatorFor(files: SchemaFiles) {
  let validator = validators.get(files);
  if (!validator) {
    validator = createSchemaValidator(metaSchemasOf(files), { ruleKinds: [...CUSTOMIZABLE_KINDS] });
    validators.set(files, validator);
  }
  return validator;
}

const LABEL_KIND: Partial<Record<SchemaKind, string>> = {
  entity: 'entidade',
  form: 'formulário',
  grid: 'lista',
  menu: 'menu',
  enum: 'enumeração',
  screen: 'tela',
  report: 'relatório',
};

/** "o formulário de produto" / "a enumeração situacaoLancamento": how a message names a schema path. */
export function describeSchemaPath(path: string): string {
  const kind = schemaKind(path);
  const name = (path.split('/').pop() as string).replace(/\.[a-z]+\.json$/, '');
  const label = kind ? LABEL_KIND[kind] : undefined;
  return label ? `${label} ${name}` : path;
}

/**
 * Rules the meta-schemas cannot express, each comparing the white-label's schema before the studio layer
 * (`before`) with the result (`after`): enumeration codes never change, an entity's own rules are never
 * weakened (a required field stays required, a read-only one read-only, type, relation and size stay), and
 * no field is added or removed through an entity patch (new fields are custom fields).
 */
export function checkStudioRules(path: string, before: unknown, after: unknown): SchemaIssue[] {
  const issues: SchemaIssue[] = [];
  const push = (pointer: string, message: string) => issues.push({ file: path, pointer, message });
  const kind = schemaKind(path);
  if (kind === 'enum') {
    const codes = (value: unknown) =>
      (Array.isArray(obj(value).values) ? (obj(value).values as unknown[]) : []).map((entry) =>
        JSON.stringify([obj(entry).code, obj(entry).key]),
      );
    const was = codes(before);
    const now = codes(after);
    if (was.length !== now.length || was.some((code, index) => code !== now[index]))
      push(
        '/values',
        'os códigos e as chaves de uma enumeração não mudam, nem a sua ordem: altere apenas os rótulos e as cores',
      );
    if (obj(before).codeType !== obj(after).codeType) push('/codeType', 'o tipo dos códigos não muda');
  }
  if (kind === 'entity') {
    const wasFields = obj(obj(before).fields);
    const nowFields = obj(obj(after).fields);
    for (const name of Object.keys(wasFields))
      if (!(name in nowFields))
        push(
          `/fields/${name}`,
          `o campo "${name}" é do sistema e não pode ser removido; oculte-o no formulário`,
        );
    for (const name of Object.keys(nowFields))
      if (!(name in wasFields))
        push(
          `/fields/${name}`,
          `o campo "${name}" não existe na entidade: campos novos são criados em Campos personalizados`,
        );
    for (const [name, wasField] of Object.entries(wasFields)) {
      const was = obj(wasField);
      const now = obj(nowFields[name]);
      if (!(name in nowFields)) continue;
      for (const key of ['type', 'enum', 'relation', 'maxLength', 'pattern', 'scale', 'items'])
        if (JSON.stringify(was[key]) !== JSON.stringify(now[key]))
          push(`/fields/${name}/${key}`, `"${key}" do campo "${name}" é uma regra do sistema e não muda`);
      if (was.required === true && now.required !== true)
        push(`/fields/${name}/required`, `o campo "${name}" é obrigatório no sistema e continua obrigatório`);
      if (was.readOnly === true && now.readOnly !== true)
        push(`/fields/${name}/readOnly`, `o campo "${name}" é somente leitura no sistema e continua assim`);
      for (const [key, weaker] of [
        ['minimum', (a: number, b: number) => b < a],
        ['maximum', (a: number, b: number) => b > a],
        ['minLength', (a: number, b: number) => b < a],
      ] as const)
        if (
          typeof was[key] === 'number' &&
          (typeof now[key] !== 'number' || weaker(was[key], now[key] as number))
        )
          push(`/fields/${name}/${key}`, `"${key}" do campo "${name}" só pode ficar mais restrito`);
    }
    for (const key of ['name', 'table', 'resource', 'scope', 'permission', 'document', 'extends'])
      if (JSON.stringify(obj(before)[key]) !== JSON.stringify(obj(after)[key]))
        push(`/${key}`, `"${key}" da entidade é uma regra do sistema e não muda`);
  }
  if (kind === 'form' || kind === 'grid' || kind === 'report' || kind === 'screen' || kind === 'menu')
    for (const key of ['entity', 'name', 'kind', 'route'])
      if (JSON.stringify(obj(before)[key]) !== JSON.stringify(obj(after)[key]))
        push(`/${key}`, `"${key}" identifica ${describeSchemaPath(path)} e não muda`);
  return issues;
}

/** The result of merging the studio layer over a white-label's schemas. */
export interface CustomizedSchemas {
  schemas: SchemaFiles;
  /** Problems, each naming the customised path, the JSON pointer and the rule; [] when every patch is valid. */
  issues: SchemaIssue[];
}

/**
 * Applies the studio layer (third, after schemas/ and tenants/<slug>/overrides/) to a white-label's
 * schemas: each patch must target an existing, customisable schema; its merged result must satisfy the
 * target's meta-schema and the studio rules; and the whole set must still cross-check (forms name existing
 * fields, menus existing permission keys). `files` is the repository's schema set (for the meta-schemas and
 * the tenants' settings). Never throws on bad patches: the issues say what is wrong.
 */
export function applyCustomizations(
  tenantSchemas: SchemaFiles,
  customizations: Customizations,
  files: SchemaFiles,
): CustomizedSchemas {
  const issues: SchemaIssue[] = [];
  const schemas: SchemaFiles = { ...tenantSchemas };
  const validator = validatorFor(files);
  for (const [path, patch] of Object.entries(customizations)) {
    const kind = schemaKind(path);
    if (!(path in tenantSchemas) || kind === null) {
      issues.push({ file: path, pointer: '/', message: `a tela ou o schema "${path}" não existe` });
      continue;
    }
    if (!CUSTOMIZABLE_KINDS.includes(kind)) {
      issues.push({
        file: path,
        pointer: '/',
        message: `${describeSchemaPath(path)} não é personalizável no estúdio (use a configuração do white-label)`,
      });
      continue;
    }
    if (!isPlainObject(patch)) {
      issues.push({
        file: path,
        pointer: '/',
        message: 'a personalização deve ser um objeto (JSON merge patch)',
      });
      continue;
    }
    const merged = applyOverride(tenantSchemas[path], patch);
    const problems = [
      ...validator.validate(kind, path, merged),
      ...checkStudioRules(path, tenantSchemas[path], merged),
    ];
    issues.push(...problems);
    if (problems.length === 0) schemas[path] = merged;
  }
  for (const path of Object.keys(customizations))
    if (schemaKind(path) === 'form' && path in schemas) issues.push(...hiddenRequiredFields(path, schemas));
  if (issues.length > 0) return { schemas: tenantSchemas, issues };
  const known = new Set(
    crossCheckSchemas(tenantSchemas, files).map((issue) => `${issue.file}${issue.pointer}${issue.message}`),
  );
  for (const issue of crossCheckSchemas(schemas, files))
    if (!known.has(`${issue.file}${issue.pointer}${issue.message}`)) issues.push(issue);
  return issues.length > 0 ? { schemas: tenantSchemas, issues } : { schemas, issues };
}

/**
 * A form may hide a field only when a record can still be saved without it: a field the entity requires
 * and gives no default cannot be hidden (Frappe refuses the same in Customize Form).
 */
function hiddenRequiredFields(path: string, schemas: SchemaFiles): SchemaIssue[] {
  const form = obj(schemas[path]);
  const entityName = String(form.entity ?? '');
  const fields = obj(obj(schemas[`schemas/entities/${entityName}/${entityName}.entity.json`]).fields);
  const issues: SchemaIssue[] = [];
  for (const [sectionName, section] of Object.entries(obj(form.sections)))
    for (const [name, layout] of Object.entries(obj(obj(section).fields))) {
      const field = obj(fields[name]);
      if (obj(layout).hidden === true && field.required === true && field.default === undefined)
        issues.push({
          file: path,
          pointer: `/sections/${sectionName}/fields/${name}/hidden`,
          message: `o campo "${String(field.label ?? name)}" é obrigatório e não tem valor padrão: não pode ser oculto`,
        });
    }
  return issues;
}

/**
 * The published layer at boot or reload: applies every patch that is still valid over the current base and
 * lists the others (a patch naming a field or screen an upgrade removed), instead of refusing the whole
 * layer or dropping a patch silently. `npm run check:overrides` and the studio show the same issues.
 */
export function tolerantCustomizations(
  tenantSchemas: SchemaFiles,
  customizations: Customizations,
  files: SchemaFiles,
): CustomizedSchemas {
  const whole = applyCustomizations(tenantSchemas, customizations, files);
  if (whole.issues.length === 0) return whole;
  const issues: SchemaIssue[] = [];
  let accepted: Customizations = {};
  let schemas = tenantSchemas;
  for (const [path, patch] of Object.entries(customizations)) {
    const attempt = applyCustomizations(tenantSchemas, { ...accepted, [path]: patch }, files);
    if (attempt.issues.length === 0) {
      accepted = { ...accepted, [path]: patch };
      schemas = attempt.schemas;
    } else issues.push(...attempt.issues.filter((issue) => issue.file === path || !(issue.file in accepted)));
  }
  return { schemas, issues };
}
