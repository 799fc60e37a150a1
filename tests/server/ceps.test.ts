import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../support/testServer.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ seedDemoData: false });
});
afterAll(async () => server?.close());

const get = (url: string) => server.app.inject({ method: 'GET', url, headers: { host: 'localhost' } });
const cidades = async (query: string) => {
  const response = await get(`/api/Ceps/ngcidades?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Array<{ codigo: number; nome: string; uf: string }>;
};

describe('reference data', () => {
  it('holds every IBGE municipality', async () => {
    const { count } = await server.db.withSystem((tx) =>
      tx.one<{ count: number }>('SELECT count(*)::int AS count FROM municipio'),
    );
    expect(count).toBeGreaterThanOrEqual(5570);
  });
});

describe('GET /api/Ceps/ngcidades', () => {
  it('finds São Paulo by an unaccented query, exact match first', async () => {
    const list = await cidades('query=sao%20paulo');
    expect(list[0]).toEqual({ codigo: 3550308, nome: 'São Paulo', uf: 'SP' });
    expect(list.every((cidade) => cidade.nome.startsWith('São Paulo'))).toBe(true);
  });

  it('matches by prefix without caring about accents or case', async () => {
    const lower = await cidades('query=sao%20p&limit=100');
    const upper = await cidades(`query=${encodeURIComponent('SÃO P')}&limit=100`);
    expect(upper).toEqual(lower);
    const names = lower.map((cidade) => cidade.nome);
    expect(names).toContain('São Paulo');
    expect(names.some((nome) => nome.startsWith('São Pedro'))).toBe(true);
    expect(names.every((nome) => /^São P/.test(nome))).toBe(true);
    const accented = await cidades(`query=${encodeURIComponent('goiânia')}`);
    expect(accented.map((cidade) => cidade.codigo)).toContain(5208707);
  });

  it('filters by UF (case-insensitive) and honours the limit', async () => {
    const list = await cidades('query=sao&uf=mg&limit=5');
    expect(list).toHaveLength(5);
    expect(list.every((cidade) => cidade.uf === 'MG' && cidade.nome.startsWith('São'))).toBe(true);
    expect(await cidades('query=sao')).toHaveLength(10);
  });

  it('lists a whole state when only the UF is given', async () => {
    const acre = await cidades('uf=AC&limit=1000');
    expect(acre).toHaveLength(22);
    const names = acre.map((cidade) => cidade.nome);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'pt-BR')));
    expect(names).toContain('Rio Branco');
    expect(await cidades('uf=SP')).toHaveLength(10);
  });

  it('treats LIKE wildcards literally', async () => {
    expect(await cidades('query=%25')).toEqual([]);
    expect(await cidades('query=_ao')).toEqual([]);
  });

  it('answers bad input with 400 and a pt-BR message', async () => {
    for (const uf of ['S', 'SPX', '1', 'XX']) {
      const response = await get(`/api/Ceps/ngcidades?query=sao&uf=${uf}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(
        'UF inválida: informe a sigla com duas letras, por exemplo SP.',
      );
    }
    const tooMany = await get('/api/Ceps/ngcidades?query=sao&limit=500');
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.message).toBe('O parâmetro limit deve ser um inteiro entre 1 e 100.');
    expect((await get('/api/Ceps/ngcidades?query=sao&limit=abc')).statusCode).toBe(400);
    expect((await get('/api/Ceps/ngcidades?uf=SP&limit=0')).statusCode).toBe(400);
  });
});

describe('GET /api/Ceps/findOne', () => {
  it('finds a municipality by IBGE code', async () => {
    const filter = encodeURIComponent(JSON.stringify({ where: { codigo: 3304557 } }));
    const response = await get(`/api/Ceps/findOne?filter=${filter}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ codigo: 3304557, nome: 'Rio de Janeiro', uf: 'RJ' });
  });

  it('supports name and uf conditions', async () => {
    const filter = encodeURIComponent(JSON.stringify({ where: { nome: 'Campinas', uf: 'SP' } }));
    expect((await get(`/api/Ceps/findOne?filter=${filter}`)).json().codigo).toBe(3509502);
  });

  it('answers 404 when nothing matches and 400 for fields outside the allow-list', async () => {
    const none = await get(`/api/Ceps/findOne?filter=${encodeURIComponent('{"where":{"codigo":1}}')}`);
    expect(none.statusCode).toBe(404);
    expect(none.json().error.message).toBe('Nenhum município encontrado para o filtro informado.');
    const bad = await get(`/api/Ceps/findOne?filter=${encodeURIComponent('{"where":{"nome_busca":"x"}}')}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/^Filtro inválido: o campo "nome_busca"/);
    expect((await get('/api/Ceps/findOne?filter={nope')).statusCode).toBe(400);
  });
});

describe('GET /api/Ceps/ufs and /api/Bancos', () => {
  it('lists the 27 UFs plus EX with IBGE codes', async () => {
    const ufs = (await get('/api/Ceps/ufs')).json() as Array<{ sigla: string; nome: string; codigo: number }>;
    expect(ufs).toHaveLength(28);
    expect(ufs.find((uf) => uf.sigla === 'SP')).toEqual({ sigla: 'SP', nome: 'São Paulo', codigo: 35 });
    expect(ufs.at(-1)?.sigla).toBe('EX');
  });

  it('lists the banks and searches by code or accent-insensitive name', async () => {
    const all = (await get('/api/Bancos')).json() as Array<{ codigo: string; nome: string }>;
    expect(all.length).toBeGreaterThan(100);
    expect(all.find((banco) => banco.codigo === '001')?.nome).toBe('Banco do Brasil S.A.');
    const byCode = (await get('/api/Bancos?query=1')).json() as Array<{ codigo: string }>;
    expect(byCode.map((banco) => banco.codigo)).toContain('001');
    const byName = (await get('/api/Bancos?query=economica%20federal')).json() as Array<{ codigo: string }>;
    expect(byName.map((banco) => banco.codigo)).toContain('104');
  });
});
