import type { DocumentTransition } from '../../../core/documents/documentDefinition.ts';
import type { SchemaFiles } from '../../../core/validateSchemaSet.ts';
import { runTransition } from '../../services/documents/runTransition.ts';
import type { Database } from '../database.ts';
import { withDemoRecords } from './demoRecords.ts';

type Row = Record<string, unknown>;

const PRODUTOS = [
  { codigo: 'CAF500', descricao: 'Café torrado e moído 500 g', unidade: 'UN', custo: 14.2, precoVenda: 22.9 },
  { codigo: 'ACU1K', descricao: 'Açúcar cristal 1 kg', unidade: 'UN', custo: 3.9, precoVenda: 5.49 },
  { codigo: 'ARR5K', descricao: 'Arroz agulhinha tipo 1 5 kg', unidade: 'UN', custo: 21.5, precoVenda: 29.9 },
  { codigo: 'FEI1K', descricao: 'Feijão carioca 1 kg', unidade: 'UN', custo: 6.8, precoVenda: 9.99 },
  { codigo: 'OLE900', descricao: 'Óleo de soja 900 ml', unidade: 'UN', custo: 5.6, precoVenda: 8.49 },
  {
    codigo: 'IOG170',
    descricao: 'Iogurte natural 170 g',
    unidade: 'UN',
    custo: 1.9,
    precoVenda: 3.29,
    controlaLote: true,
  },
];

/** Days before today at 10:00 Brasília (13:00 UTC). */
const diasAtras = (dias: number) => {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() - dias);
  date.setUTCHours(13, 0, 0, 0);
  return date.toISOString();
};
const diaSemHora = (dias: number) => diasAtras(dias).slice(0, 10);

/**
 * Stock for the demo company (first `npm start` only): two depósitos, six products (one with lots), and
 * three months of entradas, saídas, a transfer and a balanço — created and posted through the same
 * records and posting services as the API (documents, transitions, ledger), never inserted as rows.
 */
export async function seedDemoEstoque(db: Database, schemas: SchemaFiles): Promise<boolean> {
  return withDemoRecords(db, schemas, async ({ tx, context, create }) => {
    if (await tx.maybeOne('SELECT 1 FROM documento_estoque LIMIT 1')) return false;
    const post = async (name: string, body: Row) => {
      const doc = await create(name, body);
      const transition = context(name).record.entity.document?.transitions.find(
        (t) => t.action === 'efetivar',
      ) as DocumentTransition;
      await runTransition(context(name), doc.id as number, transition, new Date().toISOString());
      return doc;
    };
    const loja = await create('deposito', { descricao: 'Loja', padrao: true });
    const central = await create('deposito', { descricao: 'Depósito central' });
    const produtos: Row[] = [];
    for (const produto of PRODUTOS) produtos.push(await create('produto', produto));
    const iogurte = produtos[5] as Row;
    const lotes = [
      await create('lote', {
        produtoId: iogurte.id,
        numero: 'IOG-0142',
        fabricacao: diaSemHora(95),
        validade: diaSemHora(5),
        quantidade: 120,
      }),
      await create('lote', {
        produtoId: iogurte.id,
        numero: 'IOG-0157',
        fabricacao: diaSemHora(20),
        validade: diaSemHora(-25),
        quantidade: 80,
      }),
    ];
    const documento = (tipo: string, dias: number, deposito: Row, motivo: string, itens: Row[]) =>
      post('documentoEstoque', {
        tipo,
        data: diasAtras(dias),
        depositoId: deposito.id,
        motivo,
        itens: itens.map((item, i) => ({ numeroItem: i + 1, ...item })),
      });
    const item = (i: number, quantidade: number, custoUnitario?: number, loteId?: unknown) => ({
      produtoId: (produtos[i] as Row).id,
      quantidade,
      ...(custoUnitario === undefined ? {} : { custoUnitario }),
      ...(loteId === undefined ? {} : { loteId }),
    });
    await documento('E', 90, central, 'Saldo inicial', [
      item(0, 120, 13.8),
      item(1, 300, 3.75),
      item(2, 80, 20.9),
      item(3, 200, 6.5),
      item(4, 150, 5.4),
    ]);
    await documento('E', 88, loja, 'Saldo inicial', [
      item(0, 60, 13.8),
      item(1, 150, 3.75),
      item(5, 120, 1.85, lotes[0]?.id),
    ]);
    for (const [dias, fator] of [
      [75, 1],
      [60, 2],
      [45, 1],
      [30, 2],
      [15, 1],
    ] as const) {
      await documento('S', dias, loja, 'Vendas no balcão (baixa manual)', [
        item(0, 6 * fator),
        item(1, 15 * fator),
      ]);
      await documento('E', dias - 2, central, 'Compra sem nota (reposição)', [
        item(0, 20 * fator, 14 + fator / 5),
        item(2, 10 * fator, 21.5),
        item(3, 25 * fator, 6.8 + fator / 10),
      ]);
    }
    await documento('S', 50, loja, 'Vencimento e avaria', [item(5, 20, undefined, lotes[0]?.id)]);
    await documento('E', 18, loja, 'Compra sem nota (reposição)', [item(5, 80, 1.95, lotes[1]?.id)]);
    await post('transferenciaEstoque', {
      produtoId: (produtos[0] as Row).id,
      depositoOrigemId: central.id,
      depositoDestinoId: loja.id,
      quantidade: 30,
      data: diasAtras(10),
      observacao: 'Reposição da loja',
    });
    await documento('B', 5, loja, 'Inventário mensal', [item(0, 38), item(1, 40)]);
    return true;
  });
}
