import type { MenuItemSchema, MenuSchema } from '../../core/types.ts';
import type { SchemaFiles } from '../../core/validateSchemaSet.ts';

/** Menu files in the order their titles win when a key appears in more than one menu. */
const MENU_ORDER = ['main', 'settings', 'admin', 'painel', 'user'];
const MENU_FILE = /^schemas\/menus\/(.+)\.menu\.json$/;

function collect(items: Record<string, MenuItemSchema>, into: Map<string, string>): void {
  for (const item of Object.values(items)) {
    if (item.hidden) continue;
    if (item.children && Object.keys(item.children).length > 0) {
      collect(item.children, into);
      continue;
    }
    const key = item.data?.key;
    if (key && item.link && !into.has(key)) into.set(key, item.title);
  }
}

/**
 * Permission keys of the menu leaves that can be favourited (spec 000 §5: the page must be a menu
 * item), from a tenant's merged menus: leaves with a route link, not hidden; key → menu title.
 */
export function favoritableMenuKeys(schemas: SchemaFiles): Map<string, string> {
  const files = Object.keys(schemas)
    .map((path) => ({ path, name: MENU_FILE.exec(path)?.[1] }))
    .filter((file): file is { path: string; name: string } => file.name !== undefined)
    .sort((a, b) => rank(a.name) - rank(b.name) || a.name.localeCompare(b.name));
  const keys = new Map<string, string>();
  for (const file of files) collect((schemas[file.path] as MenuSchema).items ?? {}, keys);
  return keys;
}

function rank(name: string): number {
  const index = MENU_ORDER.indexOf(name);
  return index === -1 ? MENU_ORDER.length : index;
}
