import type { FieldMap } from '../db/compileFilter.ts';

/** Fields of a user that `where` and `order` may name (API name → column of `usuario u`). */
export const usuarioFieldMap: FieldMap = {
  id: { column: 'u.id', type: 'integer' },
  email: { column: 'u.email', type: 'string' },
  nome: { column: 'u.nome', type: 'string' },
  perfilId: { column: 'u.perfil_id', type: 'integer' },
  perfilAdmin: { column: 'u.perfil_admin', type: 'boolean' },
  isContador: { column: 'u.is_contador', type: 'boolean' },
  ativo: { column: 'u.ativo', type: 'boolean' },
  criadoEm: { column: 'u.criado_em', type: 'datetime' },
  alteradoEm: { column: 'u.alterado_em', type: 'datetime' },
};

/** The same plus the company, for platform staff listing a whole white-label. */
export const usuarioWhiteLabelFieldMap: FieldMap = {
  ...usuarioFieldMap,
  empresaId: { column: 'u.empresa_id', type: 'integer' },
};
