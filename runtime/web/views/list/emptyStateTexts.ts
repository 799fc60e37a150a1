import type { ResolvedEntity } from '../../../core/resolveEntity.ts';
import type { GridDefinition } from './listTypes.ts';

export interface EmptyStateTexts {
  passos: string[];
  informacoes: string[];
}

/**
 * The texts under "Passo a passo:" and "Informações importantes:" of an empty list: the grid file's
 * `empty`, else generic ones built from the entity's label and gender.
 */
export function emptyStateTexts(
  entity: ResolvedEntity,
  grid: GridDefinition,
  canCreate: boolean,
): EmptyStateTexts {
  const feminine = entity.gender === 'f';
  const label = entity.label.toLowerCase();
  const plural = entity.labelPlural.toLowerCase();
  const first = `${feminine ? 'a primeira' : 'o primeiro'} ${label}`;
  const the = feminine ? 'as' : 'os';
  const searchLabels = (grid.searchFields ?? [])
    .map((name) => entity.fields[name]?.label)
    .filter((item): item is string => Boolean(item));
  const searchBy = searchLabels.length
    ? ` por ${searchLabels.slice(0, -1).join(', ')}${searchLabels.length > 1 ? ' ou ' : ''}${searchLabels.at(-1)}`
    : '';
  const passos = grid.empty?.passos ?? [
    canCreate
      ? `Clique em Novo para cadastrar ${first}.`
      : `Seu perfil permite consultar ${plural}; peça ao administrador da empresa para cadastrar ${first}.`,
    'Preencha os campos do formulário e clique em Salvar.',
    `Pronto: ${the} ${plural} ${feminine ? 'cadastradas' : 'cadastrados'} aparecem nesta lista.`,
  ];
  const informacoes = grid.empty?.informacoes ?? [
    `Use o campo Pesquisar para encontrar ${the} ${plural}${searchBy}.`,
    'Clique no título de uma coluna para ordenar a lista; o ícone de filtro da coluna permite filtrá-la.',
    'Um duplo clique em uma linha abre o registro.',
  ];
  return { passos, informacoes };
}
