import type { SchemaFiles } from '../../../core/validateSchemaSet.ts';
import type { Database } from '../database.ts';
import { withDemoRecords } from './demoRecords.ts';

/** Payment methods of the demo PDV: description and NFC-e tPag. */
const FORMAS = [
  ['Dinheiro', '01'],
  ['Cartão de crédito', '03'],
  ['Cartão de débito', '04'],
  ['PIX', '17'],
] as const;

/**
 * What the demo company needs to sell in Vendas › Frente de caixa right after `npm start` (issue 17 PDV): the
 * payment methods (Dinheiro, cartões, PIX — those missing), an operator and a PDV "Caixa 1" in the NFC-e série
 * of the configuração fiscal, taking goods out of the Loja depósito. Through the records services. Once: false
 * when the company has a PDV or no configuração fiscal (the fiscal demo data comes first).
 */
export async function seedDemoPdv(db: Database, schemas: SchemaFiles): Promise<boolean> {
  return withDemoRecords(db, schemas, async ({ tx, create }) => {
    if (await tx.maybeOne('SELECT 1 FROM pdv LIMIT 1')) return false;
    const configuracao = await tx.maybeOne<{ serie: number | null }>(
      'SELECT serie_nfce::int AS serie FROM configuracao_nfe ORDER BY id LIMIT 1',
    );
    if (!configuracao) return false;
    const loja = await tx.maybeOne<{ id: number }>(
      "SELECT id::int AS id FROM deposito ORDER BY (descricao = 'Loja') DESC, id LIMIT 1",
    );
    for (const [descricao, formaPagamentoFiscal] of FORMAS)
      if (!(await tx.maybeOne('SELECT 1 FROM forma_pagamento WHERE descricao = $1', [descricao])))
        await create('formaPagamento', { descricao, formaPagamentoFiscal });
    await create('operadorPdv', { nome: 'Operador de Demonstração', codigo: '001' });
    await create('pdv', {
      descricao: 'Caixa 1',
      serie: configuracao.serie ?? 1,
      depositoId: loja?.id ?? null,
    });
    return true;
  });
}
