import type { ErrorSchema, RJSFSchema, UiSchema } from '@rjsf/utils';
import settingsMetaSchema from '../../../../schemas/_meta/tenant-settings.schema.json' with { type: 'json' };
import type { WhiteLabelConfig } from '../../app/RuntimeContext.tsx';
import type { FormLayout } from '../../views/form/formTypes.ts';
import type { WhiteLabelInput } from './useWhiteLabelConfig.ts';
import { WHITE_LABEL_FIELDS, WHITE_LABEL_TABS, type WhiteLabelField } from './whiteLabelFields.ts';

type JsonSchema = Record<string, unknown>;
export type WhiteLabelFormData = Record<string, string | number | boolean | undefined>;

/** The field's JSON Schema in the tenant-settings meta-schema (the same the server validates with). */
function metaSchemaAt(path: string[]): JsonSchema {
  let node = settingsMetaSchema as unknown as JsonSchema;
  for (const key of path)
    node = ((node.properties as Record<string, JsonSchema> | undefined)?.[key] ?? {}) as JsonSchema;
  // Values come from the configuration being edited, never from the defaults.
  const { default: _default, description: _description, ...schema } = node;
  // STAGE_ID may be a number or a text; the form edits it as text.
  if (Array.isArray(schema.type)) schema.type = 'string';
  return schema;
}

const TELA_LOGIN_TIPOS: Record<string, string> = {
  imagem: 'Imagem de capa',
  iframe: 'Página incorporada',
  html: 'HTML incorporado',
};

/** The form's JSON Schema: every field flat, its rules from the meta-schema, themes as a labelled list. */
export function whiteLabelSchema(themes: Record<string, { label?: string }>): RJSFSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const field of WHITE_LABEL_FIELDS) {
    const schema: JsonSchema = { ...metaSchemaAt(field.path), title: field.label };
    if (field.name === 'tema') {
      schema.oneOf = Object.entries(themes).map(([id, theme]) => ({ const: id, title: theme.label ?? id }));
    }
    if (field.name === 'telaLoginTipo') {
      delete schema.enum;
      schema.type = 'string';
      schema.oneOf = Object.entries(TELA_LOGIN_TIPOS).map(([id, title]) => ({ const: id, title }));
    }
    properties[field.name] = schema;
  }
  return { type: 'object', required: ['title', 'tema'], properties } as RJSFSchema;
}

/** Tabs and sections (the generic forms' 'ui:layout'), help texts and widgets. */
export function whiteLabelUiSchema(): UiSchema {
  const layout: FormLayout = {
    sections: [],
    tabs: WHITE_LABEL_TABS.map((tab) => ({
      id: tab.id,
      title: tab.title,
      sections: tab.sections.map((section) => ({
        id: section.id,
        title: section.title,
        columns: section.columns,
        fields: section.fields.map((field) => ({ name: field.name, colSpan: field.colSpan ?? 1 })),
      })),
    })),
  };
  const ui: UiSchema = { 'ui:layout': layout, 'ui:submitButtonOptions': { norender: true } };
  for (const field of WHITE_LABEL_FIELDS) {
    const entry: Record<string, unknown> = {};
    if (field.help) entry['ui:help'] = field.help;
    if (field.widget) entry['ui:widget'] = field.widget;
    if (field.widget === 'textarea') entry['ui:options'] = { rows: 4 };
    if (metaSchemaAt(field.path).type === 'string' || field.name === 'ploomesStageId')
      entry['ui:emptyValue'] = '';
    ui[field.name] = entry;
  }
  return ui;
}

function read(config: unknown, path: string[]): unknown {
  return path.reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], config);
}

/** The form's values from the configuration as GET /api/ConfigWhiteLabels/{id} answers it. */
export function whiteLabelFormData(config: WhiteLabelConfig): WhiteLabelFormData {
  const data: WhiteLabelFormData = {};
  for (const field of WHITE_LABEL_FIELDS) {
    const value = read(config, field.path);
    data[field.name] =
      field.name === 'ploomesStageId'
        ? String(value ?? '')
        : ((value as string | number | boolean | undefined) ??
          (metaSchemaAt(field.path).type === 'string' ? '' : undefined));
  }
  return data;
}

function apiValue(field: WhiteLabelField, value: WhiteLabelFormData[string]): unknown {
  if (field.name === 'ploomesStageId') {
    const text = String(value ?? '').trim();
    return /^\d{1,15}$/.test(text) ? Number(text) : text;
  }
  if (metaSchemaAt(field.path).type === 'string') return typeof value === 'string' ? value : '';
  return value;
}

/** The PUT body: only the fields changed since `initial`, nested as the API expects (objects merge there). */
export function whiteLabelChanges(initial: WhiteLabelFormData, current: WhiteLabelFormData): WhiteLabelInput {
  const body: Record<string, unknown> = {};
  for (const field of WHITE_LABEL_FIELDS) {
    if (current[field.name] === initial[field.name] || current[field.name] === undefined) continue;
    let node = body;
    for (const key of field.path.slice(0, -1)) {
      node[key] = (node[key] as Record<string, unknown> | undefined) ?? {};
      node = node[key] as Record<string, unknown>;
    }
    node[field.path[field.path.length - 1] as string] = apiValue(field, current[field.name]);
  }
  return body as WhiteLabelInput;
}

/**
 * The API's validation messages (error.details.fields [{campo: 'misc.customThemeColor', mensagem}]) under
 * the form's fields, and the ones no field shows.
 */
export function whiteLabelServerErrors(error: unknown): { errorSchema: ErrorSchema; unplaced: string[] } {
  const details = (error as { error?: { details?: { fields?: unknown } } } | undefined)?.error?.details;
  const list = Array.isArray(details?.fields)
    ? (details.fields as Array<{ campo?: string; mensagem?: string }>)
    : [];
  const errorSchema: Record<string, { __errors: string[] }> = {};
  const unplaced: string[] = [];
  for (const item of list) {
    const field = WHITE_LABEL_FIELDS.find((candidate) => candidate.path.join('.') === item.campo);
    const message = String(item.mensagem ?? '');
    if (!field) {
      unplaced.push(item.campo ? `${item.campo}: ${message}` : message);
      continue;
    }
    errorSchema[field.name] = { __errors: [...(errorSchema[field.name]?.__errors ?? []), message] };
  }
  return { errorSchema: errorSchema as ErrorSchema, unplaced };
}
