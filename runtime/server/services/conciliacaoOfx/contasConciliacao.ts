import type { RecordContext } from '../records/recordContext.ts';

/** The branch's active accounts, for the screen's account choice. */
export async function contasConciliacao(context: RecordContext) {
  const conta = context.lookupTarget('conta');
  const column = (field: string) => `"${conta.fieldMap[field]?.column ?? field}"`;
  return context.tx.query(
    `SELECT id, ${column('descricao')} AS descricao, ${column('bancoCodigo')} AS "bancoCodigo",
            ${column('agencia')} AS agencia, ${column('numeroConta')} AS "numeroConta"
       FROM "${conta.entity.table}"
      WHERE empresa_id = $1 AND filial_id = $2 AND ${column('ativo')} IS NOT FALSE
      ORDER BY ${column('descricao')}, id LIMIT 500`,
    [context.scope.empresaId, context.scope.filialId],
  );
}
