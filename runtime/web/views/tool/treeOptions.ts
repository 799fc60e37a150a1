/**
 * Flattens items that name their parent into a tree order for a select: each item under its parent,
 * labelled with the path of its parents ("Bebidas › Refrigerantes") so same-named children stay
 * distinguishable. An item whose parent is not in the list is a root; a cycle is cut.
 */
export function treeOptions<Code>(
  items: Array<{ code: Code; label: string; parent: unknown }>,
): Array<{ code: Code; label: string }> {
  const codes = new Set<unknown>(items.map((item) => item.code));
  const children = new Map<unknown, typeof items>();
  for (const item of items) {
    const parent =
      item.parent !== null && item.parent !== undefined && codes.has(item.parent) ? item.parent : null;
    children.set(parent, [...(children.get(parent) ?? []), item]);
  }
  const result: Array<{ code: Code; label: string }> = [];
  const visit = (parent: unknown, prefix: string, seen: Set<unknown>) => {
    for (const item of children.get(parent) ?? []) {
      if (seen.has(item.code)) continue;
      const label = prefix ? `${prefix} › ${item.label}` : item.label;
      result.push({ code: item.code, label });
      visit(item.code, label, new Set([...seen, item.code]));
    }
  };
  visit(null, '', new Set());
  return result;
}
