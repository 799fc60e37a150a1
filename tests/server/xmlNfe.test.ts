import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ItemXmlTeste, nfeXml } from '../support/nfeXml.ts';
import { createTestServer, login, type TestServer } from '../support/testServer.ts';

/** NF-e › Exportar XML and Compras › Entrada de nota fiscal › Importar XML, against real PostgreSQL and RLS. */
let server: TestServer;
const tokens: Record<string, string> = {};
type Body = Record<string, unknown>;

const MATRIZ = '11222333000181';
const FORNECEDOR = {
  cnpj: '11444777000161',
  nome: 'Distribuidora Paulista de Bebidas Ltda',
  fantasia: 'DPB',
};

const api = (method: string, url: string, token: string | undefined, payload?: unknown) =>
  server.app.inject({
    method: method as 'GET',
    url,
    headers: { host: 'localhost', ...(token ? { authorization: token } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const ok = async (method: string, url: string, payload?: unknown, token = tokens.demo) => {
  const response = await api(method, url, token, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const fails = async (url: string, payload: unknown, status: number, token = tokens.demo) => {
  const response = await api('POST', url, token, payload);
  expect(response.statusCode, response.body).toBe(status);
  return response.json().error as { message: string; code: string };
};
const system = <T>(sql: string, params: unknown[] = []) =>
  server.db.withSystem((tx) => tx.query<T & Record<string, unknown>>(sql, params));

const cola: ItemXmlTeste = {
  codigo: 'DPB-001',
  ean: '7891000315507',
  descricao: 'Refrigerante Cola 2L',
  ncm: '22021000',
  cfop: '5102',
  unidade: 'UN',
  quantidade: 24,
  valorUnitario: 6.25,
  ipi: 4,
};
const agua: ItemXmlTeste = {
  codigo: 'DPB-077',
  descricao: 'Água mineral sem gás 500ml',
  ncm: '22011000',
  cfop: '6102',
  unidade: 'CX',
  quantidade: 10,
  valorUnitario: 18.9,
};
const primeira = nfeXml({
  emitente: FORNECEDOR,
  destinatarioCnpj: MATRIZ,
  numero: 4512,
  serie: 1,
  dataEmissao: '2025-01-14',
  itens: [cola, agua],
});

let colaProduto: Body;

beforeAll(async () => {
  server = await createTestServer();
  for (const user of ['demo', 'vendedor', 'trial', 'contador'])
    tokens[user] = await login(server.app, `${user}@erp.local`);
  colaProduto = await ok('POST', '/api/Produtos', {
    descricao: 'Refrigerante Cola 2 litros',
    codigo: 'COLA2',
    codigoBarras: '7891000315507',
  });
});
afterAll(async () => server?.close());

describe('Importar XML da NF-e de entrada', () => {
  it('previews the note: emitente to be registered, totals, suggested produtos and entry CFOPs', async () => {
    const previa = await ok('POST', '/api/XmlNfe/importar/previa', { xml: primeira.xml });
    expect(previa).toMatchObject({
      chave: primeira.chave,
      numero: 4512,
      serie: 1,
      dataEmissao: '2025-01-14',
      protocolo: '135250000012345',
      emitente: { cpfCnpj: FORNECEDOR.cnpj, nome: FORNECEDOR.nome, nomeFantasia: 'DPB', uf: 'SP' },
      fornecedor: null,
      totais: { valorProdutos: 339, valorIpi: 6, valorTotal: 345, valorDesconto: 0, valorFrete: 0 },
    });
    expect(previa.itens).toHaveLength(2);
    expect(previa.itens[0]).toMatchObject({
      numeroItem: 1,
      codigo: 'DPB-001',
      ean: '7891000315507',
      cfop: '5102',
      cfopEntrada: '1102',
      quantidade: 24,
      valorUnitario: 6.25,
      valorTotal: 150,
      sugestao: { produtoId: colaProduto.id, motivo: 'ean', descricao: 'Refrigerante Cola 2 litros' },
    });
    expect(previa.itens[1]).toMatchObject({ cfopEntrada: '2102', unidade: 'CX', sugestao: null });
    expect(previa.avisos).toEqual([
      `O fornecedor ${FORNECEDOR.nome} não está cadastrado e será cadastrado na confirmação.`,
      '1 item(ns) sem produto correspondente: escolha o produto ou cadastre um novo.',
    ]);
    const nada = await system<{ n: string }>('SELECT count(*) AS n FROM nota_entrada');
    expect(Number(nada[0]?.n)).toBe(0);
  });

  it('confirms: fornecedor, new produto, nota de entrada with items and the stored XML in one go', async () => {
    const result = await ok('POST', '/api/XmlNfe/importar', {
      xml: primeira.xml,
      dataEntrada: '2025-01-16',
      itens: [{ numeroItem: 2, cadastrarProduto: true }],
    });
    expect(result).toMatchObject({
      numero: 4512,
      serie: 1,
      fornecedorCadastrado: true,
      produtosCadastrados: 1,
      itens: 2,
    });
    const nota = await ok('GET', `/api/NotasEntrada/${result.id}`);
    expect(nota).toMatchObject({
      chave: primeira.chave,
      numero: 4512,
      serie: 1,
      dataEmissao: '2025-01-14',
      dataEntrada: '2025-01-16',
      valorProdutos: 339,
      valorIpi: 6,
      valorTotal: 345,
      situacao: 'pendente',
      fornecedorId: result.fornecedorId,
    });
    expect(nota).not.toHaveProperty('xml');
    const fornecedor = await ok('GET', `/api/Fornecedores/${result.fornecedorId}`);
    expect(fornecedor).toMatchObject({
      nome: FORNECEDOR.nome,
      cpfCnpj: FORNECEDOR.cnpj,
      uf: 'SP',
      codigoMunicipio: 3550308,
    });
    const itens = await system<Body>(
      `SELECT numero_item, produto_id, codigo, descricao, cfop, unidade, quantidade::float AS quantidade,
              valor_unitario::float AS valor_unitario, valor_total::float AS valor_total, cst_icms, valor_icms::float AS valor_icms,
              valor_ipi::float AS valor_ipi, cst_pis, cst_cofins
         FROM nota_entrada_item WHERE nota_entrada_id = $1 ORDER BY numero_item`,
      [result.id],
    );
    expect(itens[0]).toMatchObject({
      numero_item: 1,
      produto_id: colaProduto.id,
      codigo: 'DPB-001',
      cfop: '1102',
      quantidade: 24,
      valor_unitario: 6.25,
      valor_total: 150,
      cst_icms: '00',
      valor_icms: 27,
      valor_ipi: 6,
      cst_pis: '01',
      cst_cofins: '01',
    });
    expect(itens[1]).toMatchObject({
      numero_item: 2,
      cfop: '2102',
      unidade: 'CX',
      descricao: 'Água mineral sem gás 500ml',
    });
    const novo = await ok('GET', `/api/Produtos/${itens[1]?.produto_id}`);
    expect(novo).toMatchObject({
      descricao: 'Água mineral sem gás 500ml',
      unidade: 'CX',
      ncm: '22011000',
      custo: 18.9,
    });
    const [stored] = await system<{ xml: string }>('SELECT xml FROM nota_entrada WHERE id = $1', [result.id]);
    expect(stored?.xml).toBe(primeira.xml);
  });

  it('refuses the same key again with 409 "A nota <chave> já foi importada em <data>"', async () => {
    const error = await fails('/api/XmlNfe/importar/previa', { xml: primeira.xml }, 409);
    const [row] = await system<{ hoje: string }>(
      "SELECT to_char(now() AT TIME ZONE 'America/Sao_Paulo', 'DD/MM/YYYY') AS hoje",
    );
    expect(error.message.startsWith(`A nota ${primeira.chave} já foi importada em ${row?.hoje} `)).toBe(true);
    await fails('/api/XmlNfe/importar', { xml: primeira.xml }, 409);
  });

  it('suggests by the supplier code linked before and finds the registered fornecedor', async () => {
    const segunda = nfeXml({
      emitente: FORNECEDOR,
      destinatarioCnpj: MATRIZ,
      numero: 4530,
      serie: 1,
      dataEmissao: '2025-01-28',
      itens: [{ ...agua, descricao: 'AGUA MINERAL S/GAS 500ML CX12' }],
    });
    const previa = await ok('POST', '/api/XmlNfe/importar/previa', { xml: segunda.xml });
    expect(previa.fornecedor).toMatchObject({ nome: FORNECEDOR.nome });
    expect(previa.itens[0].sugestao).toMatchObject({
      motivo: 'codigoFornecedor',
      descricao: 'Água mineral sem gás 500ml',
    });
    expect(previa.avisos).toEqual([]);
    const result = await ok('POST', '/api/XmlNfe/importar', {
      xml: segunda.xml,
      dataEntrada: '2025-01-29',
      itens: [{ numeroItem: 1, cfop: '1403' }],
    });
    expect(result.fornecedorCadastrado).toBe(false);
    const [item] = await system<{ cfop: string; produto_id: number }>(
      'SELECT cfop, produto_id FROM nota_entrada_item WHERE nota_entrada_id = $1',
      [result.id],
    );
    expect(item).toEqual({ cfop: '1403', produto_id: previa.itens[0].sugestao.produtoId });
    const fornecedores = await system<{ n: string }>('SELECT count(*) AS n FROM pessoa WHERE cpf_cnpj = $1', [
      FORNECEDOR.cnpj,
    ]);
    expect(Number(fornecedores[0]?.n)).toBe(1);
  });

  it('answers 400 in pt-BR for another destinatário, broken XML, a bad key or another model', async () => {
    const notaOutra = {
      emitente: FORNECEDOR,
      destinatarioCnpj: '11222333000262',
      numero: 9,
      serie: 1,
      dataEmissao: '2025-01-20',
      itens: [agua],
    };
    const outra = nfeXml(notaOutra);
    expect((await fails('/api/XmlNfe/importar/previa', { xml: outra.xml }, 400)).message).toBe(
      'O destinatário desta NF-e (11.222.333/0002-62) não é a filial selecionada (11.222.333/0001-81). Selecione a filial destinatária e importe de novo.',
    );
    expect((await fails('/api/XmlNfe/importar', { xml: outra.xml }, 400)).code).toBe(
      'DESTINATARIO_NAO_E_A_FILIAL',
    );
    const truncated = primeira.xml.slice(0, 2000);
    expect((await fails('/api/XmlNfe/importar/previa', { xml: truncated }, 400)).message).toMatch(
      /^O arquivo não é um XML válido \(linha \d+\)/,
    );
    expect((await fails('/api/XmlNfe/importar/previa', { xml: 'numero;serie\n1;2' }, 400)).message).toBe(
      'O arquivo não é um XML. Escolha o arquivo .xml da NF-e enviado pelo fornecedor.',
    );
    const digito = primeira.chave.slice(0, 43) + ((Number(primeira.chave[43]) + 1) % 10);
    expect(
      (
        await fails(
          '/api/XmlNfe/importar/previa',
          { xml: primeira.xml.replaceAll(primeira.chave, digito) },
          400,
        )
      ).message,
    ).toBe(
      'A chave de acesso do XML é inválida (44 caracteres: o CNPJ do emitente pode ter letras; o dígito verificador deve conferir).',
    );
    const bomb = '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">]><nfeProc>&lol;</nfeProc>';
    expect((await fails('/api/XmlNfe/importar/previa', { xml: bomb }, 400)).code).toBe('XML_NFE_INVALIDO');
    expect((await fails('/api/XmlNfe/importar/previa', { xml: '<cte><infCte/></cte>' }, 400)).message).toBe(
      'O XML não é de uma NF-e: falta o grupo infNFe (esperado nfeProc ou NFe).',
    );
    expect((await fails('/api/XmlNfe/importar/previa', {}, 400)).code).toBe('DADOS_INVALIDOS');
    const item = await fails(
      '/api/XmlNfe/importar',
      { xml: nfeXml({ ...notaOutra, destinatarioCnpj: MATRIZ }).xml, itens: [{ numeroItem: 7 }] },
      400,
    );
    expect(item.message).toBe('O item 7 não existe no XML.');
  });

  it('answers 413 past 5 MB of XML', async () => {
    const big = primeira.xml.replace(
      '</infAdic>',
      `<obsCont>${'x'.repeat(5 * 1024 * 1024)}</obsCont></infAdic>`,
    );
    expect((await fails('/api/XmlNfe/importar/previa', { xml: big }, 413)).message).toBe(
      'O arquivo XML passa de 5 MB: envie o XML de uma única NF-e.',
    );
  });

  it('needs the entry key at CRIAR; another company cannot import into the demo branch', async () => {
    await fails('/api/XmlNfe/importar/previa', { xml: primeira.xml }, 403, tokens.vendedor);
    const trial = await fails('/api/XmlNfe/importar/previa', { xml: primeira.xml }, 400, tokens.trial);
    expect(trial.code).toBe('FILIAL_SEM_CNPJ');
    const lista = await ok('GET', '/api/NotasEntrada', undefined, tokens.trial);
    expect(lista).toEqual([]);
  });
});

describe('Exportar XML', () => {
  const pedido = { dataInicial: '2025-01-01', dataFinal: '2025-01-31', tipos: ['nfe', 'nfce', 'entrada'] };
  const nfeEmitida = nfeXml({
    emitente: { cnpj: MATRIZ, nome: 'Empresa Demonstração Ltda' },
    destinatarioCnpj: '33000167000101',
    numero: 101,
    serie: 1,
    dataEmissao: '2025-01-10',
    itens: [cola],
  });
  const nfce = `<?xml version="1.0" encoding="UTF-8"?><nfeProc versao="4.00"><NFe><infNFe Id="NFe35250111222333000181650010000005551000000019"/></NFe></nfeProc>`;

  beforeAll(async () => {
    const natureza = await ok('POST', '/api/NaturezasOperacao', { descricao: 'Venda de mercadoria' });
    const cliente = await ok('POST', '/api/Clientes', {
      nome: 'Petróleo Cliente S.A.',
      cpfCnpj: '33000167000101',
    });
    const nota = (numero: number, dia: string) =>
      ok('POST', '/api/NotasFiscais', {
        naturezaOperacaoId: natureza.id,
        destinatarioId: cliente.id,
        numero,
        serie: 1,
        dataEmissao: `2025-${dia}T10:00:00-03:00`,
      });
    const autorizada = await nota(101, '01-10');
    const semXml = await nota(102, '01-20');
    const cancelada = await nota(103, '01-21');
    const fevereiro = await nota(104, '02-01');
    await system('UPDATE nota_fiscal SET situacao = 1, chave = $2, xml = $3 WHERE id = $1', [
      autorizada.id,
      nfeEmitida.chave,
      nfeEmitida.xml,
    ]);
    await system(
      `UPDATE nota_fiscal SET situacao = 1, chave = '35250111222333000181550010000001021000000010' WHERE id = $1`,
      [semXml.id],
    );
    await system(
      `UPDATE nota_fiscal SET situacao = 2, xml = '<cancelada/>', chave = '35250111222333000181550010000001031000000015' WHERE id = $1`,
      [cancelada.id],
    );
    await system(
      `UPDATE nota_fiscal SET situacao = 1, xml = '<fevereiro/>', chave = '35250211222333000181550010000001041000000011' WHERE id = $1`,
      [fevereiro.id],
    );
    await system(
      `INSERT INTO cupom_fiscal (empresa_id, filial_id, numero, serie, chave, data_emissao, valor_total, situacao, xml)
       SELECT empresa_id, id, 555, 1, '35250111222333000181650010000005551000000019', '2025-01-31 23:30:00-03', 12.5, 1, $1
         FROM filial WHERE cpf_cnpj = $2`,
      [nfce, MATRIZ],
    );
  });

  it('previews counts by type and lists the documents without XML', async () => {
    const previa = await ok('POST', '/api/XmlNfe/exportar/previa', pedido);
    expect(previa).toMatchObject({
      nomeArquivo: `XML-NFe-${MATRIZ}-202501.zip`,
      total: 5,
      comXml: 4,
      semXml: 1,
      tipos: [
        { tipo: 'nfe', descricao: 'NF-e emitidas', total: 2, comXml: 1, semXml: 1 },
        { tipo: 'nfce', descricao: 'NFC-e', total: 1, comXml: 1, semXml: 0 },
        { tipo: 'entrada', descricao: 'Notas de entrada', total: 2, comXml: 2, semXml: 0 },
      ],
    });
    expect(previa.avisos).toEqual([
      expect.objectContaining({
        tipo: 'nfe',
        numero: 102,
        serie: 1,
        data: '2025-01-20',
        motivo: 'XML autorizado não armazenado',
      }),
    ]);
    const canceladas = await ok('POST', '/api/XmlNfe/exportar/previa', { ...pedido, situacao: 'canceladas' });
    expect(canceladas).toMatchObject({ total: 1, comXml: 1 });
  });

  it('downloads the ZIP with one <chave>-nfe.xml per stored XML, byte for byte', async () => {
    const response = await api('POST', '/api/XmlNfe/exportar/arquivo', tokens.demo, pedido);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="XML-NFe-${MATRIZ}-202501.zip"`,
    );
    expect(response.headers['x-documentos-exportados']).toBe('4');
    const zip = await JSZip.loadAsync(response.rawPayload);
    const nomes = Object.keys(zip.files).sort();
    const segunda = await system<{ chave: string }>('SELECT chave FROM nota_entrada WHERE numero = 4530');
    expect(nomes).toEqual(
      [
        `${nfeEmitida.chave}-nfe.xml`,
        '35250111222333000181650010000005551000000019-nfe.xml',
        `${primeira.chave}-nfe.xml`,
        `${segunda[0]?.chave}-nfe.xml`,
      ].sort(),
    );
    expect(await zip.file(`${nfeEmitida.chave}-nfe.xml`)?.async('string')).toBe(nfeEmitida.xml);
    expect(await zip.file(`${primeira.chave}-nfe.xml`)?.async('string')).toBe(primeira.xml);
    expect(await zip.file('35250111222333000181650010000005551000000019-nfe.xml')?.async('string')).toBe(
      nfce,
    );

    const soNfce = await api('POST', '/api/XmlNfe/exportar/arquivo', tokens.demo, {
      ...pedido,
      tipos: ['nfce'],
    });
    expect(Object.keys((await JSZip.loadAsync(soNfce.rawPayload)).files)).toEqual([
      '35250111222333000181650010000005551000000019-nfe.xml',
    ]);
  });

  it('answers 400 in pt-BR for a bad period, no type or nothing to export', async () => {
    expect(
      (await fails('/api/XmlNfe/exportar/previa', { ...pedido, dataFinal: '2024-12-31' }, 400)).message,
    ).toBe('A data final é anterior à data inicial.');
    expect((await fails('/api/XmlNfe/exportar/previa', { ...pedido, tipos: [] }, 400)).code).toBe(
      'DADOS_INVALIDOS',
    );
    expect(
      (await fails('/api/XmlNfe/exportar/previa', { ...pedido, dataInicial: '01/01/2025' }, 400)).code,
    ).toBe('DADOS_INVALIDOS');
    expect(
      (
        await fails(
          '/api/XmlNfe/exportar/arquivo',
          { ...pedido, dataInicial: '2024-01-01', dataFinal: '2024-01-31' },
          400,
        )
      ).message,
    ).toBe('Nenhum documento no período com os filtros escolhidos.');
  });

  it('keeps each company to its own documents; needs NFE_EXPORTAR_XML (the accountant has it)', async () => {
    const trial = await ok('POST', '/api/XmlNfe/exportar/previa', pedido, tokens.trial);
    expect(trial).toMatchObject({ total: 0, comXml: 0, avisos: [] });
    await fails('/api/XmlNfe/exportar/arquivo', pedido, 400, tokens.trial);
    await fails('/api/XmlNfe/exportar/previa', pedido, 403, tokens.vendedor);
    await fails('/api/XmlNfe/exportar/previa', pedido, 401, '');
    const contador = await ok('POST', '/api/XmlNfe/exportar/previa', pedido, tokens.contador);
    expect(contador.comXml).toBe(4);
  });
});
