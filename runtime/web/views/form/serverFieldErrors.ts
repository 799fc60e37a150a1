import type { ErrorSchema } from '@rjsf/utils';
import { customFieldName, customFormKey } from '../../../core/customFields.ts';
import { ApiError } from '../../app/SessionProvider.tsx';

interface FieldMessage {
  campo?: unknown;
  field?: unknown;
  mensagem?: unknown;
  message?: unknown;
}

/**
 * 'cpfCnpj', '/cpfCnpj', '.cpfCnpj' or 'body.cpfCnpj' → 'cpfCnpj' (top-level fields only); a custom
 * field's 'custom.codigoInterno' → its flat form key 'custom_codigoInterno'.
 */
const fieldName = (path: unknown): string => {
  if (typeof path !== 'string') return '';
  const bare = path.replace(/^(body)?[./]*/, '');
  const custom = customFieldName(bare);
  return custom !== null ? customFormKey(custom) : (bare.split(/[./[]/)[0] ?? '');
};

/** 'itens[2].quantidade': a field of one item of a child collection. */
const CELL = /^(\w+)\[(\d+)\]\.(\w+)$/;

/** 'CPF/CNPJ: já existe…' under the CPF/CNPJ field reads 'Já existe…' (the field already names itself). */
function withoutLabel(message: string, label: string | undefined): string {
  if (!label || !message.startsWith(`${label}: `)) return message;
  const rest = message.slice(label.length + 2);
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}

/**
 * Spreads a records API error over the form (error.details.fields [{campo, mensagem}]): messages of fields
 * the form shows (`visible`: name → the label the server prefixes) become rjsf extraErrors (an item's
 * 'itens[2].quantidade' goes to errorSchema.itens[2].quantidade, the cell of the items table); `unplaced`
 * says whether any message had no visible field.
 */
export function serverFieldErrors(error: unknown, visible: ReadonlyMap<string, string>) {
  const body = error instanceof ApiError ? error.body : undefined;
  const details = (body as { error?: { details?: { fields?: unknown } } } | undefined)?.error?.details;
  const list = Array.isArray(details?.fields) ? (details.fields as FieldMessage[]) : [];
  const errorSchema: Record<string, { __errors: string[] }> = {};
  let unplaced = list.length === 0;
  for (const item of list) {
    const path = item.campo ?? item.field;
    const name = fieldName(path);
    const cell = typeof path === 'string' ? CELL.exec(path) : null;
    if (cell && visible.has(name)) {
      // An item of a child collection ('itens[2].quantidade'): under that cell of the items table.
      const [, , index = '0', field = ''] = cell;
      const text = String(item.mensagem ?? item.message ?? '')
        .replace(/^.*? — /, '')
        .replace(/^[^:]{1,60}: /, '');
      const rows = (errorSchema[name] ?? {}) as unknown as Record<
        string,
        Record<string, { __errors: string[] }>
      >;
      const row = rows[index] ?? {};
      row[field] = {
        __errors: [...(row[field]?.__errors ?? []), text.charAt(0).toUpperCase() + text.slice(1)],
      };
      rows[index] = row;
      errorSchema[name] = rows as unknown as { __errors: string[] };
      continue;
    }
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
