import type { RecordContext } from '../records/recordContext.ts';

/** The company's active boleto gateways, for the screen's choice. */
export async function retornoGateways(context: RecordContext) {
  const gateway = context.lookupTarget('gatewayBoleto');
  const col = (field: string) => `"${gateway.fieldMap[field]?.column ?? field}"`;
  return context.tx.query<{
    id: number;
    descricao: string;
    banco: string;
    convenio: string;
    carteira: string | null;
  }>(
    `SELECT id, ${col('descricao')} AS descricao, ${col('banco')} AS banco, ${col('convenio')} AS convenio,
            ${col('carteira')} AS carteira
       FROM "${gateway.entity.table}"
      WHERE empresa_id = $1 AND ${col('ativo')} IS NOT FALSE
      ORDER BY ${col('descricao')}, id LIMIT 200`,
    [context.scope.empresaId],
  );
}
