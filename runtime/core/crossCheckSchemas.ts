import type { SchemaIssue } from './createSchemaValidator.ts';
import { customFieldName } from './customFields.ts';
import { checkDocumentActions } from './documents/checkDocumentActions.ts';
import { checkDocumentDefinition } from './documents/checkDocumentDefinition.ts';
import { checkFormulas } from './formula/checkFormulas.ts';
import { isPlainObject } from './mergePatch.ts';
import { REPORT_DATASET_FIELDS } from './reportDatasets.ts';
import { SYSTEM_FIELDS } from './resolveEntity.ts';
import { schemaKind } from './schemaKind.ts';
import {
  checkScreenSections,
  checkToolActionNames,
  checkToolParameterNames,
} from './screens/checkScreenSections.ts';
import { DEFAULT_TOKENS } from './screens/resolveDefaultTokens.ts';
import { screenPermissionKeys } from './screens/screenPermissionKeys.ts';

type Json = Record<string, unknown>;
const obj = (value: unknown): Json => (isPlainObject(value) ? value : {});

/**
 * Checks the references between schema files that no single meta-schema can see: permission
 * keys and modules used by menus, enums and relations used by entities, fields used by forms,
 * grids and reports, and the themes, modules and domains of the tenants.
 */
/** Names a custom field may not take: the record's system properties and the `custom` object itself. */
const RESERVED_CUSTOM_NAMES = new Set([...SYSTEM_FIELDS, 'custom', 'and', 'or']);

