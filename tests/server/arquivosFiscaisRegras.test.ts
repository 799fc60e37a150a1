import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../../runtime/server/db/database.ts';
import {
  alfa,
  latin1Bytes,
  spedTexto,
} from '../../runtime/server/services/arquivosFiscais/formatoArquivo.ts';
import { chave, seedArquivosFiscais } from '../support/seedArquivosFiscais.ts';
import { createTestServer, login, type TestServer } from '../support/testServer.ts';

/**
 * Issue 22: the rule classes an accountant's validator found broken in SPED Fiscal and Sintegra, each
 * with the document that exposed it (May 2024 of the demo company, real PostgreSQL).
 */
let server: TestServer;
let token: string;
let demo: { empresaId: number; filialId: number; cnpj: string };
const ids: Record<string, number> = {};

const api = (url: string, payload?: unknown) =>
  server.app.inject({
    method: payload === undefined ? 'GET' : 'POST',
    url,
    headers: { host: 'localhost', authorization: token },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const linhasDe = async (url: string, payload: unknown) => {
  const response = await api(url, { ...(payload as object), confirmarErros: true });
  expect(response.statusCode, response.body).toBe(200);
  const text = Buffer.from(response.json().conteudo, 'base64').toString('latin1');
  return text.slice(0, -2).split('\r\n');
};
const SPED = {
  periodo: '2024-05',
  finalidade: 0,
  perfil: 'A',
  codigoReceita: '046-2',
  // The month retains ICMS-ST on a sale to RJ (note 204): E250 needs its código de receita.
  codigoReceitaSt: '100099',
  contaEstoque: '1.1.4.01',
};
const SINTEGRA = { dataInicial: '2024-05-01', dataFinal: '2024-05-31', finalidade: 1, natureza: 3 };
const campos = (linha: string | undefined) => (linha ?? '').split('|').slice(1, -1);

interface ItemSeed {
  produtoId: number;
  cfop: string;
  cst: string;
  total: number;
  aliquota: number;
  st?: [number, number];
  ipi?: [number, number];
  quantidade?: number;
}

async function nota(
  tx: Tx,
  numero: number,
  participante: number,
  emissao: string,
  saida: string | null,
  itens: ItemSeed[],
  tabela: 'nota_fiscal' | 'nota_entrada' = 'nota_fiscal',
) {
  const total = itens.reduce(
    (soma, item) => soma + item.total + (item.st?.[1] ?? 0) + (item.ipi?.[1] ?? 0),
    0,
  );
  const produtos = itens.reduce((soma, item) => soma + item.total, 0);
  const { id } =
    tabela === 'nota_fiscal'
      ? await tx.one<{ id: number }>(
          `INSERT INTO nota_fiscal (empresa_id, filial_id, tipo_operacao, destinatario_id, numero, serie, chave, data_emissao,
             data_saida_entrada, valor_produtos, valor_frete, valor_desconto, valor_total, modalidade_frete, situacao)
           VALUES ($1, $2, 1, $3, $4, 1, $5, $6, $7, $8, 0, 0, $9, 9, 1) RETURNING id::int AS id`,
          [
            demo.empresaId,
            demo.filialId,
            participante,
            numero,
            chave('55', numero),
            emissao,
            saida,
            produtos,
            total,
          ],
        )
      : await tx.one<{ id: number }>(
          `INSERT INTO nota_entrada (empresa_id, filial_id, fornecedor_id, chave, numero, serie, data_emissao, data_entrada,
             valor_produtos, valor_desconto, valor_frete, valor_total, situacao)
           VALUES ($1, $2, $3, $4, $5, 3, $6, $6, $7, 0, 0, $8, 1) RETURNING id::int AS id`,
          [
            demo.empresaId,
            demo.filialId,
            participante,
            chave('55', numero),
            numero,
            emissao,
            produtos,
            total,
          ],
        );
  const fk = tabela === 'nota_fiscal' ? 'nota_fiscal_id' : 'nota_entrada_id';
  for (const [index, item] of itens.entries()) {
    const base = item.cst.endsWith('20') ? item.total / 2 : item.cst.endsWith('40') ? 0 : item.total;
    await tx.query(
      `INSERT INTO ${tabela}_item (empresa_id, filial_id, ${fk}, numero_item, produto_id, descricao, ncm, cfop, unidade,
         quantidade, valor_unitario, valor_desconto, valor_total, origem, cst_icms, base_icms, aliquota_icms, valor_icms,
         base_icms_st, valor_icms_st, aliquota_ipi, valor_ipi)
       VALUES ($1,$2,$3,$4,$5,'Item','09012100',$6,'UN',$7,$8,0,$8,0,$9,$10,$11,$12,$13,$14,$15,$16)`,
      [
        demo.empresaId,
        demo.filialId,
        id,
        index + 1,
        item.produtoId,
        item.cfop,
        item.quantidade ?? 1,
        item.total,
        item.cst,
        base,
        item.aliquota,
        Math.round(base * item.aliquota) / 100,
        item.st?.[0] ?? 0,
        item.st?.[1] ?? 0,
        item.ipi?.[0] ?? 0,
        item.ipi?.[1] ?? 0,
      ],
    );
  }
  return id;
}

beforeAll(async () => {
  server = await createTestServer();
  token = await login(server.app, 'demo@erp.local');
  demo = await seedArquivosFiscais(server.db, 'demo@erp.local');
  await server.db.withSystem(async (tx) => {
    const pessoa = async (nome: string, cnpj: string, ie: string, uf: string, municipio: number) =>
      (
        await tx.one<{ id: number }>(
          `INSERT INTO pessoa (empresa_id, tipo_pessoa, nome, cpf_cnpj, inscricao_estadual, uf, codigo_municipio,
                               logradouro, numero, bairro)
           VALUES ($1, 0, $2, $3, $4, $5, $6, 'Rua A', '1', 'Centro') RETURNING id::int AS id`,
          [demo.empresaId, nome, cnpj, ie, uf, municipio],
        )
      ).id;
    ids.paulista = await pessoa('Loja Paulista Ltda', '11444777000161', '110042490114', 'SP', 3550308);
    ids.carioca = (
      await tx.one<{ id: number }>(
        `SELECT id::int AS id FROM pessoa WHERE empresa_id = $1 AND nome = 'Mercado Bom Preço Ltda'`,
        [demo.empresaId],
      )
    ).id;
    ids.produto = (
      await tx.one<{ id: number }>(
        `SELECT id::int AS id FROM produto WHERE empresa_id = $1 AND codigo = 'CAFE500'`,
        [demo.empresaId],
      )
    ).id;
    // Last day of May, saída on June 1st.
    ids.ultimoDia = await nota(
      tx,
      201,
      ids.carioca,
      '2024-05-31T18:00:00-03:00',
      '2024-06-01T08:00:00-03:00',
      [{ produtoId: ids.produto, cfop: '6102', cst: '00', total: 100, aliquota: 12 }],
    );
    // One note, one CFOP and rate, two CSTs (00 and 20): one registro 50.
    await nota(tx, 202, ids.carioca, '2024-05-10T10:00:00-03:00', null, [
      { produtoId: ids.produto, cfop: '6102', cst: '00', total: 100, aliquota: 12 },
      { produtoId: ids.produto, cfop: '6102', cst: '20', total: 200, aliquota: 12 },
    ]);
    // Internal sale (SP to SP).
    await nota(tx, 203, ids.paulista, '2024-05-11T10:00:00-03:00', null, [
      { produtoId: ids.produto, cfop: '5102', cst: '00', total: 50, aliquota: 18 },
    ]);
    // An "interstate" CFOP typed for a customer of the same UF: still an internal operation.
    await nota(tx, 205, ids.paulista, '2024-05-13T10:00:00-03:00', null, [
      { produtoId: ids.produto, cfop: '6102', cst: '00', total: 40, aliquota: 12 },
    ]);
    // Interstate sale under ST: base 150 for 3 units, ICMS-ST 9.
    await nota(tx, 204, ids.carioca, '2024-05-12T10:00:00-03:00', null, [
      {
        produtoId: ids.produto,
        cfop: '6403',
        cst: '10',
        total: 90,
        aliquota: 12,
        st: [150, 9],
        quantidade: 3,
      },
    ]);
    // Purchase with IPI 10.
    const fornecedor = (
      await tx.one<{ id: number }>(
        `SELECT id::int AS id FROM pessoa WHERE empresa_id = $1 AND nome = 'Distribuidora Sul Ltda'`,
        [demo.empresaId],
      )
    ).id;
    await tx.query(`UPDATE pessoa SET codigo_municipio = 4106902 WHERE id = $1`, [fornecedor]);
    await nota(
      tx,
      701,
      fornecedor,
      '2024-05-15',
      null,
      [{ produtoId: ids.produto, cfop: '2102', cst: '00', total: 100, aliquota: 12, ipi: [10, 10] }],
      'nota_entrada',
    );
    // Inventory of May 31st with stock of the produto.
    const deposito =
      (
        await tx.maybeOne<{ id: number }>(`SELECT id::int AS id FROM deposito WHERE filial_id = $1 LIMIT 1`, [
          demo.filialId,
        ])
      )?.id ??
      (
        await tx.one<{ id: number }>(
          `INSERT INTO deposito (empresa_id, filial_id, descricao) VALUES ($1, $2, 'Principal') RETURNING id::int AS id`,
          [demo.empresaId, demo.filialId],
        )
      ).id;
    await tx.query(
      `INSERT INTO movimentacao_estoque (empresa_id, filial_id, produto_id, deposito_id, tipo, quantidade, custo_unitario, data,
         qtd, qtd_apos, custo_medio_apos, valor_apos, dif_valor, origem_tipo, origem_id, origem_linha)
       VALUES ($1, $2, $3, $4, 0, 7, 10, '2024-05-02T10:00:00-03:00', 7, 7, 10, 70, 70, 'teste', 1, 1)`,
      [demo.empresaId, demo.filialId, ids.produto, deposito],
    );
    await tx.query(
      `INSERT INTO inventario_sped (empresa_id, filial_id, data_inventario, motivo) VALUES ($1, $2, '2024-05-31', '01')`,
      [demo.empresaId, demo.filialId],
    );
    await tx.query(
      `INSERT INTO conta_contabil_sped (empresa_id, codigo, descricao, natureza_conta_contabil, tipo_conta_contabil, nivel)
       VALUES ($1, '1.1.4.01', 'Estoque de mercadorias', 1, 'A', 4), ($1, '1.1.4', 'Estoques', 1, 'S', 3)`,
      [demo.empresaId],
    );
  });
});
afterAll(async () => server?.close());

describe('SPED Fiscal: rule classes of issue 22', () => {
  it('writes SER with three positions for every model, 000 without série', async () => {
    await server.db.withSystem((tx) =>
      tx.query('UPDATE nota_fiscal SET serie = NULL WHERE numero = 203 AND empresa_id = $1', [
        demo.empresaId,
      ]),
    );
    const linhas = await linhasDe('/api/ArquivosFiscais/sped/arquivo', SPED);
    const c100 = linhas.filter((linha) => linha.startsWith('|C100|')).map(campos);
    expect(c100.length).toBeGreaterThan(0);
    for (const campo of c100) expect(campo[6]).toMatch(/^\d{3}$/);
    expect(c100.find((campo) => campo[7] === '203')?.[6]).toBe('000');
    expect(c100.find((campo) => campo[7] === '201')?.[6]).toBe('001');
    await server.db.withSystem((tx) =>
      tx.query('UPDATE nota_fiscal SET serie = 1 WHERE numero = 203 AND empresa_id = $1', [demo.empresaId]),
    );
  });

  it('refuses, before any file, ICMS to pay without COD_REC and an inventory without conta contábil in perfis A/B', async () => {
    const semReceita = await api('/api/ArquivosFiscais/sped/arquivo', { ...SPED, codigoReceita: undefined });
    expect(semReceita.statusCode).toBe(400);
    expect(semReceita.json().error.code).toBe('CODIGO_RECEITA_AUSENTE');
    expect(semReceita.json().error.message).toMatch(
      /informe o código de receita \(campo COD_REC do registro E116\)/,
    );
    const semReceitaPreview = await api('/api/ArquivosFiscais/sped/preview', {
      ...SPED,
      codigoReceita: '  ',
    });
    expect(semReceitaPreview.statusCode).toBe(400);
    for (const perfil of ['A', 'B']) {
      const semConta = await api('/api/ArquivosFiscais/sped/preview', {
        ...SPED,
        perfil,
        contaEstoque: undefined,
      });
      expect(semConta.statusCode).toBe(400);
      expect(semConta.json().error.code).toBe('CONTA_CONTABIL_AUSENTE');
      expect(semConta.json().error.message).toMatch(/COD_CTA do registro H010/);
    }
    const sintetica = await api('/api/ArquivosFiscais/sped/preview', { ...SPED, contaEstoque: '1.1.4' });
    expect(sintetica.statusCode).toBe(400);
    expect(sintetica.json().error.code).toBe('CONTA_CONTABIL_INVALIDA');
    // Perfil C does not require it.
    const perfilC = await linhasDe('/api/ArquivosFiscais/sped/arquivo', {
      ...SPED,
      perfil: 'C',
      contaEstoque: undefined,
    });
    expect(perfilC.some((linha) => linha.startsWith('|H010|'))).toBe(true);
  });

  it('writes COD_CTA in every H010 and the account in 0500', async () => {
    const linhas = await linhasDe('/api/ArquivosFiscais/sped/arquivo', SPED);
    const h010 = linhas.filter((linha) => linha.startsWith('|H010|')).map(campos);
    expect(h010.length).toBeGreaterThan(0);
    for (const campo of h010) expect(campo[9]).toBe('1.1.4.01');
    const r0500 = campos(linhas.find((linha) => linha.startsWith('|0500|')));
    expect(r0500.slice(2)).toEqual(['01', 'A', '4', '1.1.4.01', 'Estoque de mercadorias']);
    // 0500 comes after the 0200s of block 0.
    expect(linhas.findIndex((l) => l.startsWith('|0500|'))).toBeGreaterThan(
      linhas.findLastIndex((l) => l.startsWith('|0200|')),
    );
  });

  it('leaves DT_E_S empty for a note whose saída falls after the period, booked in the period by DT_DOC', async () => {
    const linhas = await linhasDe('/api/ArquivosFiscais/sped/arquivo', SPED);
    const c100 = linhas.map(campos).filter((campo) => campo[0] === 'C100');
    const ultimo = c100.find((campo) => campo[7] === '201');
    expect(ultimo?.[9]).toBe('31052024');
    expect(ultimo?.[10]).toBe('');
    for (const campo of c100) if (campo[10]) expect(campo[10].slice(2)).toBe('052024');
    // E110 debits = the C190 ICMS of every saída in the file (the note of the 31st included).
    const debitos = linhas
      .map(campos)
      .filter((campo) => campo[0] === 'C190' && /^[567]/.test(campo[2] ?? ''))
      .reduce((soma, campo) => soma + Number(campo[6]?.replace(',', '.')), 0);
    const e110 = campos(linhas.find((linha) => linha.startsWith('|E110|')));
    expect(Number(e110[1]?.replace(',', '.'))).toBeCloseTo(debitos, 2);
    expect(debitos).toBeGreaterThanOrEqual(12);
  });

  it('books the IPI of an entrada as credit only for an IPI taxpayer (IND_ATIV 0); else into the item value', async () => {
    const item = (linhas: string[]) => {
      const inicio = linhas.findIndex((linha) => /^\|C100\|0\|1\|[^|]*\|55\|00\|003\|701\|/.test(linha));
      return {
        c100: campos(linhas[inicio]),
        c170: campos(linhas[inicio + 1]),
        c190: campos(linhas[inicio + 2]),
      };
    };
    const outros = item(await linhasDe('/api/ArquivosFiscais/sped/arquivo', SPED));
    expect(outros.c170[0]).toBe('C170');
    expect(outros.c170[6]).toBe('110,00');
    expect(outros.c170.slice(18, 24)).toEqual(['', '', '', '', '', '']);
    expect(outros.c100[24]).toBe('0,00');
    expect(outros.c100[15]).toBe('110,00');
    expect(outros.c190[10]).toBe('0,00');
    const industria = await linhasDe('/api/ArquivosFiscais/sped/arquivo', { ...SPED, indicadorAtividade: 0 });
    expect(campos(industria[0]).at(-1)).toBe('0');
    const credito = item(industria);
    expect(credito.c170[6]).toBe('100,00');
    expect(credito.c170[23]).toBe('10,00');
    expect(credito.c100[24]).toBe('10,00');
    expect(credito.c190[10]).toBe('10,00');
  });
  it('writes E200/E210/E250 for the ST retained to RJ and refuses it without the ST código de receita', async () => {
    const semCodigo = await api('/api/ArquivosFiscais/sped/preview', { ...SPED, codigoReceitaSt: undefined });
    expect(semCodigo.statusCode).toBe(400);
    expect(semCodigo.json().error.code).toBe('CODIGO_RECEITA_AUSENTE');
    expect(semCodigo.json().error.message).toBe(
      'Há ICMS-ST a recolher (RJ R$ 9,00): informe o código de receita do ICMS-ST (campo COD_REC do registro E250) antes de gerar o arquivo.',
    );
    const linhas = await linhasDe('/api/ArquivosFiscais/sped/arquivo', SPED);
    expect(linhas.filter((linha) => linha.startsWith('|E200|')).map(campos)).toEqual([
      ['E200', 'RJ', '01052024', '31052024'],
    ]);
    const e210 = campos(linhas.find((linha) => linha.startsWith('|E210|')));
    expect([e210[7], e210[10], e210[12]]).toEqual(['9,00', '9,00', '9,00']);
    expect(campos(linhas.find((linha) => linha.startsWith('|E250|'))).slice(1, 5)).toEqual([
      '999',
      '9,00',
      '10062024',
      '100099',
    ]);
  });

  it('reads the DIFAL and FCP of an NF-e item into C101 and E300/E310/E316, refusing without their códigos', async () => {
    const consumidor = await server.db.withSystem(async (tx) => {
      const { id } = await tx.one<{ id: number }>(
        `INSERT INTO pessoa (empresa_id, tipo_pessoa, nome, cpf_cnpj, uf, codigo_municipio, logradouro, numero, bairro)
         VALUES ($1, 0, 'Consumidora Mineira', '11144477735', 'MG', 3106200, 'Rua B', '2', 'Centro') RETURNING id::int AS id`,
        [demo.empresaId],
      );
      const notaId = await nota(tx, 260, id, '2024-05-20T10:00:00-03:00', null, [
        { produtoId: ids.produto!, cfop: '6108', cst: '00', total: 300, aliquota: 12 },
      ]);
      await tx.query(
        `UPDATE nota_fiscal_item SET valor_icms_uf_destino = 18, valor_fcp_uf_destino = 6 WHERE nota_fiscal_id = $1`,
        [notaId],
      );
      return { id, notaId };
    });
    try {
      const semCodigos = await api('/api/ArquivosFiscais/sped/preview', SPED);
      expect(semCodigos.statusCode).toBe(400);
      expect(semCodigos.json().error.message).toBe(
        'Há DIFAL a recolher (MG R$ 18,00): informe o código de receita do DIFAL (campo COD_REC do registro E316); FCP a recolher (MG R$ 6,00): informe o código de receita do FCP (campo COD_REC do registro E316) antes de gerar o arquivo.',
      );
      const pedido = { ...SPED, codigoReceitaDifal: '100102', codigoReceitaFcp: '100129' };
      const linhas = await linhasDe('/api/ArquivosFiscais/sped/arquivo', pedido);
      expect(linhas.filter((linha) => linha.startsWith('|C101|')).map(campos)).toEqual([
        ['C101', '6,00', '18,00', '0,00'],
      ]);
      expect(campos(linhas.find((linha) => linha.startsWith('|E300|')))[1]).toBe('MG');
      expect(linhas.filter((linha) => linha.startsWith('|E316|')).map((l) => campos(l).slice(1, 5))).toEqual([
        ['000', '18,00', '10062024', '100102'],
        ['006', '6,00', '10062024', '100129'],
      ]);
      const previa = await api('/api/ArquivosFiscais/sped/preview', pedido);
      expect(previa.statusCode).toBe(200);
      expect(previa.json().totais).toMatchObject({ icmsStRecolher: 9, difalRecolher: 18, fcpRecolher: 6 });
      expect(
        previa.json().problemas.filter((problema: { tipo: string }) => problema.tipo === 'erro'),
      ).toEqual([]);
    } finally {
      await server.db.withSystem(async (tx) => {
        await tx.query('DELETE FROM nota_fiscal WHERE id = $1', [consumidor.notaId]);
        await tx.query('DELETE FROM pessoa WHERE id = $1', [consumidor.id]);
      });
    }
  });
});

describe('Sintegra: rule classes of issue 22', () => {
  const notaDe = (linhas: string[], tipo: string, numero: number) =>
    linhas.filter(
      (linha) => linha.startsWith(tipo) && linha.slice(45, 51) === String(numero).padStart(6, '0'),
    );

  it('writes one registro 50 per note, CFOP and rate, whatever the CSTs', async () => {
    const linhas = await linhasDe('/api/ArquivosFiscais/sintegra/arquivo', SINTEGRA);
    const r50 = notaDe(linhas, '50', 202);
    expect(r50).toHaveLength(1);
    // Valor total 300, base 200 (100 + 200/2), ICMS 24, outras 100.
    expect(r50[0]?.slice(56, 121)).toBe(
      ['0000000030000', '0000000020000', '0000000002400', '0000000000000', '0000000010000'].join(''),
    );
  });

  it('keeps internal operations out of the interestaduais files (natureza 1 and 2)', async () => {
    for (const natureza of [1, 2]) {
      const linhas = await linhasDe('/api/ArquivosFiscais/sintegra/arquivo', { ...SINTEGRA, natureza });
      expect(linhas[0]?.slice(124, 125)).toBe(String(natureza));
      const r50 = linhas.filter((linha) => linha.startsWith('50'));
      for (const linha of r50) expect(linha.slice(51, 52)).toMatch(/[26]/);
      expect(notaDe(linhas, '50', 203)).toHaveLength(0);
      expect(notaDe(linhas, '50', 205)).toHaveLength(0);
      expect(
        linhas.filter((linha) => linha.startsWith('54') && linha.slice(21, 27) === '000205'),
      ).toHaveLength(0);
      expect(notaDe(linhas, '50', 101)).toHaveLength(0);
      expect(notaDe(linhas, '50', 204)).toHaveLength(1);
      expect(notaDe(linhas, '50', 202)).toHaveLength(natureza === 2 ? 1 : 0);
      expect(linhas.some((linha) => linha.startsWith('61'))).toBe(false);
    }
  });

  it('writes record 53 for ICMS-ST retained and the unit ST base in record 75', async () => {
    const linhas = await linhasDe('/api/ArquivosFiscais/sintegra/arquivo', SINTEGRA);
    const r53 = notaDe(linhas, '53', 204);
    expect(r53).toHaveLength(1);
    expect(r53[0]).toHaveLength(126);
    expect(r53[0]?.slice(51, 56)).toBe('6403P');
    expect(r53[0]?.slice(56, 82)).toBe('00000000150000000000000900');
    const r75 = linhas.find((linha) => linha.startsWith('75') && linha.slice(18, 32).trim() === 'CAFE500');
    expect(r75?.slice(113, 126)).toBe('0000000005000');
    const r90 = linhas.filter((linha) => linha.startsWith('90')).join('');
    expect(r90).toContain(
      `53${String(linhas.filter((linha) => linha.startsWith('53')).length).padStart(8, '0')}`,
    );
  });

  it('writes record 74 of own goods in own possession with CNPJ zeros and IE blank', async () => {
    const linhas = await linhasDe('/api/ArquivosFiscais/sintegra/arquivo', SINTEGRA);
    const r74 = linhas.filter((linha) => linha.startsWith('74'));
    expect(r74.length).toBeGreaterThan(0);
    for (const linha of r74) {
      expect(linha).toHaveLength(126);
      expect(linha.slice(50, 51)).toBe('1');
      expect(linha.slice(51, 65)).toBe('0'.repeat(14));
      expect(linha.slice(65, 79)).toBe(' '.repeat(14));
      expect(linha.slice(79, 81)).toBe('SP');
    }
  });
});

describe('Validator on the generated files', () => {
  it('finds no error in any SPED or Sintegra of the month, whatever the profile, activity or natureza', async () => {
    for (const variante of [
      { perfil: 'A', indicadorAtividade: 1 },
      { perfil: 'B', indicadorAtividade: 0 },
      { perfil: 'C', contaEstoque: undefined },
    ]) {
      const preview = await api('/api/ArquivosFiscais/sped/preview', { ...SPED, ...variante });
      expect(preview.statusCode, preview.body).toBe(200);
      expect(preview.json().problemas.filter((p: { tipo: string }) => p.tipo === 'erro')).toEqual([]);
      const arquivo = await api('/api/ArquivosFiscais/sped/arquivo', { ...SPED, ...variante });
      expect(arquivo.statusCode, arquivo.body).toBe(200);
    }
    for (const natureza of [1, 2, 3]) {
      const preview = await api('/api/ArquivosFiscais/sintegra/preview', { ...SINTEGRA, natureza });
      expect(preview.statusCode, preview.body).toBe(200);
      expect(preview.json().erros).toBe(0);
      expect((await api('/api/ArquivosFiscais/sintegra/arquivo', { ...SINTEGRA, natureza })).statusCode).toBe(
        200,
      );
    }
  });
});

describe('Item codes and characters', () => {
  it('maps dashes and quotes to ASCII, keeps Latin-1 accents, and never writes "?" for them', () => {
    expect(spedTexto('Café “Especial” – 500g… ’s')).toBe('Café "Especial" - 500g... \'s');
    expect(alfa('Café – “A”', 12)).toBe('CAFE - "A"  ');
    const bytes = latin1Bytes(['|0200|X|Pão — “doce”|']);
    expect(bytes.toString('latin1')).toBe('|0200|X|Pão - "doce"|\r\n');
    expect(spedTexto('Łódź')).toBe('Lódz');
    expect(spedTexto('日本')).toBe('??');
  });

  it('refuses "|" in a produto code at data entry, with a pt-BR message', async () => {
    const response = await api('/api/Produtos', { descricao: 'Cabo', codigo: 'CABO|25', tipoProduto: 0 });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('não use o caractere \\"|\\"');
  });

  it('refuses a legacy code with "|" before generating either file, naming it', async () => {
    await server.db.withSystem((tx) =>
      tx.query(`UPDATE produto SET codigo = 'CAFE|500' WHERE id = $1`, [ids.produto]),
    );
    for (const [url, body] of [
      ['/api/ArquivosFiscais/sped/preview', SPED],
      ['/api/ArquivosFiscais/sintegra/arquivo', SINTEGRA],
    ] as const) {
      const response = await api(url, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('CODIGO_ITEM_INVALIDO');
      expect(response.json().error.message).toContain('CAFE|500');
    }
    await server.db.withSystem((tx) =>
      tx.query(`UPDATE produto SET codigo = 'CAFE500' WHERE id = $1`, [ids.produto]),
    );
  });
});
