import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { ResolvedEntity } from '../../../core/resolveEntity.ts';
import { chooseWidget } from '../../registry/widgets/chooseWidget.ts';
import { objectWidgets, widgets } from '../../registry/widgets/index.ts';
import type { WidgetRule } from '../../registry/widgets/widgetRules.ts';
import { buildChildCollection, type ChildInfo } from './buildChildCollection.ts';
import type { FormFile, FormLayout, LayoutSection, LayoutTab } from './formTypes.ts';
import { type RelationTarget, relationOptions } from './relationOptions.ts';

/** Widget names rjsf's MUI theme already knows (besides the runtime's registry). */
const THEME_WIDGETS = new Set([
  'TextareaWidget',
  'DateTimeWidget',
  'CheckboxWidget',
  'SelectWidget',
  'TextWidget',
  'PasswordWidget',
]);

export interface BuildUiSchemaInput {
  entity: ResolvedEntity;
  form: FormFile;
  /** The entity's input JSON Schema (runtime/core/entityJsonSchema). */
  schema: RJSFSchema;
  /**
   * The entity's output JSON Schema: a server-owned field the form places (a document's numero, a total
   * computed by a formula) is shown from it, read-only; it is never sent (the body follows `schema`).
   */
  readOnlySchema?: RJSFSchema;
  /** Resource and display field of a relation's target entity, and its numeric fields. */
  relationTarget(entityName: string): RelationTarget | undefined;
  /** Extra widget rules (tenant or screen). */
  widgetRules?: readonly WidgetRule[];
  /** A child collection's entity and files (a form section may place the collection as an items table). */
  childInfo?(name: string): ChildInfo | undefined;
}

const isKnownWidget = (name: string | undefined): name is string =>
  Boolean(name && (name in widgets || THEME_WIDGETS.has(name)));

/** rjsf needs a type to pick a field; an enum given only as oneOf of consts gets the consts' type. */
function withType(property: RJSFSchema): RJSFSchema {
  if (property.type || !Array.isArray(property.oneOf)) return property;
  const first = (property.oneOf[0] as { const?: unknown } | undefined)?.const;
  if (first === undefined) return property;
  return {
    ...property,
    type: typeof first === 'number' ? (Number.isInteger(first) ? 'integer' : 'number') : 'string',
  };
}

/**
 * Turns a form file into what rjsf renders: the schema without hidden or unplaced fields (so a tenant patch
 * that hides a field makes it disappear, required rule included) and a uiSchema with each field's label,
 * widget (the form's, else chooseWidget's), read-only flag, help and placeholder, plus the root
 * 'ui:layout' (tabs → sections → grid of `columns` with colSpan) that LayoutObjectFieldTemplate draws.
 */
export function buildUiSchema({
  entity,
  form,
  schema,
  readOnlySchema,
  relationTarget,
  widgetRules = [],
  childInfo,
}: BuildUiSchemaInput) {
  const properties = (schema.properties ?? {}) as Record<string, RJSFSchema>;
  const shownOnly = (readOnlySchema?.properties ?? {}) as Record<string, RJSFSchema>;
  // The status field is the document bar's chip, not a form field.
  const serverOwned = (name: string) =>
    entity.fields[name]?.readOnly === true && name !== entity.document?.statusField
      ? shownOnly[name]
      : undefined;
  const uiSchema: UiSchema = {};
  const kept: Record<string, RJSFSchema> = {};
  const tabs = new Map<string, LayoutTab>(
    Object.entries(form.tabs ?? {}).map(([id, tab]) => [id, { id, title: tab.title, sections: [] }]),
  );
  const layout: FormLayout = { sections: [], tabs: [] };

  for (const [sectionId, section] of Object.entries(form.sections)) {
    const columns = section.columns ?? 1;
    const placed: LayoutSection = {
      id: sectionId,
      title: section.title,
      columns,
      fields: [],
      ...(section.related ? { related: section.related } : {}),
    };
    for (const [name, field] of Object.entries(section.fields ?? {})) {
      const property = properties[name] ?? serverOwned(name);
      const definition = entity.fields[name];
      if (!property || field.hidden || name in kept) continue;
      const child = Object.hasOwn(entity.children, name) ? childInfo?.(name) : undefined;
      if (child) {
        const label = field.label ?? entity.children[name]?.label ?? name;
        const built = buildChildCollection(property, field, child, label, relationTarget);
        kept[name] = built.schema;
        uiSchema[name] = built.uiSchema;
        placed.fields.push({ name, colSpan: columns });
        continue;
      }
      const named = isKnownWidget(field.widget) ? field.widget : undefined;
      const widget =
        named ?? (definition ? chooseWidget({ name, field: definition, entity }, widgetRules) : undefined);
      const target = definition?.relation ? relationTarget(definition.relation.entity) : undefined;
      const isObjectWidget = widget !== undefined && objectWidgets.has(widget);
      // A field's description shows as help under it (aligned with error messages), not as a caption.
      const { description: _description, ...bare } = property;
      const help = field.help ?? definition?.description;
      // Object widgets (ui:field WidgetField) keep the schema as is: a json value may be an object or an array.
      kept[name] = isObjectWidget ? bare : withType(bare);
      uiSchema[name] = {
        'ui:title': field.label ?? definition?.label ?? property.title ?? name,
        ...(widget ? { 'ui:widget': widget } : {}),
        ...(isObjectWidget ? { 'ui:field': 'WidgetField' } : {}),
        ...(field.readOnly || definition?.readOnly ? { 'ui:readonly': true } : {}),
        ...(help ? { 'ui:help': help } : {}),
        ...(field.placeholder ? { 'ui:placeholder': field.placeholder } : {}),
        ...(target || definition?.patternMessage
          ? {
              'ui:options': {
                ...(target ? relationOptions(target, definition?.relation?.display) : {}),
                ...(definition?.patternMessage ? { patternMessage: definition.patternMessage } : {}),
              },
            }
          : {}),
      };
      placed.fields.push({ name, colSpan: Math.min(field.colSpan ?? 1, columns) });
    }
    if (placed.fields.length === 0 && !placed.related) continue;
    const tab = section.tab ? tabs.get(section.tab) : undefined;
    if (tab) tab.sections.push(placed);
    else layout.sections.push(placed);
  }
  layout.tabs = [...tabs.values()].filter((tab) => tab.sections.length > 0);

  const required = (schema.required ?? []).filter((name) => name in kept);
  // The form also holds what it does not show (id, versao, hidden fields of a loaded record).
  const { additionalProperties: _extra, ...rest } = schema;
  return {
    schema: { ...rest, properties: kept, required } as RJSFSchema,
    uiSchema: { ...uiSchema, 'ui:order': [...Object.keys(kept), '*'], 'ui:layout': layout } as UiSchema,
  };
}
