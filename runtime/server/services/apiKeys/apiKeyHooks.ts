import type { EntityHooks } from '../records/entityHooks.ts';
import { hashToken } from '../tokens.ts';
import { newApiKey } from './apiKeyFormat.ts';
import { assertFilialGrantable } from './assertFilialGrantable.ts';
import { assertGrantable } from './assertGrantable.ts';

/**
 * The records API's behaviour for apiKey: the permission map and the branch are checked against the caller's
 * own rights on create and update; after the INSERT the key is drawn, its SHA-256 and prefixo stored, and the raw key put
 * in the created answer only (field chave, never stored).
 */
export const apiKeyHooks: EntityHooks = {
  async beforeCreate(context, values) {
    assertGrantable(context.auth, values.permissoes);
    await assertFilialGrantable(context.tx, context.auth, values.filialAcessoId);
  },
  async afterCreate(context, row) {
    const { chave, prefixo } = newApiKey();
    await context.tx.query('UPDATE api_key SET chave_hash = $1, prefixo = $2 WHERE id = $3', [
      hashToken(chave),
      prefixo,
      row.id,
    ]);
    row.prefixo = prefixo;
    row.chave = chave;
  },
  async beforeUpdate(context, _id, values) {
    assertGrantable(context.auth, values.permissoes);
    await assertFilialGrantable(context.tx, context.auth, values.filialAcessoId);
  },
};
