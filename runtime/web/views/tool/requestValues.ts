import type { ToolScreen } from './toolTypes.ts';

/**
 * The values a tool sends: its flat parameters, with those a `nest` entry names moved into an object
 * of the request body under that entry's name (e.g. the layout of a file).
 */
export function requestValues(
  parameters: Pick<ToolScreen['parameters'], 'nest'>,
  values: Record<string, unknown>,
): Record<string, unknown> {
  const request: Record<string, unknown> = { ...values };
  for (const [field, names] of Object.entries(parameters.nest ?? {})) {
    const nested: Record<string, unknown> = {};
    for (const name of names) {
      if (request[name] !== undefined) nested[name] = request[name];
      delete request[name];
    }
    request[field] = nested;
  }
  return request;
}
