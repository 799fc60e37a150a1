import { applyRule } from '../../../core/screens/evaluateRule.ts';
import type { ToolScreen } from './toolTypes.ts';

type Parameters = Pick<ToolScreen['parameters'], 'nest' | 'rules' | 'dropHidden' | 'expand' | 'sendAs'>;

/**
 * The values a tool sends: its flat parameters — without those hidden by their rule (`dropHidden`), an
 * `expand` parameter replaced by the fields its value stands for, each `sendAs` parameter under its
 * request name — with those a `nest` entry names moved into an object of the request body under that
 * entry's name (e.g. the layout of a file).
 */
export function requestValues(
  parameters: Parameters,
  values: Record<string, unknown>,
): Record<string, unknown> {
  const request: Record<string, unknown> = { ...values };
  if (parameters.dropHidden)
    for (const [field, rule] of Object.entries(parameters.rules ?? {}))
      if (!applyRule(rule, values).visible) delete request[field];
  for (const [field, choices] of Object.entries(parameters.expand ?? {})) {
    const chosen = choices[String(request[field])];
    delete request[field];
    Object.assign(request, chosen ?? {});
  }
  for (const [field, name] of Object.entries(parameters.sendAs ?? {})) {
    if (!(field in request)) continue;
    request[name] = request[field];
    delete request[field];
  }
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
