import { treeOptions } from '../../../views/tool/treeOptions.ts';

/** A category option of the filter: its id and the label with the path of its parents. */
export interface CategoryOption {
  id: number;
  label: string;
}

/**
 * Flattens the category tree for a select, each category under its parent, labelled with the full
 * path ("Bebidas › Refrigerantes") so same-named subcategories stay distinguishable (treeOptions).
 */
export function categoryOptions(
  categorias: Array<{ id: number; descricao: string; categoriaPaiId?: number | null }>,
): CategoryOption[] {
  return treeOptions(
    categorias.map((categoria) => ({
      code: categoria.id,
      label: categoria.descricao,
      parent: categoria.categoriaPaiId ?? null,
    })),
  ).map(({ code, label }) => ({ id: code, label }));
}
