import { readPath } from '../readPath.ts';

/** Replaces each `{dotted.path}` of a pt-BR text with the value read from `data` (empty when missing). */
export function fillTemplate(template: string, data: unknown): string {
  return template.replace(/\{([A-Za-z0-9_.]+)\}/g, (_match, path: string) => {
    const value = readPath(data, path.split('.'));
    return value === undefined || value === null ? '' : String(value);
  });
}
