import type { FakeSefaz } from '../../scripts/lib/fakeSefaz.ts';
import { entradaEstoque } from './entradaEstoque.ts';

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
 * methods. Fiscal registers by SQL as the system role (as tests/server/sefazTransmissao.test.ts), the rest
 * through the API as the demo administrator.
 */
export async function prepararPdv(ok: Request, system: System, fake: FakeSefaz): Promise<PdvFixture> {
  const [usuario] = await system<{ empresa_id: number; filial_id: number }>(
    `SELECT empresa_id::int AS empresa_id, filial_selecionada_id::int AS filial_id FROM usuario WHERE email = 'demo@erp.local'`,
  );
  const empresaId = usuario!.empresa_id;
  const filialId = usuario!.filial_id;
  const um = async <T extends object>(sql: string, params: unknown[]) => (await system<T>(sql, params))[0]!;
  const sp = await um<{ id: number }>(
    `INSERT INTO tributacao_estadual (empresa_id, descricao, uf, cst_icms, aliquota_icms)
     VALUES ($1, 'Mercadoria tributada PDV', 'SP', '00', 18) RETURNING id::int AS id`,
    [empresaId],
  );
  const federal = await um<{ id: number }>(
    `INSERT INTO tributacao_federal (empresa_id, descricao, cst_pis, aliquota_pis, cst_cofins, aliquota_cofins)
     VALUES ($1, 'Não cumulativo PDV', '01', 1.65, '01', 7.6) RETURNING id::int AS id`,
    [empresaId],
  );
  const cfop = await um<{ id: number }>(
    `INSERT INTO cfop (empresa_id, codigo, descricao) VALUES ($1, '5102', 'Venda de mercadoria de terceiros') RETURNING id::int AS id`,
    [empresaId],
  );
  const perfil = await um<{ id: number }>(
    `INSERT INTO perfil_tributario (empresa_id, descricao, cfop_id, tributacao_estadual_id, tributacao_federal_id)
     VALUES ($1, 'Revenda PDV', $2, $3, $4) RETURNING id::int AS id`,
    [empresaId, cfop.id, sp.id, federal.id],
  );
  await system(
    `INSERT INTO pessoa (empresa_id, tipo_pessoa, nome, cpf_cnpj, inscricao_estadual, indicador_ie, uf, codigo_municipio,
            logradouro, numero, bairro, cep)
     SELECT $1, 2, f.nome, COALESCE(f.cpf_cnpj, e.cpf_cnpj), '148.235.611.119', 1, 'SP', 3550308, 'Avenida Paulista', '1000',
            'Bela Vista', '01310100'
       FROM filial f JOIN empresa e ON e.id = f.empresa_id WHERE f.id = $2`,
    [empresaId, filialId],
  );
  const natureza = await um<{ id: number }>(
    `INSERT INTO natureza_operacao (empresa_id, descricao, tipo_operacao, finalidade_nfe, destino_operacao, indicador_presenca)
     VALUES ($1, 'Venda ao consumidor', 1, 1, 1, 1) RETURNING id::int AS id`,
    [empresaId],
  );
  await system(
    `INSERT INTO configuracao_nfe (empresa_id, filial_id, ambiente, regime_tributario, tipo_emissao, modo_impressao_danfe,
            natureza_operacao_id, serie_nfe, proximo_numero_nfe, serie_nfce, proximo_numero_nfce, csc_id, csc_token,
            informar_tributos_aproximados)
     VALUES ($1, $2, 2, 3, 1, 1, $3, 1, 1, 2, 1, '000001', 'CSC-DE-TESTE-0123456789', false)`,
    [empresaId, filialId, natureza.id],
  );
  await ok('POST', '/api/CertificadosDigitais', {
    arquivo: fake.emitirCertificadoA1({ senha: 's3nha' }).toString('base64'),
    senha: 's3nha',
  });
  const deposito = (await ok('POST', '/api/Depositos', { descricao: 'Loja PDV' })) as { id: number };
  const produtos = [
    { codigo: 'CAFE500', codigoBarras: '7891000100103', descricao: 'Café torrado 500 g', preco: 18.9 },
    { codigo: 'LEITE1L', codigoBarras: '7891000055502', descricao: 'Leite integral 1 L', preco: 5.49 },
  ];
  const criados: PdvFixture['produtos'] = [];
  for (const produto of produtos) {
    const row = await um<{ id: number }>(
      `INSERT INTO produto (empresa_id, descricao, codigo, codigo_barras, unidade, ncm, origem, perfil_tributario_id,
              preco_venda, ativo)
       VALUES ($1, $2, $3, $4, 'UN', '0901.21.00', 0, $5, $6, true) RETURNING id::int AS id`,
      [empresaId, produto.descricao, produto.codigo, produto.codigoBarras, perfil.id, produto.preco],
    );
    await entradaEstoque(ok, {
      depositoId: deposito.id,
      produtoId: row.id,
      quantidade: 50,
      custoUnitario: 3,
    });
    criados.push({
      id: row.id,
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
