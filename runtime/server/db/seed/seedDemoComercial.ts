import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DocumentAction, DocumentTransition } from '../../../core/documents/documentDefinition.ts';
import type { SchemaFiles } from '../../../core/validateSchemaSet.ts';
import type { AuthInfo } from '../../context.ts';
import { baixarTitulos } from '../../postings/financeiro/baixarTitulos.ts';
import { runAction } from '../../services/documents/runAction.ts';
import { runTransition } from '../../services/documents/runTransition.ts';
import type { RecordContext } from '../../services/records/recordContext.ts';
import { updateRecord } from '../../services/records/updateRecord.ts';
import { confirmarImportacao } from '../../services/xmlNfe/confirmarImportacao.ts';
import type { Database } from '../database.ts';
import { withDemoRecords } from './demoRecords.ts';
import { chaveFornecedor, NCM } from './seedDemoFiscal.ts';

type Row = Record<string, unknown>;

/** Sample supplier NF-e XMLs (signed, authorised, addressed to the demo matriz) imported by the seed. */
export const DEMO_NFE_DIR = join(import.meta.dirname, '../../../../scripts/demo-nfe');

const centavos = (valor: number) => Math.round(valor * 100) / 100;

/** The day `dias` days before `hoje` (ISO date). */
const antes = (hoje: string, dias: number) => {
  const date = new Date(`${hoje}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - dias);
  return date.toISOString().slice(0, 10);
};
/** The moment of a transition on a demo day: 10:00 in Brasília. */
const as10 = (dia: string) => `${dia}T13:00:00.000Z`;

interface Linha {
  produto: string;
  quantidade: number;
  valorUnitario: number;
}

/**
 * Six months of purchases and sales of the demo company (first `npm start` only, after the demo stock and
 * fiscal seeds), written through the same records, document and import services as the API, each dated on
 * its own day: pedidos de compra approved and received by notas de entrada (two of them imported from the
 * signed NF-e XMLs in scripts/demo-nfe, the rest typed), contas a pagar from the supplier's condição or the
 * XML's duplicatas, pedidos de venda by two vendedores approved, invoiced (stock saída, contas a receber,
 * commission) and delivered, the older receivables and payables settled, a devolução de venda and a
 * devolução de compra, a pedido launched by its nota fiscal (its nota's Lançar estoque and Lançar contas), and
 * this month's open orçamento and approved pedido (stock reserved). All goods move
 * through the Depósito central. Returns false when done already or without the demo stock.
 */
export async function seedDemoComercial(db: Database, schemas: SchemaFiles, agora = new Date()) {
  const hoje = agora.toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });
  return withDemoRecords(db, schemas, async ({ tx, context, create }) => {
    if (await tx.maybeOne('SELECT 1 FROM pedido_venda LIMIT 1')) return false;
    const produtos = new Map(
      (
        await tx.query<{ id: number; codigo: string; descricao: string; unidade: string }>(
          `SELECT id::int AS id, codigo, descricao, unidade FROM produto
            WHERE codigo = ANY('{CAF500,ACU1K,ARR5K,FEI1K,OLE900}'::text[])`,
        )
      ).map((row) => [row.codigo, row]),
    );
    const central = await tx.maybeOne<{ id: number }>(
      `SELECT id::int AS id FROM deposito WHERE descricao = 'Depósito central'`,
    );
    if (produtos.size < 5 || !central) return false;
    const conta =
      (await tx.maybeOne<{ id: number }>(
        'SELECT id::int AS id FROM conta WHERE ativo ORDER BY id LIMIT 1',
      )) ??
      ((await create('conta', {
        descricao: 'Caixa da matriz',
        saldoInicial: 0,
        dataSaldoInicial: antes(hoje, 200),
      })) as { id: number });
    const transition = (name: string, action: string) =>
      context(name).record.entity.document?.transitions.find(
        (candidate) => candidate.action === action,
      ) as DocumentTransition;
    const run = (name: string, id: unknown, action: string, dia: string) =>
      runTransition(context(name), Number(id), transition(name, action), as10(dia));
    const itens = (linhas: Linha[]) =>
      linhas.map((linha, index) => {
        const produto = produtos.get(linha.produto) as { id: number; descricao: string; unidade: string };
        return {
          numeroItem: index + 1,
          produtoId: produto.id,
          descricao: produto.descricao,
          unidade: produto.unidade || 'UN',
          quantidade: linha.quantidade,
          valorUnitario: linha.valorUnitario,
        };
      });

    // Who sells and who buys: two vendedores with their commission, two more clientes, three suppliers.
    const pessoa = async (view: string, cpfCnpj: string, body: Row) =>
      (await tx.maybeOne<{ id: number }>('SELECT id::int AS id FROM pessoa WHERE cpf_cnpj = $1 LIMIT 1', [
        cpfCnpj,
      ])) ?? ((await create(view, { cpfCnpj, ...body })) as { id: number });
    const victor = await create('vendedor', { nome: 'Victor Vendedor', comissao: 3, ativo: true });
    const regina = await create('vendedor', { nome: 'Regina Representante', comissao: 2.5, ativo: true });
    const clientes = [
      await pessoa('cliente', '19827364000178', { nome: 'Empório Paulistano Ltda', uf: 'SP' }),
      await pessoa('cliente', '23456789000195', { nome: 'Mercado Carioca Ltda', uf: 'RJ' }),
      await pessoa('cliente', '45997418000153', {
        nome: 'Padaria Pão Dourado Ltda',
        uf: 'SP',
        condicaoPagamento: '28',
      }),
      await pessoa('cliente', '60701190000104', { nome: 'Restaurante Sabor da Vila Ltda', uf: 'SP' }),
    ];
    const cerealista = await pessoa('fornecedor', '04252011000110', {
      nome: 'Cerealista Paraná Ltda',
      uf: 'PR',
    });
    const mineiro = await pessoa('fornecedor', '76543210000198', {
      nome: 'Atacado Mineiro de Alimentos S.A.',
      uf: 'MG',
    });
    const paulista = await pessoa('fornecedor', '61234567000117', {
      nome: 'Distribuidora Paulista de Alimentos Ltda',
      apelido: 'DPA Alimentos',
      uf: 'SP',
    });
    for (const fornecedor of [cerealista, mineiro])
      await updateRecord(context('fornecedor'), fornecedor.id, { condicaoPagamento: '30/60' }, 'patch');

    // Purchases: an approved pedido received by the supplier's nota a few days later.
    const pedidoCompra = async (fornecedor: { id: number }, dia: string, linhas: Linha[]) => {
      const pedido = await create('pedidoCompra', {
        fornecedorId: fornecedor.id,
        dataEmissao: dia,
        previsaoEntrega: antes(dia, -5),
        depositoId: central.id,
        itens: itens(linhas),
      });
      await run('pedidoCompra', pedido.id, 'aprovar', dia);
      return pedido;
    };
    let numeroNota = 51200;
    const notas: Row[] = [];
    const compra = async (fornecedor: { id: number; uf?: unknown }, dia: string, linhas: Linha[]) => {
      const pedido = await pedidoCompra(fornecedor, antes(dia, 4), linhas);
      const cadastro = await tx.one<{ uf: string | null; cpf_cnpj: string }>(
        'SELECT uf, cpf_cnpj FROM pessoa WHERE id = $1',
        [fornecedor.id],
      );
      const numero = numeroNota++;
      // The supplier's taxes as SPED reads them: ICMS 12% (interstate) or 18%, PIS/COFINS with credit.
      const aliquotaIcms = cadastro.uf === 'SP' ? 18 : 12;
      const linhasNota = itens(linhas).map((item, index) => {
        const valorTotal = centavos(item.quantidade * item.valorUnitario);
        return {
          ...item,
          pedidoCompraId: pedido.id,
          numeroItemPedido: item.numeroItem,
          ncm: NCM[(linhas[index] as Linha).produto],
          cfop: cadastro.uf === 'SP' ? '1102' : '2102',
          valorTotal,
          origem: 0,
          cstIcms: '00',
          baseIcms: valorTotal,
          aliquotaIcms,
          valorIcms: centavos((valorTotal * aliquotaIcms) / 100),
          cstPis: '50',
          aliquotaPis: 1.65,
          valorPis: centavos(valorTotal * 0.0165),
          cstCofins: '50',
          aliquotaCofins: 7.6,
          valorCofins: centavos(valorTotal * 0.076),
        };
      });
      const total = linhasNota.reduce((soma, item) => soma + item.valorTotal, 0);
      const nota = await create('notaEntrada', {
        fornecedorId: fornecedor.id,
        chave: chaveFornecedor(cadastro.uf ?? 'SP', cadastro.cpf_cnpj, numero, dia),
        numero,
        serie: 1,
        dataEmissao: antes(dia, 1),
        dataEntrada: dia,
        depositoId: central.id,
        pedidoCompraId: pedido.id,
        valorProdutos: centavos(total),
        valorTotal: centavos(total),
        itens: linhasNota,
      });
      await run('notaEntrada', nota.id, 'confirmar', dia);
      notas.push(nota);
      return nota;
    };

    // Sales: typed on the day, approved, invoiced the next day, delivered two days later.
    const venda = async (
      cliente: { id: number },
      vendedor: Row,
      dia: string,
      linhas: Linha[],
      ate: 'orcamento' | 'aprovado' | 'faturado' | 'entregue' = 'entregue',
      condicaoPagamento = '30',
      extra: Row = {},
    ) => {
      const pedido = await create('pedidoVenda', {
        tipo: 0,
        clienteId: cliente.id,
        vendedorId: vendedor.id,
        dataEmissao: dia,
        depositoId: central.id,
        contaId: conta.id,
        condicaoPagamento,
        itens: itens(linhas),
        ...extra,
      });
      if (ate === 'orcamento') return pedido;
      await run('pedidoVenda', pedido.id, 'aprovar', dia);
      if (ate === 'aprovado') return pedido;
      await run('pedidoVenda', pedido.id, 'faturar', antes(dia, -1) > hoje ? hoje : antes(dia, -1));
      if (ate === 'entregue' && antes(dia, -3) <= hoje)
        await run('pedidoVenda', pedido.id, 'entregar', antes(dia, -3));
      return pedido;
    };

    const xmls = (await readdir(DEMO_NFE_DIR)).filter((file) => file.endsWith('.xml')).sort();
    const auth = { perfilAdmin: true, permissoes: null } as AuthInfo;
    // Each XML note is ordered five days before its issue and enters the day after it.
    const importar = async (arquivo: string, linhas: Linha[]) => {
      const xml = await readFile(join(DEMO_NFE_DIR, arquivo), 'utf8');
      const emissao = /<dhEmi>([0-9-]{10})/.exec(xml)?.[1] ?? hoje;
      const dias = { pedido: antes(emissao, 5), entrada: antes(emissao, -1) };
      if (dias.entrada > hoje) return;
      const pedido = await pedidoCompra(paulista, dias.pedido, linhas);
      const { id } = await confirmarImportacao(
        { ...(context('notaEntrada') as RecordContext), auth },
        {
          xml,
          dataEntrada: dias.entrada,
          depositoId: central.id,
          pedidoCompraId: Number(pedido.id),
          itens: linhas.map((linha, index) => ({
            numeroItem: index + 1,
            produtoId: (produtos.get(linha.produto) as { id: number }).id,
          })),
        },
      );
      await run('notaEntrada', id, 'confirmar', dias.entrada);
    };

    const precos: Record<string, number> = {
      CAF500: 21.5,
      ACU1K: 5.2,
      ARR5K: 28.9,
      FEI1K: 9.5,
      OLE900: 8.1,
    };
    const l = (produto: string, quantidade: number, desconto = 0): Linha => ({
      produto,
      quantidade,
      valorUnitario: Math.round((precos[produto] as number) * (1 - desconto) * 100) / 100,
    });
    // Six months, from the oldest: a purchase at the start of each, four or five sales through it.
    for (let mes = 5; mes >= 0; mes--) {
      const inicio = antes(hoje, mes * 30 + 27);
      const dia = (n: number) => antes(inicio, -n);
      const fator = 1 + (5 - mes) / 10;
      const q = (n: number) => Math.round(n * fator);
      if (dia(2) <= hoje)
        await compra(mes % 2 === 0 ? cerealista : mineiro, dia(2), [
          { produto: 'ARR5K', quantidade: q(40), valorUnitario: 20.9 + (5 - mes) * 0.1 },
          { produto: 'FEI1K', quantidade: q(90), valorUnitario: 6.5 + (5 - mes) * 0.05 },
          { produto: 'CAF500', quantidade: q(36), valorUnitario: 13.7 + (5 - mes) * 0.08 },
        ]);
      const vendas: Array<[number, Row, number, Linha[]]> = [
        [0, victor, 5, [l('ARR5K', q(10)), l('FEI1K', q(24))]],
        [1, regina, 9, [l('CAF500', q(12)), l('ARR5K', q(8), 0.03), l('FEI1K', q(20))]],
        [2, victor, 14, [l('FEI1K', q(18)), l('CAF500', q(6))]],
        [3, regina, 19, [l('ARR5K', q(6)), l('FEI1K', q(12)), l('CAF500', q(4))]],
        [0, regina, 24, [l('CAF500', q(8)), l('ARR5K', q(5), 0.02)]],
      ];
      for (const [cliente, vendedor, n, linhas] of vendas)
        if (dia(n) < hoje) await venda(clientes[cliente] as { id: number }, vendedor, dia(n), linhas);
    }
    // The two XML notes of DPA Alimentos, on the days of their own issue (scripts/demo-nfe).
    if (xmls[0])
      await importar(xmls[0], [
        { produto: 'CAF500', quantidade: 120, valorUnitario: 13.6 },
        { produto: 'OLE900', quantidade: 180, valorUnitario: 5.35 },
      ]);
    if (xmls[1])
      await importar(xmls[1], [
        { produto: 'CAF500', quantidade: 96, valorUnitario: 14.1 },
        { produto: 'OLE900', quantidade: 120, valorUnitario: 5.5 },
        { produto: 'ACU1K', quantidade: 200, valorUnitario: 3.85 },
      ]);

    // Returns: a customer sends back part of an invoiced pedido; goods go back to a supplier.
    const faturado = await tx.maybeOne<{ id: number; data: string }>(
      `SELECT id::int AS id, to_char(data_emissao, 'YYYY-MM-DD') AS data FROM pedido_venda
        WHERE situacao = 'entregue' AND data_emissao < $1::date ORDER BY data_emissao DESC LIMIT 1`,
      [antes(hoje, 40)],
    );
    if (faturado) {
      const devolucao = await create('devolucaoVenda', {
        pedidoVendaId: faturado.id,
        data: as10(antes(faturado.data, -6)),
        tratamento: 'abatimento',
        motivo: 'Embalagens de feijão rasgadas na entrega',
        itens: [{ numeroItem: 1, quantidade: 2 }],
      });
      await run('devolucaoVenda', devolucao.id, 'confirmar', antes(faturado.data, -6));
    }
    const ultimaNota = notas.at(-2);
    if (ultimaNota) {
      const dia = antes(String(ultimaNota.dataEntrada), -3);
      const devolucao = await create('devolucaoCompra', {
        notaEntradaId: ultimaNota.id,
        data: as10(dia),
        tratamento: 'credito',
        motivo: 'Sacos de arroz com o lacre violado',
        itens: [{ numeroItem: 1, quantidade: 3 }],
      });
      await run('devolucaoCompra', devolucao.id, 'confirmar', dia);
    }

    // A pedido that launches by its nota fiscal (flows.md §3): invoiced three days ago, its nota numbered and
    // launching the stock saída and the receivables (E/C flags "Nota fiscal").
    const natureza = await tx.maybeOne<{ id: number }>(
      "SELECT id::int AS id FROM natureza_operacao WHERE descricao = 'Venda de mercadoria' ORDER BY id LIMIT 1",
    );
    if (natureza) {
      const dia = antes(hoje, 3);
      const porNota = await venda(
        clientes[1] as { id: number },
        victor,
        antes(hoje, 4),
        [l('ARR5K', 3), l('FEI1K', 10)],
        'faturado',
        '30/60',
        {
          lancarPor: 'notaFiscal',
          naturezaOperacaoId: natureza.id,
        },
      );
      const nota = await tx.one<{ id: number; numero: number }>(
        `UPDATE nota_fiscal SET numero = (SELECT coalesce(max(numero), 0) + 1 FROM nota_fiscal WHERE serie = 1), serie = 1
          WHERE pedido_venda_id = $1 RETURNING id::int AS id, numero`,
        [porNota.id],
      );
      for (const action of ['lancarEstoque', 'lancarContas'])
        await runAction(
          context('notaFiscalSaida'),
          nota.id,
          context('notaFiscalSaida').record.entity.actions?.find(
            (candidate) => candidate.action === action,
          ) as DocumentAction,
          as10(dia),
        );
    }

    // This month, still open: an orçamento and an approved pedido (its goods reserved).
    await venda(clientes[2] as { id: number }, victor, hoje, [l('CAF500', 10), l('ACU1K', 30)], 'orcamento');
    await venda(clientes[3] as { id: number }, regina, hoje, [l('ARR5K', 4), l('OLE900', 12)], 'aprovado');

    // What fell due more than ten days ago was paid or received on its due date.
    const vencidos = await tx.query<{ id: number; valor: string; vencimento: string }>(
      `SELECT id::int AS id, valor, to_char(data_vencimento, 'YYYY-MM-DD') AS vencimento FROM lancamento
        WHERE situacao = 0 AND origem_tipo IN ('pedidoVenda', 'notaFiscal', 'notaEntrada') AND data_vencimento < $1::date
        ORDER BY id`,
      [antes(hoje, 10)],
    );
    for (const titulo of vencidos)
      await baixarTitulos(context('baixa'), {
        data: titulo.vencimento,
        contaId: conta.id,
        itens: [{ lancamentoId: titulo.id, principal: Number(titulo.valor) }],
      });
    return true;
  });
}
