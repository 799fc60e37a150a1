/**
 * Custom fields (Estúdio › Campos personalizados): fields a white-label adds to an entity without a
 * migration. They are declared in the entity's `customFields` (a studio patch), stored in the table's
 * `custom` jsonb column, and addressed as `custom.<name>` in filters, orders, grid columns, form layouts
 * and exports. One module names them for the server, the browser and the studio.
 */
import type { CustomField, CustomFieldType, EntityField, EnumDefinition } from './resolveEntity.ts';

export type { CustomField, CustomFieldType } from './resolveEntity.ts';

/** The jsonb column (and API property) holding a record's custom-field values. */
export const CUSTOM_COLUMN = 'custom';
const PREFIX = `${CUSTOM_COLUMN}.`;
const NAME = /^[a-z][a-zA-Z0-9]{0,39}$/;

/** Labels of the types, as the studio lists them. */
export const CUSTOM_FIELD_TYPES: ReadonlyArray<{ type: CustomFieldType; label: string }> = [
  { type: 'string', label: 'Texto' },
  { type: 'text', label: 'Texto longo' },
  { type: 'integer', label: 'Número inteiro' },
  { type: 'decimal', label: 'Número decimal' },
  { type: 'money', label: 'Valor (R$)' },
  { type: 'date', label: 'Data' },
  { type: 'boolean', label: 'Sim/não' },
  { type: 'enum', label: 'Lista de opções' },
  { type: 'relation', label: 'Referência a outro cadastro' },
];

/** "custom.codigoInterno" of a custom field's name. */
export function customFieldPath(name: string): string {
  return `${PREFIX}${name}`;
}

/** The custom field's name of a `custom.<name>` path, or null for any other name. */
export function customFieldName(path: string): string | null {
  if (!path.startsWith(PREFIX)) return null;
  const name = path.slice(PREFIX.length);
  return NAME.test(name) ? name : null;
}

/** Name of the synthetic enumeration of a list custom field (its options as enumeration values). */
export function customEnumName(entity: string, name: string): string {
  return `custom:${entity}.${name}`;
}

/**
 * A custom field as an entity field, so that schemas, forms and grids treat it like any other: a list
 * becomes an `enum` over the synthetic enumeration `customEnumName` (see customEnums), a relation keeps
 * its target, a decimal its precision.
 */
export function customFieldAsEntityField(entity: string, name: string, field: CustomField): EntityField {
  const { options: _options, relation, placeholder: _placeholder, type, ...rest } = field;
  return {
    ...rest,
    type,
    ...(type === 'enum' ? { enum: customEnumName(entity, name) } : {}),
    ...(type === 'relation' && relation ? { relation: { entity: relation.entity } } : {}),
    ...(type === 'decimal' ? { precision: field.precision ?? 2 } : {}),
  } as EntityField;
}

/** The synthetic enumerations of an entity's list custom fields (string codes: the option values). */
export function customEnums(
  entity: string,
  customFields: Record<string, CustomField> | undefined,
): Record<string, EnumDefinition> {
  const enums: Record<string, EnumDefinition> = {};
  for (const [name, field] of Object.entries(customFields ?? {}))
    if (field.type === 'enum')
      enums[customEnumName(entity, name)] = {
        name: customEnumName(entity, name),
        label: field.label,
        codeType: 'string',
        values: (field.options ?? []).map((option) => ({ code: option.value, label: option.label })),
      };
  return enums;
}

/**
 * SQL expression reading one custom field's value with its type, never failing on a stored value of
 * another type (a field whose type changed after values were saved): a mismatch reads as NULL. `name`
 * must be a checked custom field name (customFieldName), the only text interpolated.
 */
export function customFieldSql(name: string, type: CustomFieldType, column = `"${CUSTOM_COLUMN}"`): string {
  if (!NAME.test(name)) throw new Error(`nome de campo personalizado inválido: ${name}`);
  const value = `${column}->'${name}'`;
  const text = `${column}->>'${name}'`;
  switch (type) {
    case 'integer':
    case 'decimal':
    case 'money':
    case 'relation':
      return `(CASE WHEN jsonb_typeof(${value}) = 'number' THEN (${text})::numeric END)`;
    case 'boolean':
      return `(CASE WHEN jsonb_typeof(${value}) = 'boolean' THEN (${text})::boolean END)`;
    default:
      // Text, list values and ISO dates (AAAA-MM-DD compares in date order as text).
      return `(CASE WHEN jsonb_typeof(${value}) = 'string' THEN ${text} END)`;
  }
}

/** compileFilter's value type of a custom field. */
export function customFilterType(type: CustomFieldType): 'string' | 'number' | 'boolean' | 'date' {
  if (type === 'boolean') return 'boolean';
  if (type === 'date') return 'date';
  if (type === 'integer' || type === 'decimal' || type === 'money' || type === 'relation') return 'number';
  return 'string';
}

/** Property key of a custom field in a flat form (rjsf): field names have no `_`, so this never collides. */
export function customFormKey(name: string): string {
  return `${CUSTOM_COLUMN}_${name}`;
}

/** The custom field's name of a flat form key, or null. */
export function customNameOfFormKey(key: string): string | null {
  if (!key.startsWith(`${CUSTOM_COLUMN}_`)) return null;
  const name = key.slice(CUSTOM_COLUMN.length + 1);
  return NAME.test(name) ? name : null;
}

/** A record as a flat form holds it: `custom: {a: 1}` becomes `custom_a: 1` (the object itself is dropped). */
export function flattenCustomValues(data: Record<string, unknown>): Record<string, unknown> {
  const { [CUSTOM_COLUMN]: custom, ...rest } = data;
  if (custom === null || typeof custom !== 'object' || Array.isArray(custom)) return rest;
  for (const [name, value] of Object.entries(custom)) if (NAME.test(name)) rest[customFormKey(name)] = value;
  return rest;
}

/** A flat form's body as the API takes it: every `custom_<name>` key folded into `custom` (null clears). */
export function foldCustomValues(body: Record<string, unknown>): Record<string, unknown> {
  const folded: Record<string, unknown> = {};
  const custom: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    const name = customNameOfFormKey(key);
    if (name === null) folded[key] = value;
    else custom[name] = value;
  }
  if (Object.keys(custom).length > 0) folded[CUSTOM_COLUMN] = custom;
  return folded;
}

/**
 * An entity as a flat form sees it: each custom field an ordinary field under its form key
 * (customFormKey), with the synthetic enumerations of its lists; `customFields` emptied so the schema
 * has no `custom` object.
 */
export function withCustomFormFields<
  E extends { name: string; fields: Record<string, EntityField>; customFields: Record<string, CustomField> },
>(entity: E): E {
  const fields = { ...entity.fields };
  for (const [name, field] of Object.entries(entity.customFields))
    fields[customFormKey(name)] = customFieldAsEntityField(entity.name, name, field);
  return { ...entity, fields, customFields: {} };
}

/** "Código interno" → "codigoInterno": the internal name a label suggests (no accents, camelCase). */
export function customFieldNameFromLabel(label: string): string {
  const words = label
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 ]+/g, ' ')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  // A name starts with a letter: leading words that do not ("2ª via") are left out.
  while (words[0] && !/^[A-Za-z]/.test(words[0])) words.shift();
  const name = words
    .map((word, index) =>
      index === 0 ? word.toLowerCase() : word.charAt(0).toUpperCase() + word.slice(1).toLowerCase(),
    )
    .join('');
  return name.slice(0, 40);
}
