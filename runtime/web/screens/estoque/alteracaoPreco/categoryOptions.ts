/** A category option of the filter: its id and the label with the path of its parents. */
export interface CategoryOption {
  id: number;
  label: string;
}

/**
 * Flattens the category tree for a select, each category under its parent, labelled with the full
 * path ("Bebidas › Refrigerantes") so same-named subcategories stay distinguishable.
 */
export function categoryOptions(
  categorias: Array<{ id: number; descricao: string; categoriaPaiId?: number | null }>,
): CategoryOption[] {
  const children = new Map<number | null, typeof categorias>();
  const ids = new Set(categorias.map((categoria) => categoria.id));
  for (const categoria of categorias) {
    const parent =
      categoria.categoriaPaiId && ids.has(categoria.categoriaPaiId) ? categoria.categoriaPaiId : null;
    children.set(parent, [...(children.get(parent) ?? []), categoria]);
  }
  const result: CategoryOption[] = [];
  const visit = (parent: number | null, prefix: string, seen: Set<number>) => {
    for (const categoria of children.get(parent) ?? []) {
      if (seen.has(categoria.id)) continue;
      const label = prefix ? `${prefix} › ${categoria.descricao}` : categoria.descricao;
      result.push({ id: categoria.id, label });
      visit(categoria.id, label, new Set([...seen, categoria.id]));
    }
  };
  visit(null, '', new Set());
  return result;
}
