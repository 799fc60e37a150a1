import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, login, type TestServer } from '../support/testServer.ts';

/**
 * /api/Ibpt: the IBPT "De Olho no Imposto" table per UF and the CEST table, imported by platform staff
 * from CSV files (all or nothing, errors per line in pt-BR) and read by any signed-in user.
 */
let server: TestServer;
const tokens: Record<string, string> = {};

const HEADER =
  'codigo;ex;tipo;descricao;nacionalfederal;importadosfederal;estadual;municipal;vigenciainicio;vigenciafim;chave;versao;fonte';

/** A file as the IBPT ships it: Windows-1252 (accents as single bytes), ';', CRLF. */
const windows1252 = (lines: string[]) => Buffer.from(`${[HEADER, ...lines].join('\r\n')}\r\n`, 'latin1');

const SP_LINES = [
  '01012100;;0;Cavalos reprodutores de raça pura;13,45;15,45;18,00;0,00;01/01/2026;30/06/2026;A1B2C3;26.1.A;IBPT/empresometro.com.br',
  '22021000;01;0;Águas minerais com adição de açúcar;16.20;19.10;20.50;0.00;01/01/2026;30/06/2026;A1B2C3;26.1.A;IBPT/empresometro.com.br',
  '22021000;;0;Águas, incluídas as minerais;14,10;18,00;20,50;0;01/01/2026;30/06/2026;A1B2C3;26.1.A;IBPT/empresometro.com.br',
  '0107;;2;Suporte técnico em informática;13,45;15,45;0;5;01/01/2026;30/06/2026;A1B2C3;26.1.A;IBPT/empresometro.com.br',
];

const call = (
  method: string,
  url: string,
  who: string | null,
  payload?: Buffer | string | object,
  contentType = 'text/csv',
) =>
  server.app.inject({
    method: method as 'GET',
    url,
    headers: {
      host: who?.startsWith('verde') ? 'verde.localhost' : 'localhost',
      ...(who && tokens[who] ? { authorization: tokens[who] } : {}),
      ...(payload === undefined ? {} : { 'content-type': contentType }),
    },
    ...(payload === undefined ? {} : { payload: payload as string }),
  });

beforeAll(async () => {
  server = await createTestServer();
  // A master user who is not platform staff: the IBPT entries are avancoOnly, so it is refused too.
  await server.db.withSystem((tx) =>
    tx.query(`UPDATE usuario SET master = true WHERE email = 'verde@erp.local'`),
  );
  tokens.admin = await login(server.app, 'admin@erp.local');
  tokens.demo = await login(server.app, 'demo@erp.local');
  tokens.vendedor = await login(server.app, 'vendedor@erp.local');
  tokens.verdeMaster = await login(server.app, 'verde@erp.local', 'demo1234', 'verde.localhost');
});
afterAll(async () => server?.close());

