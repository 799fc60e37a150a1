/** The kinds of schema file, each validated by schemas/_meta/<kind>.schema.json. */
export type SchemaKind =
  | 'meta'
  | 'enum'
  | 'permissions'
  | 'menu'
  | 'entity'
  | 'form'
  | 'grid'
  | 'report'
  | 'screen'
  | 'themes'
  | 'tenant-settings'
  | 'tenant-patch'
  | 'asset';

const RULES: Array<[RegExp, SchemaKind]> = [
  [/^schemas\/_meta\/[a-z-]+\.schema\.json$/, 'meta'],
  [/^schemas\/enums\/[a-z][A-Za-z0-9]*\.enum\.json$/, 'enum'],
  [/^schemas\/permissions\/keys\.json$/, 'permissions'],
  [/^schemas\/menus\/[a-z]+\.menu\.json$/, 'menu'],
  [/^schemas\/entities\/([a-z][A-Za-z0-9]*)\/\1\.entity\.json$/, 'entity'],
  [/^schemas\/entities\/([a-z][A-Za-z0-9]*)\/\1\.form\.json$/, 'form'],
  [/^schemas\/entities\/([a-z][A-Za-z0-9]*)\/\1\.grid\.json$/, 'grid'],
  [/^schemas\/reports\/[a-z][a-z0-9-]*\.report\.json$/, 'report'],
  [/^schemas\/screens\/[a-z][a-z0-9-]*\.screen\.json$/, 'screen'],
  [/^schemas\/tenant\/themes\.json$/, 'themes'],
  [/^tenants\/[a-z0-9][a-z0-9-]*\/tenant\.json$/, 'tenant-settings'],
  [/^tenants\/[a-z0-9][a-z0-9-]*\/overrides\/.+\.json$/, 'tenant-patch'],
  [/^tenants\/[a-z0-9][a-z0-9-]*\/assets\//, 'asset'],
];

/** Tells which kind of schema file a repository path (posix, relative) is, or null when none. */
export function schemaKind(path: string): SchemaKind | null {
  for (const [pattern, kind] of RULES) if (pattern.test(path)) return kind;
  return null;
}

/** The schemas/ path a tenant override patches (tenants/x/overrides/menus/a.json → schemas/menus/a.json). */
export function overrideTarget(path: string): string | null {
  const match = /^tenants\/[a-z0-9][a-z0-9-]*\/overrides\/(.+)$/.exec(path);
  return match ? `schemas/${match[1]}` : null;
}
