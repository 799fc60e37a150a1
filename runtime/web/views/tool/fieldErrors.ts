import type { ErrorSchema, RJSFSchema, UiSchema } from '@rjsf/utils';
import { readPath } from '../../../core/readPath.ts';
import { formValidator } from '../form/formValidator.ts';
import { transformErrors } from '../form/transformErrors.ts';
import type { ToolScreen } from './toolTypes.ts';

type Values = Record<string, unknown>;
type Node = Record<string, unknown>;

/** `validate`: the values checked against the parameter schema, with the messages of the generic forms. */
export function validateParameters(schema: RJSFSchema, values: Values, uiSchema: UiSchema) {
  const { errors, errorSchema } = formValidator.validateFormData(
    values,
    schema,
    undefined,
    transformErrors,
    uiSchema,
  );
  return { failed: errors.length > 0, errorSchema };
}

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The HTTP status of a refusal the API answered (its body's error.statusCode), or undefined. */
export function refusalStatus(error: unknown): number | undefined {
  const status = readPath(error, ['error', 'statusCode']);
  return typeof status === 'number' ? status : undefined;
}

/**
 * A refused request's field messages (error.details.fields [{campo: 'ajuda.links.1.url', mensagem}]) as an
 * rjsf error schema over the parameters: a `nest` body name in front of the path is left out, and only
 * paths under a parameter are placed (the alert shows the message anyway).
 */
export function refusedFieldErrors(
  error: unknown,
  parameters: Pick<ToolScreen['parameters'], 'nest' | 'schema'>,
): ErrorSchema {
  const fields = readPath(error, ['error', 'details', 'fields']);
  const list = Array.isArray(fields) ? (fields as Array<{ campo?: unknown; mensagem?: unknown }>) : [];
  const names = Object.keys((parameters.schema as { properties?: Node }).properties ?? {});
  const root: Node = {};
  for (const item of list) {
    let path = String(item.campo ?? '')
      .split(/[.[\]]+/)
      .filter(Boolean);
    if (path[0] && parameters.nest?.[path[0]]) path = path.slice(1);
    if (!path[0] || !names.includes(path[0]) || typeof item.mensagem !== 'string') continue;
    let node = root;
    for (const segment of path) {
      node[segment] = node[segment] ?? {};
      node = node[segment] as Node;
    }
    const messages = (node.__errors as string[] | undefined) ?? [];
    const message = sentence(item.mensagem);
    if (!messages.includes(message)) node.__errors = [...messages, message];
  }
  return root as ErrorSchema;
}

/**
 * `trim`: every text without its leading and trailing spaces, in objects and lists; `dropEmpty` leaves a
 * text that is then empty out (as rjsf does with a field left blank, so `required` refuses it).
 */
export function trimTexts<T>(value: T, dropEmpty = false): T {
  if (typeof value === 'string') return (dropEmpty && value.trim() === '' ? undefined : value.trim()) as T;
  if (Array.isArray(value)) return value.map((item) => trimTexts(item, dropEmpty)) as T;
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value).map(([key, item]) => [key, trimTexts(item, dropEmpty)] as const);
  return Object.fromEntries(entries.filter(([, item]) => item !== undefined)) as T;
}

/** `lowercase`: the values with the texts at those dotted paths in lower case (the others untouched). */
export function lowercasePaths(values: Values, paths: readonly string[] | undefined): Values {
  if (!paths?.length) return values;
  const next = structuredClone(values);
  for (const path of paths) {
    const segments = path.split('.');
    const last = segments.pop() as string;
    const owner = segments.length ? readPath(next, segments) : next;
    if (owner && typeof owner === 'object') {
      const value = (owner as Node)[last];
      if (typeof value === 'string') (owner as Node)[last] = value.toLowerCase();
    }
  }
  return next;
}
