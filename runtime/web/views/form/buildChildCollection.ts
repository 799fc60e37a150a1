import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { ResolvedEntity } from '../../../core/resolveEntity.ts';
import { chooseWidget } from '../../registry/widgets/chooseWidget.ts';
import { widgets } from '../../registry/widgets/index.ts';
import type { ChildCollectionOptions, ChildColumn, FormFieldLayout, FormFile } from './formTypes.ts';
import { type RelationTarget, relationOptions } from './relationOptions.ts';

/** A child collection's entity (resolved) and its screen files, as the parent's form needs them. */
export interface ChildInfo {
  entity: ResolvedEntity;
  foreignKey: string;
  grid?: unknown;
  form?: FormFile;
}

const NUMBER_FIELD = 'numeroItem';

/**
 * Schema and uiSchema of a child collection placed in a form section: the items table
 * (ChildCollectionField) with the columns the form file lists, else the child's grid columns, else its
 * form's fields; each cell with the child form's widget for the field, else the default one (decimals
 * typed the pt-BR way). The item schema accepts the extra columns a loaded item carries (id, versao…).
 */
export function buildChildCollection(
  property: RJSFSchema,
  layout: FormFieldLayout,
  child: ChildInfo,
  label: string,
  relationTarget: (entityName: string) => RelationTarget | undefined,
): { schema: RJSFSchema; uiSchema: UiSchema } {
  const { entity } = child;
  const items = (property.items ?? {}) as RJSFSchema;
  const { additionalProperties: _extra, ...itemSchema } = items;
  const gridColumns = (
    child.grid as { columns?: Record<string, { label?: string; hidden?: boolean }> } | undefined
  )?.columns;
  const formFields = Object.assign(
    {},
    ...Object.values(child.form?.sections ?? {}).map((section) => section.fields),
  ) as Record<string, FormFieldLayout>;
  const names =
    layout.columns ??
    (gridColumns
      ? Object.entries(gridColumns)
          .filter(([, column]) => !column.hidden)
          .map(([name]) => name)
      : Object.keys(formFields).length > 0
        ? Object.keys(formFields)
        : Object.keys(entity.fields));
  const columns: ChildColumn[] = names
    .filter((name) => name !== child.foreignKey && entity.fields[name] && !formFields[name]?.hidden)
    .map((name) => {
      const field = entity.fields[name];
      const chosen = formFields[name]?.widget;
      const widget =
        (chosen && chosen in widgets ? chosen : undefined) ??
        (field?.type === 'decimal' ? 'DecimalWidget' : undefined) ??
        (field?.type === 'integer' ? 'TextWidget' : undefined) ??
        (field ? chooseWidget({ name, field, entity }) : undefined) ??
        'TextWidget';
      const target = field?.relation ? relationTarget(field.relation.entity) : undefined;
      const options: Record<string, unknown> = {};
      if (target) Object.assign(options, relationOptions(target, field?.relation?.display));
      if (field?.type === 'decimal') options.precision = field.precision ?? 4;
      return {
        name,
        label: formFields[name]?.label ?? gridColumns?.[name]?.label ?? field?.label ?? name,
        widget,
        options,
        ...(field?.type ? { type: field.type } : {}),
        // A computed field is the runtime's to fill.
        ...(field?.readOnly || formFields[name]?.readOnly || layout.compute?.[name]
          ? { readOnly: true }
          : {}),
      };
    });
  const fill = layout.fill ?? {};
  const filled = new Set(Object.values(fill).flatMap((map) => Object.keys(map)));
  const defaults = Object.fromEntries(
    Object.entries((itemSchema.properties ?? {}) as Record<string, RJSFSchema>)
      .filter(([name, schema]) => schema.default !== undefined && !filled.has(name))
      .map(([name, schema]) => [name, schema.default]),
  );
  // A field filled from the chosen record starts empty (rjsf would put the schema default in it).
  const itemProperties = Object.fromEntries(
    Object.entries((itemSchema.properties ?? {}) as Record<string, RJSFSchema>).map(([name, schema]) => {
      if (!filled.has(name)) return [name, schema];
      const { default: _default, ...rest } = schema;
      return [name, rest];
    }),
  );
  const options: ChildCollectionOptions & { title: string } = {
    title: label,
    columns,
    ...(NUMBER_FIELD in entity.fields ? { numberField: NUMBER_FIELD } : {}),
    compute: layout.compute ?? {},
    fill,
    totals: layout.totals ?? [],
    defaults,
  };
  return {
    schema: { ...property, items: { ...itemSchema, properties: itemProperties } },
    uiSchema: {
      'ui:field': 'ChildCollectionField',
      'ui:title': label,
      'ui:label': false,
      'ui:options': options as never,
    },
  };
}
