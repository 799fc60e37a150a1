import type { RJSFSchema } from '@rjsf/utils';
import { fillTemplate } from '../../../core/screens/fillTemplate.ts';
import { resolveDefaultTokens } from '../../../core/screens/resolveDefaultTokens.ts';
import type { EnumOption } from '../../auth/enumOptions.ts';
import type { ToolScreen } from './toolTypes.ts';

/**
 * The rjsf schema of a tool's parameters: default tokens resolved for today, and the parameters whose
 * options are an enumeration (some codes excluded, labels by template) or come from an operation turned into selects (`oneOf` const/title; an
 * array parameter's items).
 */
export function buildParameterSchema(
  parameters: ToolScreen['parameters'],
  enumValues: (name: string) => EnumOption[],
  loaded: Record<string, EnumOption[]>,
  today = new Date(),
): RJSFSchema {
  const schema = resolveDefaultTokens(structuredClone(parameters.schema), today) as RJSFSchema;
  const properties = (schema.properties ?? {}) as Record<string, RJSFSchema>;
  const choices: Record<string, EnumOption[]> = { ...loaded };
  for (const [field, entry] of Object.entries(parameters.enums ?? {})) {
    if (typeof entry === 'string') {
      choices[field] = enumValues(entry);
      continue;
    }
    // {enum, exclude, template}: some codes left out, each option written by the template.
    const { exclude = [], template } = entry;
    choices[field] = enumValues(entry.enum)
      .filter((option) => !exclude.includes(option.code))
      .map((option) => (template ? { ...option, label: fillTemplate(template, option) } : option));
  }
  for (const [field, options] of Object.entries(choices)) {
    const property = properties[field];
    if (!property) continue;
    if (options.length === 0) {
      properties[field] = { ...property, readOnly: true };
      continue;
    }
    const oneOf = options.map((option) => ({ const: option.code, title: option.label }));
    // An array parameter chooses several: its items take the options (checkboxes).
    properties[field] =
      property.type === 'array'
        ? { ...property, uniqueItems: true, items: { ...(property.items as RJSFSchema), oneOf } }
        : { ...property, oneOf };
  }
  return schema;
}
