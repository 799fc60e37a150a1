import type { RJSFSchema } from '@rjsf/utils';
import { childCollectionSchemas } from '../../../core/childCollectionSchemas.ts';
import {
  type CustomField,
  customEnums,
  customFieldName,
  customFormKey,
  withCustomFormFields,
} from '../../../core/customFields.ts';
import { entityJsonSchema } from '../../../core/entityJsonSchema.ts';
import { type EnumDefinition, type ResolvedEntity, resolveEntity } from '../../../core/resolveEntity.ts';
import type { SchemaBundle } from '../../app/RuntimeContext.tsx';
import type { ChildInfo } from './buildChildCollection.ts';
import { defaultFormFile } from './defaultFormFile.ts';
import type { FormFile } from './formTypes.ts';

type EntityFiles = { entity?: unknown; form?: unknown; grid?: unknown };

/** The bundle's entity files keyed by repository path, as resolveEntity reads them. */
function entityFileMap(schemas: SchemaBundle): Record<string, unknown> {
  const files: Record<string, unknown> = {};
  for (const [name, entry] of Object.entries((schemas.entities ?? {}) as Record<string, EntityFiles>))
    if (entry.entity) files[`schemas/entities/${name}/${name}.entity.json`] = entry.entity;
  return files;
}

/**
 * Everything a generic form needs of the tenant's merged schemas: the entity (a view merged over its
 * base), its form file (its own, else the base's, else a generated one), its input JSON Schema
 * (entityJsonSchema, the server's too, with its child collections), the resource/display of relation
 * targets and the child entities with their grid and form files.
 */
export function resolveFormSchemas(schemas: SchemaBundle, entityName: string) {
  const files = entityFileMap(schemas);
  const entries = (schemas.entities ?? {}) as Record<string, EntityFiles>;
  const declared = resolveEntity(entityName, files);
  // Custom fields become ordinary fields of a flat form (custom_<name>); the body folds them back.
  const entity = withCustomFormFields(declared);
  const enums = {
    ...(schemas.enums as unknown as Record<string, EnumDefinition>),
    ...customEnums(declared.name, declared.customFields),
  };
  const form = withCustomFormLayout(
    (entries[entityName]?.form ?? entries[entity.base]?.form ?? defaultFormFile(declared)) as FormFile,
    declared.customFields,
  );
  const resolve = (name: string) => {
    try {
      return resolveEntity(name, files);
    } catch {
      return undefined;
    }
  };
  const childItems = childCollectionSchemas(entity, { enums }, 'input', resolve);
  const schema = entityJsonSchema(entity, { enums }, { mode: 'input', childItems }) as RJSFSchema;
  const readOnlySchema = entityJsonSchema(entity, { enums }, { mode: 'output' }) as RJSFSchema;
  // A server-owned code (an E/C flag) shows its label, and empty (not set yet) is a value, not an error.
  const shown = (readOnlySchema.properties ?? {}) as Record<string, RJSFSchema>;
  for (const [name, field] of Object.entries(entity.fields)) {
    const list =
      field.type === 'enum' && field.readOnly && !field.multiple ? enums[field.enum ?? ''] : undefined;
    const { enum: _codes, ...property } = shown[name] ?? {};
    if (list && shown[name])
      shown[name] = {
        ...property,
        oneOf: [
          ...list.values.map((value) => ({ const: value.code, title: value.label })),
          ...(field.required ? [] : [{ const: null, title: '' }]),
        ],
      } as RJSFSchema;
  }
  // An optional enum read back empty (null) is a value, not an error: the input schema's oneOf lists only
  // the codes, so a record saved without one could not be saved again.
  const editable = (schema.properties ?? {}) as Record<string, RJSFSchema>;
  for (const [name, field] of Object.entries(entity.fields)) {
    const property = editable[name];
    if (field.type !== 'enum' || field.required || field.multiple || !Array.isArray(property?.oneOf))
      continue;
    editable[name] = { ...property, oneOf: [...property.oneOf, { const: null, title: '' }] } as RJSFSchema;
  }
  const childInfo = (name: string): ChildInfo | undefined => {
    const spec = entity.children[name];
    const child = spec ? resolve(spec.entity) : undefined;
    if (!spec || !child) return undefined;
    const files = entries[spec.entity] ?? {};
    return {
      entity: child,
      foreignKey: spec.foreignKey,
      grid: files.grid,
      form: files.form as FormFile | undefined,
    };
  };
  const relationTarget = (name: string) => {
    let target: ResolvedEntity;
    try {
      target = resolveEntity(name, files);
    } catch {
      return undefined;
    }
    const numeric = Object.entries(target.fields)
      .filter(([, field]) => field.type === 'integer' || field.type === 'decimal')
      .map(([key]) => key);
    return { resource: target.resource, display: target.display ?? 'nome', numeric };
  };
  return { entity, form, schema, readOnlySchema, relationTarget, childInfo };
}

/** Title of the section holding the custom fields a form file does not place. */
export const CUSTOM_SECTION_TITLE = 'Campos personalizados';

/**
 * A form file with its custom fields under their flat keys: a field the layout places as `custom.<name>`
 * keeps its place; the others go, in declaration order, into a last section "Campos personalizados" of
 * the first tab. Placed fields of a custom field that no longer exists are dropped.
 */
export function withCustomFormLayout(form: FormFile, customFields: Record<string, CustomField>): FormFile {
  const placed = new Set<string>();
  const sections: FormFile['sections'] = {};
  for (const [id, section] of Object.entries(form.sections)) {
    if (!section.fields) {
      sections[id] = section;
      continue;
    }
    const fields: NonNullable<typeof section.fields> = {};
    for (const [name, layout] of Object.entries(section.fields)) {
      const custom = customFieldName(name);
      if (custom === null) fields[name] = layout;
      else if (Object.hasOwn(customFields, custom)) {
        fields[customFormKey(custom)] = layout;
        placed.add(custom);
      }
    }
    sections[id] = { ...section, fields };
  }
  const rest = Object.keys(customFields).filter((name) => !placed.has(name));
  if (rest.length > 0) {
    const firstTab = Object.keys(form.tabs ?? {})[0];
    sections.camposPersonalizados = {
      title: CUSTOM_SECTION_TITLE,
      ...(firstTab ? { tab: firstTab } : {}),
      columns: 2,
      fields: Object.fromEntries(rest.map((name) => [customFormKey(name), {}])),
    };
  }
  return { ...form, sections };
}
