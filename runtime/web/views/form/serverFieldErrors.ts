import type { ErrorSchema } from '@rjsf/utils';
import { ApiError } from '../../app/SessionProvider.tsx';

interface FieldMessage {
  campo?: unknown;
  field?: unknown;
  mensagem?: unknown;
  message?: unknown;
}

/** 'cpfCnpj', '/cpfCnpj', '.cpfCnpj' or 'body.cpfCnpj' → 'cpfCnpj' (top-level fields only). */
const fieldName = (path: unknown): string =>
  typeof path === 'string' ? (path.replace(/^(body)?[./]*/, '').split(/[./[]/)[0] ?? '') : '';

/** 'CPF/CNPJ: já existe…' under the CPF/CNPJ field reads 'Já existe…' (the field already names itself). */
function withoutLabel(message: string, label: string | undefined): string {
  if (!label || !message.startsWith(`${label}: `)) return message;
  const rest = message.slice(label.length + 2);
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}

/**
 * Spreads a records API error over the form (error.details.fields [{campo, mensagem}]): messages of fields
 * the form shows (`visible`: name → the label the server prefixes) become rjsf extraErrors; `unplaced`
 * says whether any message had no visible field.
 */
export function serverFieldErrors(error: unknown, visible: ReadonlyMap<string, string>) {
  const body = error instanceof ApiError ? error.body : undefined;
  const details = (body as { error?: { details?: { fields?: unknown } } } | undefined)?.error?.details;
  const list = Array.isArray(details?.fields) ? (details.fields as FieldMessage[]) : [];
  const errorSchema: Record<string, { __errors: string[] }> = {};
  let unplaced = list.length === 0;
  for (const item of list) {
    const name = fieldName(item.campo ?? item.field);
    const message = withoutLabel(String(item.mensagem ?? item.message ?? ''), visible.get(name));
    if (!visible.has(name) || !message) {
      unplaced = true;
      continue;
    }
    const entry = errorSchema[name] ?? { __errors: [] };
    if (!entry.__errors.includes(message)) entry.__errors.push(message);
    errorSchema[name] = entry;
  }
  const fields = Object.keys(errorSchema);
  return { errorSchema: errorSchema as ErrorSchema, fields, unplaced };
}
