import { escapeLike } from '../../../core/escapeLike.ts';
import { buildRecordQuery } from '../records/buildRecordQuery.ts';
import type { RecordContext } from '../records/recordContext.ts';

/** The label models of the tenant (etiqueta), by description. */
export async function etiquetaModelos(context: RecordContext) {
  const etiqueta = context.lookupTarget('etiqueta');
  const { sql, params } = buildRecordQuery(
    etiqueta,
    {
      fields: ['id', 'descricao', 'largura', 'altura', 'colunas'],
      order: ['descricao ASC', 'id ASC'],
      limit: 500,
    },
    context.scope,
  );
  return context.tx.query(sql, params);
}

/**
 * Active produtos to print labels for: those whose description, code or barcode contains `busca`, or the
 * ones of `ids` (labels chosen earlier); what a label shows and nothing else.
 */
export async function etiquetaProdutos(
  context: RecordContext,
  query: { busca?: string; ids?: number[]; limit: number },
) {
  const where = query.ids
    ? { id: { inq: query.ids } }
    : query.busca?.trim()
      ? {
          and: [
            { ativo: true },
            {
              or: ['descricao', 'codigo', 'codigoBarras'].map((field) => ({
                [field]: { ilike: `%${escapeLike(query.busca?.trim() ?? '')}%` },
              })),
            },
          ],
        }
      : { ativo: true };
  const { sql, params } = buildRecordQuery(
    context.record,
    {
      where,
      fields: ['id', 'descricao', 'codigo', 'codigoBarras', 'unidade', 'precoVenda'],
      order: ['descricao ASC', 'id ASC'],
      limit: query.limit,
    },
    context.scope,
  );
  return context.tx.query(sql, params);
}
