import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoEmissao } from '../../runtime/server/db/seed/seedDemoEmissao.ts';
import { seedDemoEstoque } from '../../runtime/server/db/seed/seedDemoEstoque.ts';
import { seedDemoFiscal } from '../../runtime/server/db/seed/seedDemoFiscal.ts';
import { readSchemaFiles } from '../../runtime/server/schemas/readSchemaFiles.ts';
import { pdfPages } from '../support/reportFiles.ts';
import { createTestServer, login, type TestServer } from '../support/testServer.ts';

/** Issue 17: right after `npm start` a demo note previews its taxes and builds a valid signed XML (was 422). */
let server: TestServer;
let token: string;
const notaDemo: Record<number, number> = {};

const post = (url: string, payload: object = {}) =>
  server.app.inject({ method: 'POST', url, headers: { host: 'localhost', authorization: token }, payload });

beforeAll(async () => {
  server = await createTestServer();
  token = await login(server.app, 'demo@erp.local');
  const { files } = await readSchemaFiles();
  expect(await seedDemoEstoque(server.db, files)).toBe(true);
  expect(await seedDemoFiscal(server.db, files)).toBe(true);
  expect(await seedDemoEmissao(server.db, files, { dataDir: server.config.dataDir })).toBe(true);
  expect(await seedDemoEmissao(server.db, files, { dataDir: server.config.dataDir })).toBe(false);
  for (const row of await server.db.withSystem((tx) =>
    tx.query<{ id: number; numero: number }>(
      'SELECT id::int AS id, numero::int AS numero FROM nota_fiscal WHERE numero IN (1287, 1288)',
    ),
  ))
    notaDemo[row.numero] = row.id;
});
afterAll(() => server?.close());

describe('demo emission data', () => {
  it('the SP note previews with the perfil tributário: CFOP 5102, ICMS 18 %, PIS/COFINS, IBS/CBS', async () => {
    const response = await post(`/api/NotasFiscais/${notaDemo[1287]}/previa`);
    expect(response.statusCode, response.body).toBe(200);
    const previa = response.json();
    expect(previa).toMatchObject({ modelo: 55, idDest: 1, consumidorFinal: false });
    // 24 × 21,50 = 516,00 → ICMS 92,88; 36 × 8,10 = 291,60 → 52,49.
    expect(
      previa.itens.map((item: { cfop: string; icms: { cst: string; vICMS: number } }) => [
        item.cfop,
        item.icms.cst,
        item.icms.vICMS,
      ]),
    ).toEqual([
      ['5102', '00', 92.88],
      ['5102', '00', 52.49],
    ]);
    expect(previa.itens[0].pis).toMatchObject({ cst: '01', pPIS: 1.65 });
    expect(previa.totais).toMatchObject({ vProd: 807.6, vNF: 807.6, vICMS: 145.37 });
    expect(previa.totais.ibsCbs.vCBS).toBeGreaterThan(0);
  });

  it('the RJ note takes the RJ tributação (12 %) and CFOP 6102', async () => {
    const previa = (await post(`/api/NotasFiscais/${notaDemo[1288]}/previa`)).json();
    expect(previa.idDest).toBe(2);
    expect(previa.itens[0]).toMatchObject({ cfop: '6102', icms: { pICMS: 12 } });
  });

  it('the XML is signed with the demo A1 and valid against the pinned PL', async () => {
    const response = await post(`/api/NotasFiscais/${notaDemo[1287]}/xml`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ valido: true, erros: [], modelo: 55, ambiente: 2 });
    const certificado = await server.db.withSystem((tx) =>
      tx.one<{ cnpj: string; emissor: string }>('SELECT cnpj, emissor FROM certificado_digital'),
    );
    expect(certificado).toEqual({ cnpj: '11222333000181', emissor: 'AC DEMONSTRACAO ERP - SEM VALOR' });
  });

  it('its DANFE: 404 while no XML is stored; ?previa=true builds, signs and draws it now, SEM VALOR FISCAL', async () => {
    const get = (query: string) =>
      server.app.inject({
        method: 'GET',
        url: `/api/NotasFiscais/${notaDemo[1287]}/danfe${query}`,
        headers: { host: 'localhost', authorization: token },
      });
    const semXml = await get('');
    expect(semXml.statusCode).toBe(404);
    expect(semXml.json().error.code).toBe('NOTA_SEM_XML');
    const previa = await get('?previa=true');
    expect(previa.statusCode, previa.body).toBe(200);
    expect(previa.headers['content-type']).toBe('application/pdf');
    const [pagina] = await pdfPages(previa.rawPayload);
    expect(pagina).toContain('SEM VALOR FISCAL');
    expect(pagina).toContain('SEM PROTOCOLO DE AUTORIZAÇÃO');
    expect(pagina).toContain('Empresa Demonstração Ltda');
    expect(pagina).toContain('Café torrado e moído 500 g');
    expect(await server.db.withSystem((tx) => tx.query('SELECT 1 FROM nota_fiscal_danfe'))).toEqual([]);
  });

  it('the demo clientes have e-mails for the notes', async () => {
    const emails = await server.db.withSystem((tx) =>
      tx.query<{ email: string }>(
        `SELECT email FROM pessoa WHERE cpf_cnpj IN ('19827364000178', '23456789000195') ORDER BY email`,
      ),
    );
    expect(emails.map((row) => row.email)).toEqual([
      'compras@emporiopaulistano.com.br',
      'fiscal@mercadocarioca.com.br',
    ]);
  });
});
