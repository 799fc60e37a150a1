import {
  CUSTOM_COLUMN,
  customEnumName,
  customEnums,
  customFieldName,
  customFieldPath,
  customFieldSql,
} from '../../../core/customFields.ts';
import type { Where } from '../../../core/loopbackFilter.ts';
import type { ReportColumn, ReportColumnFormat, ReportDefinition } from '../../../core/reportDefinition.ts';
import type { EntityField, EnumDefinition } from '../../../core/resolveEntity.ts';
import { resolveReportFilters } from '../../../core/resolveReportFilters.ts';
import type { SchemaFiles } from '../../../core/validateSchemaSet.ts';
import { compileFilter, type FieldMap } from '../../db/compileFilter.ts';
import { recordEntity } from '../records/recordEntity.ts';
import { buildDatasetPlan } from './datasets/buildDatasetPlan.ts';
import type { PlanColumn, PlanGroup, ReportPlan } from './reportPlan.ts';
import { zonedDayStart } from './zonedDayStart.ts';

const q = (name: string) => `"${name.replaceAll('"', '""')}"`;

const FORMAT_OF_TYPE: Partial<Record<EntityField['type'], ReportColumnFormat>> = {
  money: 'money',
  percent: 'percent',
  integer: 'number',
  decimal: 'number',
  date: 'date',
  datetime: 'datetime',
  enum: 'enum',
  boolean: 'boolean',
};

const SYSTEM_FORMATS: Record<string, ReportColumnFormat> = {
  id: 'number',
  criadoEm: 'datetime',
  alteradoEm: 'datetime',
};

function enumLabels(enums: Record<string, EnumDefinition>, name: string | undefined) {
  const list = name ? enums[name] : undefined;
  return list ? Object.fromEntries(list.values.map((value) => [String(value.code), value.label])) : undefined;
}

/** The field map of an entity with every column qualified by a table alias (the report query joins). */
function qualified(fieldMap: FieldMap, alias: string): FieldMap {
  return Object.fromEntries(
    Object.entries(fieldMap)
      .filter(([name]) => !name.includes('.'))
      .map(([name, spec]) => [name, { ...spec, column: `${alias}.${spec.column}` }]),
  );
}

/**
 * A plain date compared with a date-time column means whole days in the company's time zone:
 * `>= 31/01` from 00:00 of that day, `<= 31/01` until the end of it.
 */
function widenDays(where: Where, fieldMap: FieldMap): Where {
  const and = (where.and ?? []).map((condition) => {
    const [field, value] = Object.entries(condition)[0] ?? [];
    if (!field || fieldMap[field]?.type !== 'datetime' || typeof value !== 'object' || value === null)
      return condition;
    const [op, operand] = Object.entries(value)[0] ?? [];
    if (typeof operand !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(operand)) return condition;
    const start = zonedDayStart(operand, 0);
    const next = zonedDayStart(operand, 1);
    const ops: Record<string, Record<string, string>> = {
      gte: { gte: start },
      gt: { gte: next },
      lt: { lt: start },
      lte: { lt: next },
    };
    return ops[op as string] ? { [field]: ops[op as string] } : condition;
  });
  return and.length > 0 ? { and } : {};
}

export interface ReportPlanInput {
  definition: ReportDefinition;
  schemas: SchemaFiles;
  formato: 'pdf' | 'xlsx';
  filtros: unknown;
  relatorioId: number;
  tenant: ReportPlan['tenant'];
}

/**
 * Turns a report definition and the user's filters into the SQL and column plan a worker runs: own
 * fields, relation fields (`clienteId` shows the target's display field, `clienteId.nome` a chosen one)
 * through LEFT JOINs, aggregates of a child entity (summed per row, exits negated) through a grouped
 * join, the fixed `source.where`, the filters, and the order (groupBy fields first). Every identifier
 * comes from the entity files, every value is a parameter, and the query runs as the tenant (RLS).
 * Throws ReportFilterError (400) for filters the user must fix.
 */
