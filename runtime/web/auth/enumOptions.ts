import type { SchemaBundle } from '../app/RuntimeContext.tsx';

export interface EnumOption {
  code: string | number;
  label: string;
}

/** The values of one enum of the merged schemas (schemas/enums/<name>.enum.json) and its default code. */
export function enumOptions(
  schemas: SchemaBundle,
  name: string,
): { options: EnumOption[]; defaultCode: string | number | undefined } {
  const definition = schemas.enums[name] as { values?: EnumOption[]; default?: string | number } | undefined;
  return { options: definition?.values ?? [], defaultCode: definition?.default };
}
