type Values = Record<string, unknown>;

/** Whether every parameter the schema lists as `required` holds a value (a text of blanks is none). */
export function requiredFilled(schema: unknown, values: Values): boolean {
  const required = (schema as { required?: unknown } | undefined)?.required;
  return !(Array.isArray(required) ? (required as string[]) : []).some(
    (field) => values[field] === undefined || values[field] === null || String(values[field]).trim() === '',
  );
}