export function crossCheckSchemas(
  schemas: Record<string, unknown>,
  allFiles: Record<string, unknown>,
): SchemaIssue[] {
  const issues: SchemaIssue[] = [];
  const push = (file: string, pointer: string, message: string) => issues.push({ file, pointer, message });
  const permissions = obj(schemas['schemas/permissions/keys.json']);
  const keys = obj(permissions.keys);
  const modules = obj(permissions.modules);
  const enumExists = (name: string) => `schemas/enums/${name}.enum.json` in schemas;
  const entityPath = (name: string) => `schemas/entities/${name}/${name}.entity.json`;
  // A view entity (extends) sees its base's fields plus its own.
  const entityFields = (name: string, depth = 0): Json | null => {
    if (!(entityPath(name) in schemas)) return null;
    const entity = obj(schemas[entityPath(name)]);
    const base = obj(entity.extends).entity;
    const inherited = typeof base === 'string' && depth < 3 ? (entityFields(base, depth + 1) ?? {}) : {};
    return { ...inherited, ...obj(entity.fields) };
  };
  // Custom fields of an entity (a white-label's studio layer), its base's included.
  const entityCustomFields = (name: string, depth = 0): Json => {
    const entity = obj(schemas[entityPath(name)]);
    const base = obj(entity.extends).entity;
    const inherited = typeof base === 'string' && depth < 3 ? entityCustomFields(base, depth + 1) : {};
    return { ...inherited, ...obj(entity.customFields) };
  };
  // Child collections of an entity, its base's included.
  const entityChildren = (name: string, depth = 0): Json => {
    const entity = obj(schemas[entityPath(name)]);
    const base = obj(entity.extends).entity;
    const inherited = typeof base === 'string' && depth < 3 ? entityChildren(base, depth + 1) : {};
    return { ...inherited, ...obj(entity.children) };
  };

  for (const [key, value] of Object.entries(keys)) {
    const module = obj(value).module;
    if (typeof module === 'string' && !(module in modules))
      push(
        'schemas/permissions/keys.json',
        `/keys/${key}/module`,
        `módulo "${module}" não declarado em modules`,
      );
  }

  for (const [path, content] of Object.entries(schemas)) {
    const kind = schemaKind(path);
    const data = obj(content);
    if (kind === 'menu') checkMenuItems(path, obj(data.items), '/items');
    if (kind === 'entity') {
      const fields = entityFields(String(data.name)) ?? obj(data.fields);
      if (typeof data.permission === 'string' && !(data.permission in keys))
        push(path, '/permission', `chave de permissão "${data.permission}" não existe em keys.json`);
      for (const [name, field] of Object.entries(fields)) {
        const spec = obj(field);
        if (typeof spec.enum === 'string' && !enumExists(spec.enum))
          push(path, `/fields/${name}/enum`, `enumeração "${spec.enum}" não existe em schemas/enums`);
        const relation = obj(spec.relation);
        if (typeof relation.entity === 'string' && entityFields(relation.entity) === null)
          push(path, `/fields/${name}/relation/entity`, `entidade "${relation.entity}" não existe`);
      }
      checkCustomFields(path, String(data.name), fields);
      for (const pointerField of ['display', 'tree'] as const) {
        const value = data[pointerField];
        if (typeof value === 'string' && !(value in fields))
          push(path, `/${pointerField}`, `campo "${value}" não existe`);
      }
      for (const [name, index] of Object.entries(obj(data.indexes))) {
        const list = obj(index).fields;
        for (const [i, field] of (Array.isArray(list) ? list : []).entries())
          if (typeof field === 'string' && !(field in fields))
            push(path, `/indexes/${name}/fields/${i}`, `campo "${field}" não existe`);
      }
      const view = obj(data.extends);
      if (typeof view.entity === 'string') {
        const baseFields = entityFields(view.entity);
        if (baseFields === null) push(path, '/extends/entity', `entidade "${view.entity}" não existe`);
        else
          for (const field of Object.keys(obj(view.fixed)))
            if (!(field in baseFields))
              push(path, `/extends/fixed/${field}`, `campo "${field}" não existe em "${view.entity}"`);
      }
      for (const [pointer, message] of checkFormulas(fields, entityChildren(String(data.name)), entityFields))
        push(path, pointer, message);
      if (data.document !== undefined)
        for (const [pointer, message] of checkDocumentDefinition(data.document, fields, keys))
          push(path, pointer, message);
      for (const [i, conditions] of (Array.isArray(obj(data.lock).when)
        ? (obj(data.lock).when as unknown[])
        : []
      ).entries())
        for (const field of Object.keys(obj(conditions)))
          if (!(field in fields)) push(path, `/lock/when/${i}/${field}`, `campo "${field}" não existe`);
      if (data.actions !== undefined)
        for (const [pointer, message] of checkDocumentActions(data.actions, data.document, fields, keys))
          push(path, pointer, message);
      for (const [name, child] of Object.entries(obj(data.children))) {
        const target = obj(child).entity;
        if (typeof target === 'string' && entityFields(target) === null)
          push(path, `/children/${name}/entity`, `entidade "${target}" não existe`);
      }
    }
    if (kind === 'form' || kind === 'grid' || kind === 'report') checkFieldUse(path, kind, data);
    if (kind === 'screen') {
      for (const { pointer, key } of screenPermissionKeys(data))
        if (!(key in keys))
          push(path, pointer, `chave de permissão "${key}" não existe em keys.json (regra: permission)`);
      if (data.kind === 'dashboard') checkDashboardLinks(path, obj(data.cards));
      const parameters = obj(data.parameters);
      const properties = obj(obj(parameters.schema).properties);
      for (const [field, entry] of Object.entries(obj(parameters.enums))) {
        const name = typeof entry === 'string' ? entry : obj(entry).enum;
        if (typeof name === 'string' && !enumExists(name))
          push(
            path,
            `/parameters/enums/${field}`,
            `enumeração "${name}" não existe em schemas/enums (regra: enums)`,
          );
        if (!(field in properties))
          push(
            path,
            `/parameters/enums/${field}`,
            `parâmetro "${field}" não existe em parameters/schema (regra: enums)`,
          );
      }
      for (const [field, property] of Object.entries(properties)) {
        const value = obj(property).default;
        if (
          typeof value === 'string' &&
          value.startsWith('$') &&
          !DEFAULT_TOKENS.some((token) => token === value)
        )
          push(
            path,
            `/parameters/schema/properties/${field}/default`,
            `padrão "${value}" desconhecido; use ${DEFAULT_TOKENS.join(', ')} (regra: default)`,
          );
      }
      for (const [pointer, message] of [
        ...checkScreenSections(data, schemas),
        ...checkToolActionNames(data),
        ...checkToolParameterNames(data),
      ])
        push(path, pointer, message);
      for (const field of Object.keys(obj(parameters.options)))
        if (!(field in properties))
          push(
            path,
            `/parameters/options/${field}`,
            `parâmetro "${field}" não existe em parameters/schema (regra: options)`,
          );
    }
  }

  const domains = new Map<string, string>();
  const idConfigs = new Map<string, string>();
  const themes = obj(obj(schemas['schemas/tenant/themes.json']).themes);
  for (const [path, content] of Object.entries(allFiles)) {
    if (schemaKind(path) !== 'tenant-settings') continue;
    const tenant = obj(content);
    const folder = path.split('/')[1];
    if (tenant.slug !== folder) push(path, '/slug', `deve ser igual ao nome da pasta ("${folder}")`);
    if (typeof tenant.tema === 'string' && !(tenant.tema in themes))
      push(path, '/tema', `tema "${tenant.tema}" não existe em schemas/tenant/themes.json`);
    for (const [i, module] of (Array.isArray(tenant.modulos) ? tenant.modulos : []).entries()) {
      const id = obj(module).id;
      if (typeof id === 'string' && !(id in modules))
        push(path, `/modulos/${i}/id`, `módulo "${id}" não existe em keys.json`);
    }
    for (const [i, domain] of (Array.isArray(tenant.domains) ? tenant.domains : []).entries()) {
      const owner = domains.get(String(domain));
      if (owner) push(path, `/domains/${i}`, `domínio "${domain}" já pertence a ${owner}`);
      else domains.set(String(domain), path);
    }
    const idConfig = String(tenant.idConfig);
    const owner = idConfigs.get(idConfig);
    if (owner) push(path, '/idConfig', `idConfig "${idConfig}" já pertence a ${owner}`);
    else idConfigs.set(idConfig, path);
  }
  return issues;

  /** The entity whose list is at `route` (its `route`, without "#/" and slashes around), if any. */
  function entityAtRoute(route: string): string | null {
    const bare = route.replace(/^[#/]+/, '').replace(/\/$/, '');
    for (const [path, content] of Object.entries(schemas)) {
      const entity = obj(content);
      if (schemaKind(path) === 'entity' && typeof entity.route === 'string')
        if (entity.route.replace(/^[#/]+/, '').replace(/\/$/, '') === bare) return String(entity.name);
    }
    return null;
  }

  /** A dashboard card's link opens an entity's list filtered by fields that entity has. */
  function checkDashboardLinks(path: string, cards: Json): void {
    for (const [name, card] of Object.entries(cards)) {
      const link = obj(obj(card).link);
      if (typeof link.route !== 'string') continue;
      const entity = entityAtRoute(link.route);
      if (!entity) {
        push(
          path,
          `/cards/${name}/link/route`,
          `rota "${link.route}" não é a lista de uma entidade (regra: link)`,
        );
        continue;
      }
      const fields = entityFields(entity) ?? {};
      for (const field of Object.keys(obj(link.where)))
        if (!['and', 'or', 'id'].includes(field) && !(field in fields))
          push(
            path,
            `/cards/${name}/link/where/${field}`,
            `campo "${field}" não existe em "${entity}" (regra: link)`,
          );
    }
  }

  function checkMenuItems(path: string, items: Json, pointer: string): void {
    for (const [id, raw] of Object.entries(items)) {
      const item = obj(raw);
      const key = obj(item.data).key;
      if (typeof key === 'string' && !(key in keys))
        push(path, `${pointer}/${id}/data/key`, `chave de permissão "${key}" não existe em keys.json`);
      const module = obj(item.conditions).module;
      if (typeof module === 'string' && !(module in modules))
        push(path, `${pointer}/${id}/conditions/module`, `módulo "${module}" não existe em keys.json`);
      if (isPlainObject(item.children)) checkMenuItems(path, item.children, `${pointer}/${id}/children`);
    }
  }

  /** A form section's related list: its entity, a relation field of it to the form's entity, its columns. */
  function checkRelated(path: string, sectionId: string, formEntity: string, related: Json): void {
    const pointer = `/sections/${sectionId}/related`;
    const fields = typeof related.entity === 'string' ? entityFields(related.entity) : null;
    if (fields === null) {
      push(path, `${pointer}/entity`, `entidade "${String(related.entity)}" não existe`);
      return;
    }
    const foreignKey = obj(fields[String(related.foreignKey)]);
    if (foreignKey.type !== 'relation' || obj(foreignKey.relation).entity !== formEntity)
      push(
        path,
        `${pointer}/foreignKey`,
        `"${String(related.foreignKey)}" não é uma relação de "${String(related.entity)}" com "${formEntity}"`,
      );
    for (const key of ['columns', 'totals'] as const)
      for (const [i, name] of (Array.isArray(related[key]) ? related[key] : []).entries())
        if (!(String(name) in fields))
          push(
            path,
            `${pointer}/${key}/${i}`,
            `campo "${String(name)}" não existe em "${String(related.entity)}"`,
          );
  }

  /** A custom field never takes a name the entity already uses, points at an existing entity, lists distinct options. */
  function checkCustomFields(path: string, entity: string, fields: Json): void {
    for (const [name, field] of Object.entries(entityCustomFields(entity))) {
      const spec = obj(field);
      const pointer = `/customFields/${name}`;
      if (name in fields || RESERVED_CUSTOM_NAMES.has(name))
        push(
          path,
          pointer,
          `"${name}" já é um campo de ${entity}: escolha outro nome para o campo personalizado`,
        );
      const relation = obj(spec.relation);
      if (typeof relation.entity === 'string' && entityFields(relation.entity) === null)
        push(path, `${pointer}/relation/entity`, `entidade "${relation.entity}" não existe`);
      const values = (Array.isArray(spec.options) ? spec.options : []).map((option) => obj(option).value);
      const repeated = values.find((value, index) => values.indexOf(value) !== index);
      if (repeated !== undefined)
        push(path, `${pointer}/options`, `a opção "${String(repeated)}" aparece mais de uma vez`);
    }
  }

  function checkFieldUse(path: string, kind: 'form' | 'grid' | 'report', data: Json): void {
    const entity = kind === 'report' ? obj(data.source).entity : data.entity;
    const fields = typeof entity === 'string' ? entityFields(entity) : null;
    if (fields === null) {
      push(path, kind === 'report' ? '/source/entity' : '/entity', `entidade "${String(entity)}" não existe`);
      return;
    }
    const custom = typeof entity === 'string' ? entityCustomFields(entity) : {};
    const known = (name: string) => {
      const customName = customFieldName(name);
      if (customName !== null) return customName in custom;
      return (name.split('.')[0] as string) in fields || ['id', 'criadoEm', 'alteradoEm'].includes(name);
    };
    if (kind === 'form') {
      // A form may place a child collection (entity `children`, its base's too) as an items table.
      const children = typeof entity === 'string' ? entityChildren(entity) : {};
      for (const [sectionId, section] of Object.entries(obj(data.sections)))
        for (const [name, layout] of Object.entries(obj(obj(section).fields))) {
          const child = obj(children[name]);
          const itemFields = typeof child.entity === 'string' ? (entityFields(child.entity) ?? {}) : null;
          const pointer = `/sections/${sectionId}/fields/${name}`;
          if (itemFields === null) {
            for (const key of ['columns', 'compute', 'fill', 'totals'])
              if (key in obj(layout))
                push(path, `${pointer}/${key}`, `só vale para uma coleção filha (children)`);
            continue;
          }
          const spec = obj(layout);
          const used = [
            ...(Array.isArray(spec.columns) ? spec.columns : []),
            ...(Array.isArray(spec.totals) ? spec.totals : []),
            ...Object.entries(obj(spec.compute)).flatMap(([field, rule]) => [
              field,
              ...(Array.isArray(obj(rule).multiply) ? (obj(rule).multiply as unknown[]) : []),
            ]),
            ...Object.entries(obj(spec.fill)).flatMap(([field, map]) => [field, ...Object.keys(obj(map))]),
          ];
          for (const field of used)
            if (!(String(field) in itemFields))
              push(path, pointer, `campo "${String(field)}" não existe em "${String(child.entity)}"`);
        }
      const tabs = obj(data.tabs);
      for (const [sectionId, section] of Object.entries(obj(data.sections))) {
        if (isPlainObject(obj(section).related))
          checkRelated(path, sectionId, String(entity), obj(obj(section).related));
        const tab = obj(section).tab;
        if (typeof tab === 'string' && !(tab in tabs))
          push(path, `/sections/${sectionId}/tab`, `aba "${tab}" não existe em tabs`);
        for (const name of Object.keys(obj(obj(section).fields)))
          if (!known(name) && !(name in children))
            push(path, `/sections/${sectionId}/fields/${name}`, `campo "${name}" não existe na entidade`);
      }
    }
    if (kind === 'grid') {
      for (const name of Object.keys(obj(data.columns)))
        if (!known(name)) push(path, `/columns/${name}`, `campo "${name}" não existe na entidade`);
      for (const [i, name] of (Array.isArray(data.searchFields) ? data.searchFields : []).entries())
        if (!known(String(name))) push(path, `/searchFields/${i}`, `campo "${name}" não existe na entidade`);
    }
    if (kind === 'report') {
      if (typeof data.permission === 'string' && !(data.permission in keys))
        push(path, '/permission', `chave de permissão "${data.permission}" não existe em keys.json`);
      const datasetName = obj(data.source).dataset;
      const dataset = typeof datasetName === 'string' ? REPORT_DATASET_FIELDS[datasetName] : undefined;
      if (dataset) {
        // A dataset report: filters are its parameters, columns its fields (not the entity's).
        for (const [name, filter] of Object.entries(obj(data.filters))) {
          const field = String(obj(filter).field);
          if (!dataset.params.includes(field))
            push(
              path,
              `/filters/${name}/field`,
              `parâmetro "${field}" não existe no conjunto "${datasetName}"`,
            );
        }
        for (const [name, column] of Object.entries(obj(data.columns))) {
          const field = String(obj(column).field ?? name);
          if (!dataset.fields.includes(field))
            push(path, `/columns/${name}`, `campo "${field}" não existe no conjunto "${datasetName}"`);
        }
        return;
      }
      for (const [name, filter] of Object.entries(obj(data.filters))) {
        const field = String(obj(filter).field);
        if (!known(field)) push(path, `/filters/${name}/field`, `campo "${field}" não existe na entidade`);
      }
      const aggregates = obj(obj(data.source).aggregates);
      for (const [name, aggregate] of Object.entries(aggregates)) {
        const child = entityFields(String(obj(aggregate).entity));
        if (child === null) {
          push(path, `/source/aggregates/${name}/entity`, `entidade "${obj(aggregate).entity}" não existe`);
          continue;
        }
        for (const key of ['foreignKey', 'sum'] as const) {
          const field = String(obj(aggregate)[key]);
          if (!(field in child))
            push(path, `/source/aggregates/${name}/${key}`, `campo "${field}" não existe na entidade`);
        }
      }
      const columns = obj(data.columns);
      for (const [name, column] of Object.entries(columns)) {
        const factors = obj(column).multiply;
        if (Array.isArray(factors)) {
          for (const [i, factor] of factors.entries())
            if (!(String(factor) in columns) || factor === name)
              push(path, `/columns/${name}/multiply/${i}`, `coluna "${factor}" não existe no relatório`);
          continue;
        }
        const field = String(obj(column).field ?? name);
        if (!known(field) && !(field in aggregates))
          push(path, `/columns/${name}`, `campo "${field}" não existe na entidade`);
      }
      for (const [i, name] of (Array.isArray(data.groupBy) ? data.groupBy : []).entries())
        if (!known(String(name))) push(path, `/groupBy/${i}`, `campo "${name}" não existe na entidade`);
    }
  }
}
