import type { FakeSefaz } from '../../scripts/lib/fakeSefaz.ts';
import { entradaEstoque } from './entradaEstoque.ts';
import { enviarCertificadoA1, prepararEmissaoFiscal } from './fiscalFixture.ts';

type Request = (method: string, url: string, payload?: unknown) => Promise<unknown>;
type System = <T>(sql: string, params?: unknown[]) => Promise<(T & Record<string, unknown>)[]>;

/** What a Frente de caixa test works with. */
export interface PdvFixture {
  empresaId: number;
  filialId: number;
  depositoId: number;
  pdvId: number;
  operadorId: number;
  dinheiroId: number;
  cartaoId: number;
  produtos: { id: number; codigo: string; codigoBarras: string; preco: number }[];
}

/**
 * The demo company's selected branch ready to sell at the counter against the fake SEFAZ: its fiscal register
 * (the filial's pessoa with IE in SP, configuração fiscal in homologação with a CSC and a default natureza, the
 * tax rules of a perfil tributário), the fake's A1 certificate, a depósito with two products in stock (código
 * and barcode, price), a PDV of série 7 on that depósito, an operator and the Dinheiro and Cartão de crédito
 * methods. Fiscal registers by SQL as the system role (tests/support/fiscalFixture.ts), the rest through the
 * API as the demo administrator.
 */
export async function prepararPdv(ok: Request, system: System, fake: FakeSefaz): Promise<PdvFixture> {
  const produtos = [
    { codigo: 'CAFE500', codigoBarras: '7891000100103', descricao: 'Café torrado 500 g', preco: 18.9 },
    { codigo: 'LEITE1L', codigoBarras: '7891000055502', descricao: 'Leite integral 1 L', preco: 5.49 },
  ];
  const { empresaId, filialId, produtoIds } = await prepararEmissaoFiscal(system, {
    sufixo: 'PDV',
    natureza: 'Venda ao consumidor',
    produtos: produtos.map(({ preco, ...produto }) => ({ ...produto, ncm: '0901.21.00', precoVenda: preco })),
  });
  await enviarCertificadoA1(ok, fake);
  const deposito = (await ok('POST', '/api/Depositos', { descricao: 'Loja PDV' })) as { id: number };
  const criados: PdvFixture['produtos'] = [];
  for (const [index, produto] of produtos.entries()) {
    const produtoId = produtoIds[index]!;
    await entradaEstoque(ok, {
      depositoId: deposito.id,
      produtoId,
      quantidade: 50,
      custoUnitario: 3,
    });
    criados.push({
      id: produtoId,
      codigo: produto.codigo,
      codigoBarras: produto.codigoBarras,
      preco: produto.preco,
    });
  }
  const pdv = (await ok('POST', '/api/Pdvs', {
    descricao: 'Caixa 1',
    serie: 7,
    depositoId: deposito.id,
  })) as {
    id: number;
  };
  const operador = (await ok('POST', '/api/OperadoresPdv', { nome: 'Ana Operadora', codigo: 'ANA' })) as {
    id: number;
  };
  const dinheiro = (await ok('POST', '/api/FormasPagamento', {
    descricao: 'Dinheiro',
    formaPagamentoFiscal: '01',
  })) as { id: number };
  const cartao = (await ok('POST', '/api/FormasPagamento', {
    descricao: 'Cartão de crédito',
    formaPagamentoFiscal: '03',
    bandeiraCartao: '02',
  })) as { id: number };
  return {
    empresaId,
    filialId,
    depositoId: deposito.id,
    pdvId: pdv.id,
    operadorId: operador.id,
    dinheiroId: dinheiro.id,
    cartaoId: cartao.id,
    produtos: criados,
  };
}