describe('/api/Ibpt/ncm', () => {
  it('imports a Windows-1252 IBPT file of a UF and serves its rates to any signed-in user', async () => {
    const imported = await call(
      'POST',
      '/api/Ibpt/ncm/importar?uf=sp&arquivo=TabelaIBPTaxSP26.1.A.csv',
      'admin',
      windows1252(SP_LINES),
    );
    expect(imported.statusCode, imported.body).toBe(200);
    // Past its vigência when the database's today is after 30/06/2026 (its date, not this process's UTC one).
    const [hoje] = await server.db.withSystem((tx) =>
      tx.query<{ vencida: boolean }>("SELECT current_date > DATE '2026-06-30' AS vencida"),
    );
    expect(imported.json()).toEqual({
      uf: 'SP',
      versao: '26.1.A',
      vigenciaInicio: '2026-01-01',
      vigenciaFim: '2026-06-30',
      chave: 'A1B2C3',
      fonte: 'IBPT/empresometro.com.br',
      arquivo: 'TabelaIBPTaxSP26.1.A.csv',
      linhas: 4,
      importadoEm: expect.any(String),
      importadoPor: 'Administrador da Plataforma',
      vencida: hoje?.vencida,
    });

    const tabelas = await call('GET', '/api/Ibpt/ncm/tabelas', 'admin');
    expect(tabelas.statusCode, tabelas.body).toBe(200);
    expect(tabelas.json()).toEqual([imported.json()]);

    // The read endpoint: any signed-in user, NCM typed with dots, accents decoded from Windows-1252.
    const rates = await call('GET', '/api/Ibpt/ncm/0101.21.00?uf=SP', 'vendedor');
    expect(rates.statusCode, rates.body).toBe(200);
    expect(rates.json()).toMatchObject({
      uf: 'SP',
      codigo: '01012100',
      ex: '',
      tipo: 0,
      descricao: 'Cavalos reprodutores de raça pura',
      nacionalFederal: 13.45,
      importadosFederal: 15.45,
      estadual: 18,
      municipal: 0,
      versao: '26.1.A',
      chave: 'A1B2C3',
      fonte: 'IBPT/empresometro.com.br',
    });
    // An exception of the TIPI when asked for; without it, the line without ex.
    expect((await call('GET', '/api/Ibpt/ncm/22021000?uf=SP&ex=01', 'demo')).json()).toMatchObject({
      ex: '01',
      nacionalFederal: 16.2,
      descricao: 'Águas minerais com adição de açúcar',
    });
    expect((await call('GET', '/api/Ibpt/ncm/22021000?uf=SP&ex=09', 'demo')).json()).toMatchObject({
      ex: '',
      nacionalFederal: 14.1,
    });
    expect((await call('GET', '/api/Ibpt/ncm/0107?uf=SP&tipo=2', 'demo')).json()).toMatchObject({
      municipal: 5,
    });

    const missing = await call('GET', '/api/Ibpt/ncm/99999999?uf=SP', 'vendedor');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('NCM 99999999 não encontrado na tabela IBPT da UF SP.');
    const notLoaded = await call('GET', '/api/Ibpt/ncm/01012100?uf=MG', 'vendedor');
    expect(notLoaded.statusCode).toBe(404);
    expect(notLoaded.json().error.message).toBe('A tabela IBPT da UF MG ainda não foi importada.');
    const noUf = await call('GET', '/api/Ibpt/ncm/01012100', 'vendedor');
    expect(noUf.statusCode).toBe(400);
    expect(noUf.json().error.message).toBe('Informe a UF (parâmetro "uf"), ex.: SP.');
    const badUf = await call('GET', '/api/Ibpt/ncm/01012100?uf=XX', 'vendedor');
    expect(badUf.statusCode).toBe(400);
    expect(badUf.json().error.message).toContain('UF inválida: "XX"');
    const badCode = await call('GET', '/api/Ibpt/ncm/abc?uf=SP', 'vendedor');
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().error.message).toContain('Código inválido: "abc"');
    expect((await call('GET', '/api/Ibpt/ncm/01012100?uf=SP', null)).statusCode).toBe(401);

    // Search (platform staff): by the start of the code or part of the description.
    const byCode = await call('GET', '/api/Ibpt/ncm?busca=2202&uf=SP', 'admin');
    expect(byCode.statusCode, byCode.body).toBe(200);
    expect(byCode.json().total).toBe(2);
    const byText = await call('GET', `/api/Ibpt/ncm?busca=${encodeURIComponent('raça')}`, 'admin');
    expect(byText.json().itens.map((item: { codigo: string }) => item.codigo)).toEqual(['01012100']);
  });

  it('refuses a file with errors as a whole, naming every line and column, and keeps what was loaded', async () => {
    const before = (await call('GET', '/api/Ibpt/ncm/tabelas', 'admin')).json();
    const response = await call(
      'POST',
      '/api/Ibpt/ncm/importar?uf=SP',
      'admin',
      windows1252([
        SP_LINES[0] as string,
        '01012900;;7;Outros cavalos;13,45;15,45;18,00;0,00;01/01/2026;30/06/2026;A1B2C3;26.1.A;IBPT',
        '01013000;;0;Asininos;13,45;15,45;18,00;0,00;31/02/2026;30/06/2026;A1B2C3;26.1.A;IBPT',
        '01019000;;0;Outros;treze;15,45;18,00;0,00;01/01/2026;30/06/2026;A1B2C3;26.1.A;IBPT',
        '01012100;;0;Repetido;13,45;15,45;18,00;0,00;01/01/2026;30/06/2026;A1B2C3;26.1.A;IBPT',
      ]),
    );
    expect(response.statusCode, response.body).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe('IMPORTACAO_COM_ERROS');
    expect(error.message).toBe(
      'Nada foi importado: o arquivo tem 4 linha(s) com erro. Linha 3: coluna "tipo" deve ser 0 (NCM), 1 (NBS) ou 2 (LC 116), veio "7" (e mais 3 linha(s) com erro).',
    );
    expect(error.details.erros).toEqual([
      { linha: 3, mensagens: ['coluna "tipo" deve ser 0 (NCM), 1 (NBS) ou 2 (LC 116), veio "7"'] },
      { linha: 4, mensagens: ['coluna "vigenciainicio" deve ser uma data dd/mm/aaaa, veio "31/02/2026"'] },
      {
        linha: 5,
        mensagens: ['coluna "nacionalfederal" deve ser uma alíquota em %, ex.: 13,45 ou 13.45, veio "treze"'],
      },
      { linha: 6, mensagens: ['código 01012100 repetido: já aparece na linha 2'] },
    ]);
    expect((await call('GET', '/api/Ibpt/ncm/tabelas', 'admin')).json()).toEqual(before);
    expect((await call('GET', '/api/Ibpt/ncm/01012100?uf=SP', 'admin')).statusCode).toBe(200);

    // Whole-file problems: a missing column, no data, the wrong UF, no file, a file too large.
    const noColumn = await call(
      'POST',
      '/api/Ibpt/ncm/importar?uf=SP',
      'admin',
      'codigo;ex;tipo;descricao\n01012100;;0;Cavalos\n',
    );
    expect(noColumn.statusCode).toBe(400);
    expect(noColumn.json().error.message).toMatch(
      /^Linha 1 \(cabeçalho\): faltam as colunas "nacionalfederal", "importadosfederal", .* Cabeçalho esperado: codigo;ex;tipo;/,
    );
    const onlyHeader = await call('POST', '/api/Ibpt/ncm/importar?uf=SP', 'admin', `${HEADER}\n`);
    expect(onlyHeader.statusCode).toBe(400);
    expect(onlyHeader.json().error.code).toBe('ARQUIVO_SEM_DADOS');
    const otherUf = await call(
      'POST',
      '/api/Ibpt/ncm/importar?uf=SP&arquivo=TabelaIBPTaxRJ26.1.A.csv',
      'admin',
      windows1252(SP_LINES),
    );
    expect(otherUf.statusCode).toBe(400);
    expect(otherUf.json().error.message).toBe(
      'O arquivo TabelaIBPTaxRJ26.1.A.csv é da tabela de RJ, mas a UF escolhida é SP. Escolha a UF RJ ou envie o arquivo de SP.',
    );
    const noUf = await call('POST', '/api/Ibpt/ncm/importar?uf=ZZ', 'admin', windows1252(SP_LINES));
    expect(noUf.statusCode).toBe(400);
    const json = await call(
      'POST',
      '/api/Ibpt/ncm/importar?uf=SP',
      'admin',
      { linhas: [] },
      'application/json',
    );
    expect(json.statusCode).toBe(415);
    expect(json.json().error.message).toContain('Envie o arquivo CSV');
    const huge = await call(
      'POST',
      '/api/Ibpt/ncm/importar?uf=SP',
      'admin',
      Buffer.alloc(10 * 1024 * 1024 + 1, 65),
    );
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.message).toBe(
      'O arquivo excede o tamanho máximo de 10 MB. Confira se é o arquivo CSV da tabela e envie novamente.',
    );
  });

  it('replaces only the UF imported and deletes a UF table', async () => {
    const rj = await call(
      'POST',
      '/api/Ibpt/ncm/importar?uf=RJ',
      'admin',
      windows1252([
        '01012100;;0;Cavalos reprodutores de raça pura;13,45;15,45;20,00;0,00;01/01/2026;30/06/2026;RJ1;26.1.A;IBPT',
        '01012900;;0;Outros cavalos;13,45;15,45;20,00;0,00;01/01/2026;30/06/2026;RJ1;26.1.A;IBPT',
      ]),
    );
    expect(rj.statusCode, rj.body).toBe(200);
    const sp = await call(
      'POST',
      '/api/Ibpt/ncm/importar?uf=SP',
      'admin',
      windows1252([
        '01012900;;0;Outros cavalos;13,45;15,45;18,00;0,00;01/07/2026;31/12/2026;SP2;26.2.A;IBPT',
      ]),
    );
    expect(sp.statusCode, sp.body).toBe(200);
    expect(sp.json()).toMatchObject({ uf: 'SP', versao: '26.2.A', linhas: 1, vigenciaInicio: '2026-07-01' });
    const tabelas = (await call('GET', '/api/Ibpt/ncm/tabelas', 'admin')).json();
    expect(tabelas.map((t: { uf: string; linhas: number }) => [t.uf, t.linhas])).toEqual([
      ['RJ', 2],
      ['SP', 1],
    ]);
    expect((await call('GET', '/api/Ibpt/ncm/01012100?uf=SP', 'demo')).statusCode).toBe(404);
    expect((await call('GET', '/api/Ibpt/ncm/01012100?uf=RJ', 'demo')).json().estadual).toBe(20);

    expect((await call('DELETE', '/api/Ibpt/ncm/tabelas/RJ', 'demo')).statusCode).toBe(403);
    expect((await call('DELETE', '/api/Ibpt/ncm/tabelas/RJ', 'admin')).json()).toEqual({ count: 1 });
    expect((await call('GET', '/api/Ibpt/ncm/01012100?uf=RJ', 'demo')).statusCode).toBe(404);
    expect((await call('DELETE', '/api/Ibpt/ncm/tabelas/RJ', 'admin')).statusCode).toBe(404);
  });

  it('imports a full-size UF table (13,000 lines, several insert batches)', async () => {
    const lines = Array.from(
      { length: 13_000 },
      (_, index) =>
        `${String(10_000_000 + index)};;0;Produto número ${index};13,45;15,45;18,00;0,00;01/01/2026;30/06/2026;MG1;26.1.A;IBPT`,
    );
    const response = await call('POST', '/api/Ibpt/ncm/importar?uf=MG', 'admin', windows1252(lines));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().linhas).toBe(13_000);
    const last = await call('GET', '/api/Ibpt/ncm/10012999?uf=MG', 'vendedor');
    expect(last.json()).toMatchObject({ descricao: 'Produto número 12999', estadual: 18 });
  });

  it('is for platform staff only: a company administrator or a master user gets 403', async () => {
    for (const who of ['demo', 'verdeMaster']) {
      const upload = await call('POST', '/api/Ibpt/ncm/importar?uf=SP', who, windows1252(SP_LINES));
      expect(upload.statusCode, upload.body).toBe(403);
      expect(upload.json().error.message).toBe('Somente a equipe da plataforma pode realizar esta ação.');
      expect((await call('GET', '/api/Ibpt/ncm/tabelas', who)).statusCode).toBe(403);
      expect((await call('GET', '/api/Ibpt/ncm?busca=01', who)).statusCode).toBe(403);
      expect((await call('POST', '/api/Ibpt/cest/importar', who, 'cest;ncm;descricao\n')).statusCode).toBe(
        403,
      );
      expect((await call('GET', '/api/Ibpt/cest/busca', who)).statusCode).toBe(403);
    }
    expect((await call('POST', '/api/Ibpt/ncm/importar?uf=SP', null, windows1252(SP_LINES))).statusCode).toBe(
      401,
    );
  });
});

