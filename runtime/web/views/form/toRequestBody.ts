import type { RJSFSchema } from '@rjsf/utils';

/**
 * The POST/PUT body of a form: only the input schema's properties (it rejects unknown ones, so id and
 * audit columns stay out), `versao` only when editing, and — a PUT replacing the whole record — null
 * for an optional field the person cleared. A write-only field (a password, never read back) goes only
 * when filled: leaving it empty keeps the stored value.
 */
export function toRequestBody(
  formData: Record<string, unknown>,
  inputSchema: RJSFSchema,
  mode: 'create' | 'edit' | 'copy',
): Record<string, unknown> {
  const required = new Set(inputSchema.required ?? []);
  const body: Record<string, unknown> = {};
  for (const name of Object.keys(inputSchema.properties ?? {})) {
    if (name === 'versao' && mode !== 'edit') continue;
    const value = formData[name];
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
