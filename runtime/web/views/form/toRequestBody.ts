import type { RJSFSchema } from '@rjsf/utils';

/** An item of a child collection with only the fields its schema accepts (id included, versao and audit left out). */
function itemBody(item: unknown, schema: RJSFSchema): Record<string, unknown> {
  const source = (item ?? {}) as Record<string, unknown>;
  const body: Record<string, unknown> = {};
  for (const name of Object.keys(schema.properties ?? {}))
    if (source[name] !== undefined && source[name] !== '') body[name] = source[name];
  return body;
}

/**
 * The POST/PUT body of a form: only the input schema's properties (it rejects unknown ones, so id and
 * audit columns stay out), `versao` only when editing, and — a PUT replacing the whole record — null
 * for an optional field the person cleared. A write-only field (a password, never read back) goes only
 * when filled: leaving it empty keeps the stored value. A child collection goes as the whole list of
 * its items, when the form holds it.
 */
export function toRequestBody(
  formData: Record<string, unknown>,
  inputSchema: RJSFSchema,
  mode: 'create' | 'edit' | 'copy',
): Record<string, unknown> {
  const required = new Set(inputSchema.required ?? []);
  const body: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(inputSchema.properties ?? {})) {
    if (name === 'versao' && mode !== 'edit') continue;
    const value = formData[name];
    const items = (property as RJSFSchema).items as RJSFSchema | undefined;
    if (items?.type === 'object') {
      // A child collection: sent only when the form holds it (left out, the stored items stay).
      if (Array.isArray(value)) body[name] = value.map((item) => itemBody(item, items));
      continue;
    }
    const writeOnly = (inputSchema.properties?.[name] as { writeOnly?: boolean } | undefined)?.writeOnly;
    if (writeOnly) {
      if (value !== undefined && value !== null && value !== '') body[name] = value;
      continue;
    }
    if (value !== undefined) body[name] = value;
    else if (mode === 'edit' && !required.has(name) && name !== 'versao') body[name] = null;
  }
  return body;
}
