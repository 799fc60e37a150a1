import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../support/testServer.ts';

/** Two companies signed up through the API; neither may reach the other's rows through any endpoint. */
interface Company {
  name: string;
  token: string;
  empresaId: number;
  adminId: number;
  secondId: number;
  secondToken: string;
  filialId: number;
}

let server: TestServer;
let a: Company;
let b: Company;

const request = (method: string, url: string, token: string | undefined, payload?: unknown) =>
  server.app.inject({
    method: method as 'GET',
    url,
    headers: { host: 'localhost', ...(token ? { authorization: token } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const filterUrl = (path: string, filter: unknown) =>
  `${path}?filter=${encodeURIComponent(JSON.stringify(filter))}`;

async function signUp(name: string, cpfCnpj: string): Promise<Company> {
  const email = `admin@${name}.com.br`;
  const created = await request('POST', '/api/Usuarios/cadastro', undefined, {
    email,
    senha: 'segredo1',
    confirmaSenha: 'segredo1',
    nome: `Admin ${name}`,
    empresa: `Empresa ${name} Ltda`,
    telefone: '(11) 98765-4321',
    cpfCnpj,
    regime: 1,
  });
  expect(created.statusCode).toBe(200);
  const { id: token, userId: adminId } = created.json();
  const second = await request('POST', '/api/Usuarios', token, {
    email: `segundo@${name}.com.br`,
    nome: `Segundo ${name}`,
    senha: 'segredo2',
  });
  expect(second.statusCode).toBe(200);
  const login = await request('POST', '/api/Usuarios/login', undefined, {
    email: `segundo@${name}.com.br`,
    password: 'segredo2',
  });
  const info = (await request('GET', '/api/Usuarios/getUserInfo', token)).json();
  return {
    name,
    token,
    empresaId: second.json().empresaId,
    adminId,
    secondId: second.json().id,
    secondToken: login.json().id,
    filialId: info.filialSelecionada,
  };
}

beforeAll(async () => {
  server = await createTestServer();
  a = await signUp('alfa', '11.222.333/0001-81');
  b = await signUp('beta', '45.997.418/0001-53');
});
afterAll(async () => server?.close());

const pairs = () => [
  [a, b],
  [b, a],
];

describe('tenant isolation between two signed-up companies', () => {
  it('created two distinct companies with two users each', () => {
    expect(a.empresaId).not.toBe(b.empresaId);
    expect(a.secondToken).toBeTruthy();
    expect(b.secondToken).toBeTruthy();
  });

  it('never lists or counts the other company users, whatever the filter', async () => {
    for (const [own, other] of pairs() as Array<[Company, Company]>) {
      const filters = [
        undefined,
        { where: { email: { like: '%' } } },
        {
          where: {
            or: [{ id: other.adminId }, { id: other.secondId }, { email: { like: `%${other.name}%` } }],
          },
        },
        { where: { or: [{ ativo: true }, { ativo: false }, { id: { gt: 0 } }] }, limit: 1000 },
        { where: { id: { inq: [other.adminId, other.secondId, own.adminId] } } },
      ];
      for (const filter of filters) {
        const url = filter ? filterUrl('/api/Usuarios', filter) : '/api/Usuarios';
        const response = await request('GET', url, own.token);
        expect(response.statusCode).toBe(200);
        const users = response.json() as Array<{ id: number; empresaId: number }>;
        expect(users.map((user) => user.id)).not.toContain(other.adminId);
        expect(users.map((user) => user.id)).not.toContain(other.secondId);
        expect(users.every((user) => user.empresaId === own.empresaId)).toBe(true);
      }
      const all = (await request('GET', '/api/Usuarios', own.token)).json() as Array<{ id: number }>;
      expect(all.map((user) => user.id).sort()).toEqual([own.adminId, own.secondId].sort());
      const count = await request('GET', '/api/Usuarios/count', own.token);
      expect(count.json()).toEqual({ count: 2 });
      const where = encodeURIComponent(JSON.stringify({ or: [{ id: other.adminId }, { id: { gt: 0 } }] }));
      expect((await request('GET', `/api/Usuarios/count?where=${where}`, own.token)).json()).toEqual({
        count: 2,
      });
      // The company column is not filterable here at all.
      const byCompany = await request(
        'GET',
        filterUrl('/api/Usuarios', { where: { empresaId: other.empresaId } }),
        own.token,
      );
      expect(byCompany.statusCode).toBe(400);
      const included = (
        await request('GET', filterUrl('/api/Usuarios', { include: ['perfil', 'filiais'] }), own.token)
      ).json() as Array<{ filiais: Array<{ id: number }> }>;
      const filialIds = included.flatMap((user) => user.filiais.map((filial) => filial.id));
      expect(filialIds).not.toContain(other.filialId);
    }
  });

  it('answers 404 when reading, updating or deleting the other company users, which stay unchanged', async () => {
    for (const [own, other] of pairs() as Array<[Company, Company]>) {
      for (const id of [other.adminId, other.secondId]) {
        expect((await request('GET', `/api/Usuarios/${id}`, own.token)).statusCode).toBe(404);
        const tricky = filterUrl(`/api/Usuarios/${id}`, { where: { or: [{ id }, { id: own.adminId }] } });
        expect((await request('GET', tricky, own.token)).statusCode).toBe(404);
        for (const method of ['PUT', 'PATCH']) {
          const changed = await request(method, `/api/Usuarios/${id}`, own.token, {
            nome: 'Invadido',
            ativo: false,
            email: `invadido-${method}@${own.name}.com.br`,
          });
          expect(changed.statusCode).toBe(404);
          expect(changed.json().error.message).toBe('Usuário não encontrado.');
        }
        expect((await request('DELETE', `/api/Usuarios/${id}`, own.token)).statusCode).toBe(404);
      }
      const seen = await request('GET', `/api/Usuarios/${other.secondId}`, other.token);
      expect(seen.statusCode).toBe(200);
      expect(seen.json()).toMatchObject({ nome: `Segundo ${other.name}`, ativo: true, versao: 1 });
      // Read as the administrator: the second user has no perfil, so no permission (deny by default).
      const admin = await request('GET', `/api/Usuarios/${other.adminId}`, other.token);
      expect(admin.json()).toMatchObject({ nome: `Admin ${other.name}`, ativo: true, perfilAdmin: true });
      const stillThere = await request('GET', '/api/Usuarios/count', other.token);
      expect(stillThere.json()).toEqual({ count: 2 });
    }
  });

  it('cannot select, or subscribe through, the other company branch', async () => {
    for (const [own, other] of pairs() as Array<[Company, Company]>) {
      const select = await request('POST', '/api/Usuarios/selecionarFilial', own.token, {
        filialId: other.filialId,
      });
      expect(select.statusCode).toBe(404);
      const plano = await server.db.withSystem((tx) =>
        tx.one<{ id: number }>(
          `SELECT p.id FROM plano p JOIN empresa e ON e.config_white_label_id = p.config_white_label_id
            WHERE e.id = $1 AND p.id_externo = 'basico'`,
          [own.empresaId],
        ),
      );
      const efetivar = await request('POST', '/api/Usuarios/efetivarPlano', own.token, {
        filialId: other.filialId,
        planoId: plano.id,
      });
      expect(efetivar.statusCode).toBe(404);
      const whiteLabel = await request('GET', '/api/Usuarios/usuarios-whitelabel/1', own.token);
      expect(whiteLabel.statusCode).toBe(403);
      const selected = (await request('GET', '/api/Usuarios/obterfilialselecionada', own.token)).json();
      expect(selected.id).toBe(own.filialId);
    }
  });

  it('isolates at the database: erp_app with app.empresa_id sees only its rows without any WHERE', async () => {
    const tables = ['usuario', 'filial', 'perfil', 'empresa', 'usuario_filial'];
    for (const own of [a, b]) {
      const seen = await server.db.withTenant({ empresaId: own.empresaId }, async (tx) => {
        const role = await tx.one<{ role: string }>('SELECT current_user AS role');
        expect(role.role).toBe('erp_app');
        const counts: Record<string, number> = {};
        for (const table of tables) {
          counts[table] = (await tx.one<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).n;
        }
        const ids = await tx.query<{ empresa_id: number }>('SELECT DISTINCT empresa_id FROM usuario');
        expect(ids).toEqual([{ empresa_id: own.empresaId }]);
        return counts;
      });
      const expected = await server.db.withSystem(async (tx) => {
        const counts: Record<string, number> = {};
        for (const table of tables) {
          const column = table === 'empresa' ? 'id' : 'empresa_id';
          counts[table] = (
            await tx.one<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE ${column} = $1`, [
              own.empresaId,
            ])
          ).n;
        }
        return counts;
      });
      expect(seen).toEqual(expected);
      expect(seen).toEqual({ usuario: 2, filial: 1, perfil: 1, empresa: 1, usuario_filial: 2 });
      // The system role sees both companies (and the seeded demo ones), so the counts above are RLS at work.
      const total = await server.db.withSystem((tx) =>
        tx.one<{ n: number }>('SELECT count(*)::int AS n FROM usuario'),
      );
      expect(total.n).toBeGreaterThan(4);
    }
  });

  it('writes nothing into another company even when forced through SQL as erp_app', async () => {
    await expect(
      server.db.withTenant({ empresaId: a.empresaId }, (tx) =>
        tx.query(`INSERT INTO filial (empresa_id, nome) VALUES ($1, 'Intrusa')`, [b.empresaId]),
      ),
    ).rejects.toThrow(/row-level security/);
    const updated = await server.db.withTenant({ empresaId: a.empresaId }, (tx) =>
      tx.query(`UPDATE usuario SET nome = 'x' WHERE empresa_id = $1 RETURNING id`, [b.empresaId]),
    );
    expect(updated).toEqual([]);
  });
});
