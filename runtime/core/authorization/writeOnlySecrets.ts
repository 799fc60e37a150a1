/** A JSON Schema node, as far as finding write-only members goes. */
export interface SchemaNode {
  properties?: Record<string, SchemaNode>;
  writeOnly?: boolean;
  [keyword: string]: unknown;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The name under which a read shows that secret `name` is set (README "Segurança"): `<name>Definido`. */
export const secretFlagName = (name: string): string => `${name}Definido`;

/** Paths of the members a JSON Schema marks `writeOnly` (credentials: accepted, never returned). */
export function writeOnlyPaths(schema: SchemaNode, prefix: string[] = []): string[][] {
  const paths: string[][] = [];
  for (const [name, node] of Object.entries(schema.properties ?? {})) {
    if (node.writeOnly) paths.push([...prefix, name]);
    else if (node.properties) paths.push(...writeOnlyPaths(node, [...prefix, name]));
  }
  return paths;
}

/**
 * A copy of `value` without the secrets at `paths`; beside each, `<name>Definido: true|false` says whether
 * one is stored (the single convention for every credential the API reads back).
 */
export function redactSecrets<T>(value: T, paths: string[][]): T {
  const copy = structuredClone(value) as unknown;
  for (const path of paths) {
    const parent = path
      .slice(0, -1)
      .reduce<unknown>((node, key) => (isObject(node) ? node[key] : undefined), copy);
    const name = path[path.length - 1] as string;
    if (!isObject(parent)) continue;
    const stored = parent[name];
    delete parent[name];
    parent[secretFlagName(name)] = stored !== undefined && stored !== null && stored !== '';
  }
  return copy as T;
}

/**
 * The members of a write body with blank secrets left out, so that saving a form whose secret field was
 * left empty keeps the stored secret (null still clears it); `<name>Definido` flags sent back are dropped.
 */
export function keepBlankSecrets<T>(body: T, paths: string[][]): T {
  const copy = structuredClone(body) as unknown;
  for (const path of paths) {
    const parent = path
      .slice(0, -1)
      .reduce<unknown>((node, key) => (isObject(node) ? node[key] : undefined), copy);
    const name = path[path.length - 1] as string;
    if (!isObject(parent)) continue;
    if (parent[name] === '') delete parent[name];
    delete parent[secretFlagName(name)];
  }
  return copy as T;
}