describe('/api/Ibpt/cest', () => {
  it('imports the CEST table and finds the CESTs of an NCM, by exact or covering NCM/SH position', async () => {
    expect((await call('GET', '/api/Ibpt/cest/importacao', 'admin')).json()).toEqual({ importacao: null });
    const file = `\uFEFFcest;ncm;descricao;segmento;item\r\n${[
      '01.001.00;3815.12.10 3815.12.90;Catalisadores em colmeia cerâmica ou metálica;Autopeças;1.0',
      '03.001.00;2201.10.00 2201.90.00;Água mineral, gasosa ou não, ou potável;Bebidas;1.0',
      '10.001.00;3917;Tubos e seus acessórios, de plásticos;Materiais de construção;1.0',
    ].join('\r\n')}\r\n`;
    const imported = await call('POST', '/api/Ibpt/cest/importar?arquivo=cest.csv', 'admin', file);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toEqual({
      arquivo: 'cest.csv',
      linhas: 3,
      cests: 3,
      ncms: 5,
      importadoEm: expect.any(String),
      importadoPor: 'Administrador da Plataforma',
    });
    expect((await call('GET', '/api/Ibpt/cest/importacao', 'admin')).json()).toEqual({
      importacao: imported.json(),
    });

    const agua = await call('GET', '/api/Ibpt/cest?ncm=2201.10.00', 'vendedor');
    expect(agua.statusCode, agua.body).toBe(200);
    expect(agua.json()).toEqual([
      {
        cest: '0300100',
        ncm: '22011000',
        descricao: 'Água mineral, gasosa ou não, ou potável',
        segmento: 'Bebidas',
        item: '1.0',
      },
    ]);
    // "3917" in the annex covers every NCM that starts with it.
    expect((await call('GET', '/api/Ibpt/cest?ncm=39172100', 'demo')).json()).toMatchObject([
      { cest: '1000100', ncm: '3917' },
    ]);
    expect((await call('GET', '/api/Ibpt/cest?ncm=84713012', 'demo')).json()).toEqual([]);
    const noNcm = await call('GET', '/api/Ibpt/cest', 'demo');
    expect(noNcm.statusCode).toBe(400);
    expect(noNcm.json().error.message).toBe('Informe o NCM (parâmetro "ncm"), ex.: 2201.10.00.');
    expect((await call('GET', '/api/Ibpt/cest?ncm=22x', 'demo')).statusCode).toBe(400);
    expect((await call('GET', '/api/Ibpt/cest?ncm=22011000', null)).statusCode).toBe(401);

    const search = await call('GET', `/api/Ibpt/cest/busca?busca=${encodeURIComponent('água')}`, 'admin');
    expect(search.statusCode, search.body).toBe(200);
    expect(search.json().itens.map((item: { ncm: string }) => item.ncm)).toEqual(['22011000', '22019000']);
    expect((await call('GET', '/api/Ibpt/cest/busca?busca=01.001', 'admin')).json().total).toBe(2);
  });

  it('refuses a CEST file with errors as a whole, keeping the table', async () => {
    const response = await call(
      'POST',
      '/api/Ibpt/cest/importar',
      'admin',
      Buffer.from(
        [
          'CEST;NCM/SH;Descrição',
          '01.001.00;3815.12.10;Catalisadores',
          '01.001;3815.12.90;CEST curto',
          '03.001.00;22A1;NCM com letra',
          '03.002.00;2201;',
          '01.001.00;3815.12.10;Repetido',
        ].join('\n'),
        'latin1',
      ),
    );
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.details.erros).toEqual([
      { linha: 3, mensagens: ['coluna "cest" deve ter 7 dígitos, ex.: 01.001.00, veio "01.001"'] },
      { linha: 4, mensagens: ['coluna "ncm": "22A1" não é um NCM/SH (2 a 8 dígitos, ex.: 2201.10.00)'] },
      { linha: 5, mensagens: ['coluna "descricao" vazia'] },
      { linha: 6, mensagens: ['CEST 01.001.00 com NCM 38151210 repetido: já aparece na linha 2'] },
    ]);
    expect((await call('GET', '/api/Ibpt/cest/importacao', 'admin')).json().importacao.cests).toBe(3);
    const noColumn = await call('POST', '/api/Ibpt/cest/importar', 'admin', 'cest;descricao\n0100100;X\n');
    expect(noColumn.statusCode).toBe(400);
    expect(noColumn.json().error.message).toBe(
      'Linha 1 (cabeçalho): falta a coluna "ncm". Cabeçalho esperado: cest;ncm;descricao;segmento;item.',
    );
  });
});
