/**
 * Entities offered by Configurações › Importação de dados, in the screen's order. Each import also needs
 * CRIAR on the entity's own permission key (from its schema), besides the screen's key.
 */
export const IMPORTABLE_ENTITIES = [
  'cliente',
  'fornecedor',
  'transportador',
  'produto',
  'servico',
  'categoria',
];

export function isImportableEntity(name: string): boolean {
  return IMPORTABLE_ENTITIES.includes(name);
}