export function buildReportPlan(input: ReportPlanInput): ReportPlan {
  const { definition, schemas, tenant } = input;
  if (definition.source.dataset) return buildDatasetPlan(input);
  const record = recordEntity(schemas, definition.source.entity);
  const { entity, enums } = record;
  const fields = qualified(record.fieldMap, 't');
  const params: unknown[] = [];
  const joins: string[] = [];
  const conditions: string[] = [];
  const bind = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const scopeOf = (scope: string, alias: string, fixed: Record<string, unknown>, map: FieldMap) => {
    const parts: string[] = [];
    if (scope !== 'global') parts.push(`${alias}.empresa_id = ${bind(tenant.empresaId)}`);
    if (scope === 'filial') parts.push(`${alias}.filial_id = ${bind(tenant.filialId)}`);
    for (const [field, value] of Object.entries(fixed)) {
      const column = map[field]?.column;
      if (column) parts.push(`${alias}.${q(column)} = ${bind(value)}`);
    }
    return parts;
  };
  conditions.push(...scopeOf(entity.scope, 't', entity.fixed, record.fieldMap));
  const ownColumn = (field: string) => {
    const spec = fields[field];
    if (!spec) throw new Error(`relatório ${definition.name}: campo "${field}" não existe`);
    return `t.${q(record.fieldMap[field]?.column ?? field)}`;
  };

  const aggregateAliases = new Map<string, string>();
  for (const [name, aggregate] of Object.entries(definition.source.aggregates ?? {})) {
    const child = recordEntity(schemas, aggregate.entity);
    const column = (field: string) => q(child.fieldMap[field]?.column ?? field);
    const alias = `a_${aggregateAliases.size}`;
    const amount = `c.${column(aggregate.sum)}`;
    const negate = aggregate.negateWhen;
    const summed = negate
      ? `CASE WHEN c.${column(negate.field)} IN (${negate.values.map(bind).join(', ')}) THEN -${amount} ELSE ${amount} END`
      : amount;
    const where = scopeOf(child.entity.scope, 'c', child.entity.fixed, child.fieldMap);
    joins.push(
      `LEFT JOIN (SELECT c.${column(aggregate.foreignKey)} AS k, sum(${summed}) AS v FROM ${q(child.entity.table)} c` +
        `${where.length ? ` WHERE ${where.join(' AND ')}` : ''} GROUP BY 1) ${alias} ON ${alias}.k = t.id`,
    );
    aggregateAliases.set(name, alias);
  }

  const relationJoins = new Map<
    string,
    { alias: string; target: ReturnType<typeof recordEntity>; display: string | undefined }
  >();
  const joinRelation = (field: string) => {
    const existing = relationJoins.get(field);
    if (existing) return existing;
    const spec = entity.fields[field];
    if (spec?.type !== 'relation' || !spec.relation || spec.multiple)
      throw new Error(`relatório ${definition.name}: "${field}" não é uma relação simples`);
    const target = recordEntity(schemas, spec.relation.entity);
    const alias = `r_${relationJoins.size}`;
    joins.push(
      `LEFT JOIN ${q(target.entity.table)} ${alias} ON ${alias}.id = t.${q(record.fieldMap[field]?.column ?? field)}`,
    );
    const joined = { alias, target, display: spec.relation.display };
    relationJoins.set(field, joined);
    return joined;
  };

  const select: string[] = [];
  const columns: PlanColumn[] = [];
  // The white-label's custom fields of the source entity follow the report's own columns, as in its list.
  const reportColumns: Record<string, ReportColumn> = { ...definition.columns };
  const named = new Set(Object.entries(definition.columns).map(([key, column]) => column.field ?? key));
  for (const [name, custom] of Object.entries(entity.customFields))
    if (!named.has(customFieldPath(name))) reportColumns[customFieldPath(name)] = { label: custom.label };
  const allEnums = { ...enums, ...customEnums(entity.name, entity.customFields) };
  const keys = Object.keys(reportColumns);
  for (const [key, column] of Object.entries(reportColumns) as Array<[string, ReportColumn]>) {
    const base = {
      key,
      label: column.label,
      width: column.width ?? 14,
      ...(column.total ? { total: column.total } : {}),
    };
    if (column.multiply) {
      columns.push({
        ...base,
        format: column.format ?? 'number',
        align: column.align ?? 'right',
        multiply: column.multiply.map((factor) => keys.indexOf(factor)),
      });
      continue;
    }
    const path = column.field ?? key;
    const alias = `c${columns.length}`;
    let format: ReportColumnFormat = column.format ?? 'text';
    let enumName = column.enum;
    let integer = false;
    const aggregate = aggregateAliases.get(path);
    if (aggregate) {
      select.push(`coalesce(${aggregate}.v, 0) AS ${alias}`);
      format = column.format ?? 'number';
    } else if (customFieldName(path) !== null) {
      // A white-label's custom field, read typed from the `custom` column (NULL when another type is stored).
      const name = customFieldName(path) as string;
      const custom = entity.customFields[name];
      if (!custom) throw new Error(`relatório ${definition.name}: campo "${path}" não existe`);
      select.push(`${customFieldSql(name, custom.type, `t.${q(CUSTOM_COLUMN)}`)} AS ${alias}`);
      format =
        column.format ?? (custom.type === 'relation' ? 'number' : (FORMAT_OF_TYPE[custom.type] ?? 'text'));
      if (custom.type === 'enum') enumName ??= customEnumName(entity.name, name);
      integer = custom.type === 'integer' || custom.type === 'relation';
    } else {
      const [head = path, tail] = path.split('.');
      const own = entity.fields[head];
      if (own?.type === 'relation') {
        const joined = joinRelation(head);
        const targetField = tail ?? joined.display ?? joined.target.entity.display ?? 'id';
        const spec = joined.target.fieldMap[targetField];
        if (!spec) throw new Error(`relatório ${definition.name}: campo "${path}" não existe`);
        select.push(`${joined.alias}.${q(spec.column)} AS ${alias}`);
        const targetSpec = joined.target.entity.fields[targetField];
        format = column.format ?? (targetSpec ? (FORMAT_OF_TYPE[targetSpec.type] ?? 'text') : 'text');
        enumName ??= targetSpec?.enum;
        integer = spec.type === 'integer';
      } else {
        select.push(`${ownColumn(head)} AS ${alias}`);
        format =
          column.format ?? (own ? (FORMAT_OF_TYPE[own.type] ?? 'text') : (SYSTEM_FORMATS[head] ?? 'text'));
        enumName ??= own?.enum;
        integer = fields[head]?.type === 'integer';
      }
    }
    const numeric = format === 'money' || format === 'number' || format === 'percent';
    const labels = format === 'enum' ? enumLabels(allEnums, enumName) : undefined;
    columns.push({
      ...base,
      alias,
      format,
      align: column.align ?? (numeric ? 'right' : 'left'),
      ...(integer && format === 'number' ? { integer } : {}),
      ...(labels ? { labels } : {}),
    });
  }

  const groups: PlanGroup[] = [];
  for (const field of definition.groupBy ?? []) {
    const alias = `g${groups.length}`;
    select.push(`${ownColumn(field)} AS ${alias}`);
    const own = entity.fields[field];
    const labels = own?.type === 'enum' ? enumLabels(enums, own.enum) : undefined;
    groups.push({ alias, label: own?.label ?? field, ...(labels ? { labels } : {}) });
  }

  const resolved = resolveReportFilters(definition, input.filtros, enums);
  const userWhere = widenDays(resolved.where, fields);
  const where = definition.source.where ? { and: [definition.source.where as Where, userWhere] } : userWhere;
  const order = [
    ...(definition.groupBy ?? []).map((field) => `${field} ASC`),
    ...(definition.source.order ? [definition.source.order] : []),
  ];
  const compiled = compileFilter({ where, order: order.length ? order : undefined }, fields, {
    defaultOrder: 'id ASC',
    params,
  });
  if (compiled.where !== 'TRUE') conditions.push(`(${compiled.where})`);
  const sql =
    `SELECT ${select.length ? select.join(', ') : '1'} FROM ${q(entity.table)} t ${joins.join(' ')}` +
    `${conditions.length ? ` WHERE ${conditions.join(' AND ')}` : ''} ${compiled.orderBy}`;
  return {
    relatorioId: input.relatorioId,
    formato: input.formato,
    title: definition.title,
    orientation: definition.orientation ?? 'portrait',
    filters: resolved.applied,
    columns,
    groups,
    sql,
    params: compiled.params,
    tenant,
  };
}
