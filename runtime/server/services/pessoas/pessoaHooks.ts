import {
  normalizarInscricaoEstadual,
  problemaInscricaoEstadual,
} from '../../../core/fiscal/inscricaoEstadual.ts';
import type { EntityHooks } from '../records/entityHooks.ts';
import type { RecordContext } from '../records/recordContext.ts';
import { throwFieldIssues } from '../records/validateRecordInput.ts';

type Row = Record<string, unknown>;

/**
 * The IE typed on a pessoa (cliente, fornecedor, transportador, the filial's own record) is checked against
 * the pessoa's UF by the state's check-digit rule and stored without its mask; an invalid one is a 400 on
 * the field inscricaoEstadual. A PATCH of only the IE or only the UF is checked against the stored other half.
 */
async function conferirInscricao(context: RecordContext, values: Row, id: number | null): Promise<void> {
  if (!('inscricaoEstadual' in values) && !('uf' in values)) return;
  let ie = values.inscricaoEstadual;
  let uf = values.uf;
  if (id !== null && (!('inscricaoEstadual' in values) || !('uf' in values))) {
    const stored = await context.tx.maybeOne<{ ie: string | null; uf: string | null }>(
      'SELECT inscricao_estadual AS ie, uf FROM pessoa WHERE id = $1',
      [id],
    );
    if (!('inscricaoEstadual' in values)) ie = stored?.ie ?? null;
    if (!('uf' in values)) uf = stored?.uf ?? null;
  }
  if (typeof ie !== 'string' || ie.trim() === '') return;
  const problema = problemaInscricaoEstadual(ie, typeof uf === 'string' ? uf : null);
  if (problema)
    throwFieldIssues([{ campo: 'inscricaoEstadual', mensagem: `Inscrição estadual: ${problema}` }]);
  if ('inscricaoEstadual' in values) values.inscricaoEstadual = normalizarInscricaoEstadual(ie);
}

export const pessoaHooks: EntityHooks = {
  async beforeCreate(context, values) {
    await conferirInscricao(context, values, null);
  },
  async beforeUpdate(context, id, values) {
    await conferirInscricao(context, values, id);
  },
};
