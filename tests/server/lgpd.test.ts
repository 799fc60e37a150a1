import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoEstoque } from '../../runtime/server/db/seed/seedDemoEstoque.ts';
import { checkLedgers } from '../../runtime/server/postings/checkLedgers.ts';
import { createTestServer, login, type TestServer } from '../support/testServer.ts';

let server: TestServer;
let admin: string;
const CPF_RETIDA = '52998224725';
const CPF_LIVRE = '11144477735';
let retida: number;
let livre: number;
let notaAntes: string;

const call = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  server.app.inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) });

const notaJson = () =>
  server.db.withTenant({ empresaId: 1, filialId: 1 }, (tx) =>
    tx.one<{ j: string }>('SELECT row_to_json(n)::text AS j FROM nota_fiscal n WHERE numero = 4242'),
  );

beforeAll(async () => {
  server = await createTestServer();
  // Posted stock documents: anonymisation must leave the ledger balanced.
  expect(await seedDemoEstoque(server.db, server.tenants.schemaFiles)).toBe(true);
  admin = await login(server.app, 'demo@erp.local');
  const pessoa = async (nome: string, cpfCnpj: string, email: string) => {
    const response = await call(admin, 'POST', '/api/Pessoas', {
      tipoPessoa: 0,
      nome,
      cpfCnpj,
      email,
      telefone: '11987654321',
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().id as number;
  };
  retida = await pessoa('Maria Titular Silva', CPF_RETIDA, 'maria.silva@exemplo.com.br');
  livre = await pessoa('Maria Titular Souza', CPF_LIVRE, 'maria.souza@exemplo.com.br');
  // An issued NF-e (chave assigned) to the first one: a party of a fiscal document, kept for 5 years.
  await server.db.withTenant({ empresaId: 1, filialId: 1 }, (tx) =>
    tx.query(
      `INSERT INTO nota_fiscal (empresa_id, filial_id, numero, serie, chave, destinatario_id, valor_total, xml)
       VALUES (1, 1, 4242, 1, '35261111222333000181550010000042421000042420', $1, 150.5, '<nfeProc/>')`,
      [retida],
    ),
  );
  notaAntes = (await notaJson()).j;
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe('LGPD requests', () => {
  it('reports what the company holds about a person, found by CPF, e-mail or name', async () => {
    const porCpf = await call(admin, 'POST', '/api/Lgpd/consulta', { termo: '529.982.247-25' });
    expect(porCpf.statusCode, porCpf.body).toBe(200);
    const relatorio = porCpf.json();
    expect(relatorio.criterio).toBe('cpf');
    expect(relatorio.registros).toHaveLength(1);
    const [registro] = relatorio.registros;
    expect(registro).toMatchObject({ entidade: 'pessoa', id: retida, anonimizado: false });
    expect(registro.desde).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(registro.dados).toContainEqual({
      campo: 'email',
      rotulo: expect.any(String),
      valor: 'maria.silva@exemplo.com.br',
    });
    expect(registro.retencao).toContain('documento fiscal emitido');
    expect(relatorio.compartilhamentos.join(' ')).toContain('SEFAZ');
    const porEmail = await call(admin, 'POST', '/api/Lgpd/consulta', { termo: 'MARIA.SOUZA@exemplo.com.br' });
    expect(porEmail.json().registros.map((r: { id: number }) => r.id)).toEqual([livre]);
    const porNome = await call(admin, 'POST', '/api/Lgpd/consulta', { termo: 'Titular' });
    expect(
      porNome
        .json()
        .registros.map((r: { id: number }) => r.id)
        .sort(),
    ).toEqual([retida, livre].sort());
  });

  it('anonymises where no retention applies and keeps fiscal documents and their parties intact', async () => {
    const response = await call(admin, 'POST', '/api/Lgpd/anonimizacao', { termo: 'Maria Titular' });
    expect(response.statusCode, response.body).toBe(200);
    const registros = response.json().registros as Array<{
      id: number;
      anonimizado: boolean;
      retencao: string | null;
    }>;
    expect(registros.find((r) => r.id === livre)).toMatchObject({ anonimizado: true, retencao: null });
    expect(registros.find((r) => r.id === retida)).toMatchObject({ anonimizado: false });
    const rows = await server.db.withTenant({ empresaId: 1 }, (tx) =>
      tx.query<{ id: number; nome: string; cpf_cnpj: string | null; email: string | null }>(
        'SELECT id, nome, cpf_cnpj, email FROM pessoa WHERE id = ANY($1) ORDER BY id',
        [[retida, livre]],
      ),
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(retida)).toMatchObject({ nome: 'Maria Titular Silva', cpf_cnpj: CPF_RETIDA });
    const anonimizada = byId.get(livre);
    expect(anonimizada?.cpf_cnpj ?? null).toBeNull();
    expect(anonimizada?.nome ?? '').not.toContain('Maria');
    expect(anonimizada?.email ?? '').not.toContain('souza');
    expect((await notaJson()).j).toBe(notaAntes);
    const ledgers = await checkLedgers(server.db);
    expect(ledgers.movimentacoes).toBeGreaterThan(0);
    expect(ledgers.diferencas).toEqual([]);
    // The request is recorded with its outcome, never with the personal data it found.
    const solicitacoes = await call(admin, 'GET', '/api/Lgpd/solicitacoes');
    expect(solicitacoes.json()[0]).toMatchObject({
      tipo: 'anonimizacao',
      encontrados: 2,
      anonimizados: 1,
      mantidos: 1,
    });
    const gravado = await server.db.withTenant({ empresaId: 1 }, (tx) =>
      tx.one<{ resultado: string }>(
        "SELECT resultado::text FROM solicitacao_lgpd WHERE tipo = 'anonimizacao'",
      ),
    );
    expect(gravado.resultado).not.toContain(CPF_LIVRE);
    expect(gravado.resultado).not.toContain('maria.souza');
  });

  it("carries the white-label's encarregado in the public configuration (privacy page)", async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/ConfigWhiteLabels',
      headers: { host: 'localhost' },
    });
    expect(response.statusCode).toBe(200);
    const configs = response.json() as Array<{ idConfig: string; misc: { encarregadoDados?: object } }>;
    expect(configs.find((c) => c.idConfig === 'demo')?.misc.encarregadoDados).toEqual({
      nome: 'Ana Encarregada (DPO)',
      email: 'privacidade@erp.local',
    });
  });

  it('refuses a vague term (400) and users without the LGPD key (403), in Portuguese', async () => {
    const vago = await call(admin, 'POST', '/api/Lgpd/consulta', { termo: 'ab' });
    expect(vago.statusCode).toBe(400);
    expect(vago.json().error.message).toContain('ao menos 3 letras');
    const vendedor = await login(server.app, 'vendedor@erp.local');
    const negado = await call(vendedor, 'POST', '/api/Lgpd/anonimizacao', { termo: 'Maria Titular' });
    expect(negado.statusCode).toBe(403);
    expect(negado.json().error.message).toBe(
      'Você não tem permissão para esta ação. Fale com o administrador da empresa.',
    );
  });
});
