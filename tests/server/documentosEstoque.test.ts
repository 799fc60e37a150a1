import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DomainEvent, domainEvents } from '../../runtime/server/postings/domainEvents.ts';
import { addDemoUserWithProfile, createTestServer, login, type TestServer } from '../support/testServer.ts';

/**
 * Documents with a lifecycle (DESIGN "Documents: lifecycle, postings and ledgers") on stock: transitions,
 * read-only posted documents, the append-only ledger, balances, moving average and the worked fixtures of
 * flows.md §6 items 1–3, against real PostgreSQL with RLS.
 */
let server: TestServer;
const tokens: Record<string, string> = {};
type Body = Record<string, unknown>;

const api = (
  method: string,
  url: string,
  payload?: unknown,
  options: { token?: string; headers?: Record<string, string> } = {},
) =>
  server.app.inject({
    method: method as 'GET',
    url,
    headers: { host: 'localhost', authorization: options.token ?? tokens.demo, ...options.headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const ok = async (method: string, url: string, payload?: unknown) => {
  const response = await api(method, url, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

let loja: Body;
let central: Body;
let cafe: Body;
let acucar: Body;

/** A manual stock document in rascunho. */
const documento = (tipo: 'E' | 'S' | 'B', itens: Body[], extra: Body = {}) =>
  ok('POST', '/api/DocumentosEstoque', {
    tipo,
    data: '2026-03-10T12:00:00Z',
    depositoId: loja.id,
    motivo: 'Teste',
    itens: itens.map((item, i) => ({ numeroItem: i + 1, ...item })),
    ...extra,
  });
const efetivar = (id: unknown, headers?: Record<string, string>) =>
  api('POST', `/api/DocumentosEstoque/${id}/efetivar`, {}, { headers });
const saldo = async (produto: Body, deposito: Body = loja) => {
  const rows = await ok(
    'GET',
    `/api/SaldosEstoque?filter=${encodeURIComponent(JSON.stringify({ where: { produtoId: produto.id, depositoId: deposito.id } }))}`,
  );
  return rows[0] as Body | undefined;
};
const ledger = async (where: Body) =>
  (await ok(
    'GET',
    `/api/MovimentacoesEstoque?filter=${encodeURIComponent(JSON.stringify({ where, order: 'id ASC' }))}`,
  )) as Body[];

beforeAll(async () => {
  server = await createTestServer();

  tokens.demo = await login(server.app, 'demo@erp.local');
  tokens.vendedor = await login(server.app, 'vendedor@erp.local');
  loja = await ok('POST', '/api/Depositos', { descricao: 'Loja' });
  central = await ok('POST', '/api/Depositos', { descricao: 'Central' });
  cafe = await ok('POST', '/api/Produtos', { descricao: 'Café torrado 500 g', codigo: 'CAF', unidade: 'UN' });
  acucar = await ok('POST', '/api/Produtos', {
    descricao: 'Açúcar cristal 1 kg',
    codigo: 'ACU',
    unidade: 'KG',
  });
});
afterAll(() => server?.close());

describe('document lifecycle', () => {
  it('numbers documents, starts them in rascunho, and the status cannot be typed', async () => {
    const a = await documento('E', [{ produtoId: cafe.id, quantidade: 1, custoUnitario: 1 }], {
      situacao: 'efetivado',
      numero: 999,
    });
    const b = await documento('E', [{ produtoId: cafe.id, quantidade: 1, custoUnitario: 1 }]);
    expect(a.situacao).toBe('rascunho');
    expect(b.numero).toBe((a.numero as number) + 1);
    const patched = await ok('PATCH', `/api/DocumentosEstoque/${a.id}`, {
      situacao: 'efetivado',
      motivo: 'Outro',
    });
    expect(patched).toMatchObject({ situacao: 'rascunho', motivo: 'Outro' });
    for (const id of [a.id, b.id]) await ok('DELETE', `/api/DocumentosEstoque/${id}`);
  });

  it('exposes each transition in OpenAPI with its operationId', async () => {
    const spec = server.app.swagger() as unknown as {
      paths: Record<string, Record<string, { operationId?: string }>>;
    };
    const paths = spec.paths;
    expect(paths['/api/DocumentosEstoque/{id}/efetivar']?.post?.operationId).toBe(
      'documentosEstoqueEfetivar',
    );
    expect(paths['/api/TransferenciasEstoque/{id}/estornar']?.post?.operationId).toBe(
      'transferenciasEstoqueEstornar',
    );
    // The ledger and the balances are read-only through the API.
    expect(Object.keys(paths['/api/MovimentacoesEstoque'] ?? {})).toEqual(['get']);
    expect(paths['/api/MovimentacoesEstoque/{id}']?.patch).toBeUndefined();
    expect(Object.keys(paths['/api/SaldosEstoque'] ?? {})).toEqual(['get']);
  });

  it('refuses writes to the ledger through the API and UPDATE/DELETE in the database', async () => {
    const response = await api('POST', '/api/MovimentacoesEstoque', {
      produtoId: cafe.id,
      depositoId: loja.id,
      tipo: 0,
      quantidade: 5,
      data: '2026-01-01T00:00:00Z',
    });
    expect(response.statusCode).toBe(404);
    const doc = await documento('E', [{ produtoId: acucar.id, quantidade: 1, custoUnitario: 2 }]);
    expect((await efetivar(doc.id)).statusCode).toBe(200);
    const [row] = await ledger({ origemTipo: 'documentoEstoque', origemId: doc.id });
    for (const sql of [
      'UPDATE movimentacao_estoque SET qtd = 100 WHERE id = $1',
      'DELETE FROM movimentacao_estoque WHERE id = $1',
    ])
      await expect(
        server.db.withTenant(
          { empresaId: row?.empresaId as number, filialId: row?.filialId as number },
          (tx) => tx.query(sql, [row?.id]),
        ),
      ).rejects.toThrow();
    // Not even the owner role may rewrite it: the trigger refuses any role.
    const pg = await import('pg');
    const client = new pg.default.Client({ connectionString: server.databaseUrl });
    await client.connect();
    await expect(
      client.query('UPDATE movimentacao_estoque SET qtd = 100 WHERE id = $1', [row?.id]),
    ).rejects.toThrow(/só aceita inclusões/);
    await client.end();
    expect((await ok('POST', `/api/DocumentosEstoque/${doc.id}/estornar`, {})).situacao).toBe('estornado');
  });

  it('a posted document is read-only (PATCH, PUT, DELETE, its items) with a pt-BR 409', async () => {
    const doc = await documento('E', [{ produtoId: acucar.id, quantidade: 2, custoUnitario: 3 }]);
    const posted = await efetivar(doc.id);
    expect(posted.json()).toMatchObject({ situacao: 'efetivado' });
    const item = (posted.json().itens as Body[])[0];
    const attempts = [
      await api('PATCH', `/api/DocumentosEstoque/${doc.id}`, { motivo: 'Mudou' }),
      await api('PUT', `/api/DocumentosEstoque/${doc.id}`, { ...doc, motivo: 'Mudou' }),
      await api('DELETE', `/api/DocumentosEstoque/${doc.id}`),
      await api('PATCH', `/api/DocumentosEstoqueItens/${item?.id}`, { quantidade: 50 }),
      await api('DELETE', `/api/DocumentosEstoqueItens/${item?.id}`),
      await api('POST', '/api/DocumentosEstoqueItens', {
        documentoEstoqueId: doc.id,
        numeroItem: 9,
        produtoId: cafe.id,
        quantidade: 1,
      }),
    ];
    for (const response of attempts) {
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json().error.code).toBe('DOCUMENTO_NAO_EDITAVEL');
    }
    expect(attempts[0]?.json().error.message).toBe(
      'Este lançamento de estoque está efetivado e não pode ser alterado. Para desfazê-lo, use o estorno.',
    );
    expect(attempts[2]?.json().error.message).toContain('não pode ser excluído');
    // Posting twice is refused by the state, and nothing is posted twice.
    const again = await efetivar(doc.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(`O lançamento de estoque ${doc.numero} já foi efetivado.`);
    expect(await ledger({ origemTipo: 'documentoEstoque', origemId: doc.id })).toHaveLength(1);
  });

  it('checks the transition permission with the same rule as routes (vendedor: ESTOQUE view only)', async () => {
    const doc = await documento('E', [{ produtoId: cafe.id, quantidade: 1, custoUnitario: 1 }]);
    const refused = await api(
      'POST',
      `/api/DocumentosEstoque/${doc.id}/efetivar`,
      {},
      { token: tokens.vendedor },
    );
    expect(refused.statusCode).toBe(403);
    const clerk = await addDemoUserWithProfile(server, {
      email: 'estoquista@erp.local',
      nome: 'Estoquista',
      perfil: 'Estoquista',
      permissoes: { ESTOQUE_ACERTO_ESTOQUE: 3 },
    });
    const posted = await api('POST', `/api/DocumentosEstoque/${doc.id}/efetivar`, {}, { token: clerk.token });
    expect(posted.statusCode, posted.body).toBe(200);
    // Estornar asks level 4 (TOTAL).
    const estorno = await api(
      'POST',
      `/api/DocumentosEstoque/${doc.id}/estornar`,
      {},
      { token: clerk.token },
    );
    expect(estorno.statusCode).toBe(403);
    expect((await api('POST', `/api/DocumentosEstoque/${doc.id}/estornar`, {})).statusCode).toBe(200);
  });

  it('another empresa neither sees nor posts the document, nor its tabs (RLS)', async () => {
    const doc = await documento('E', [{ produtoId: cafe.id, quantidade: 1, custoUnitario: 1 }]);
    const verde = await login(server.app, 'verde@erp.local', 'demo1234', 'verde.localhost');
    for (const [method, url] of [
      ['POST', `/api/DocumentosEstoque/${doc.id}/efetivar`],
      ['GET', `/api/DocumentosEstoque/${doc.id}/historico`],
      ['GET', `/api/DocumentosEstoque/${doc.id}/lancamentos`],
    ] as const) {
      const response = await server.app.inject({
        method,
        url,
        headers: { host: 'verde.localhost', authorization: verde },
        ...(method === 'POST' ? { payload: {} } : {}),
      });
      expect(response.statusCode, response.body).toBe(404);
    }
    expect((await ok('GET', `/api/DocumentosEstoque/${doc.id}`)).situacao).toBe('rascunho');
    await ok('DELETE', `/api/DocumentosEstoque/${doc.id}`);
  });

  it('records history (who, when, diff) and emits <entidade>.<acao> after commit only', async () => {
    const events: DomainEvent[] = [];
    // Transition events only: record writes also put <entidade>.criado/alterado on the bus (webhooks).
    const listener = (event: DomainEvent) => {
      if (!/\.(criado|alterado|excluido)$/.test(event.event)) events.push(event);
    };
    domainEvents.on('*', listener);
    const doc = await documento('S', [{ produtoId: cafe.id, quantidade: 1000 }]);
    await ok('PATCH', `/api/DocumentosEstoque/${doc.id}`, { motivo: 'Quebra' });
    const refused = await efetivar(doc.id);
    expect(refused.statusCode).toBe(422);
    expect(events).toEqual([]);
    await ok('PATCH', `/api/DocumentosEstoque/${doc.id}`, {
      itens: [{ numeroItem: 1, produtoId: cafe.id, quantidade: 0.5 }],
    });
    await ok('POST', '/api/DocumentosEstoque', {
      tipo: 'E',
      data: '2026-03-01T12:00:00Z',
      depositoId: loja.id,
      motivo: 'Reposição',
      itens: [{ numeroItem: 1, produtoId: cafe.id, quantidade: 1, custoUnitario: 1 }],
    }).then((entrada) => efetivar(entrada.id));
    events.length = 0;
    expect((await efetivar(doc.id)).statusCode).toBe(200);
    domainEvents.off('*', listener);
    const empresaId = (doc.empresaId as number) ?? 0;
    expect(events).toEqual([
      { event: 'documentoEstoque.efetivar', id: doc.id, empresaId, situacao: 'efetivado' },
    ]);
    const historico = await server.db.withTenant({ empresaId }, (tx) =>
      tx.query<Body>(
        `SELECT acao, situacao_de, situacao_para, usuario_id, em, diferencas FROM documento_historico
          WHERE entidade = 'documentoEstoque' AND registro_id = $1 ORDER BY id`,
        [doc.id],
      ),
    );
    expect(historico.map((row) => row.acao)).toEqual(['criar', 'alterar', 'alterar', 'efetivar']);
    expect(historico[1]?.diferencas).toEqual({ motivo: { de: 'Teste', para: 'Quebra' } });
    expect(historico[3]).toMatchObject({ situacao_de: 'rascunho', situacao_para: 'efetivado' });
    expect(historico.every((row) => Number(row.usuario_id) > 0 && row.em instanceof Date)).toBe(true);
  });
});

let sequence = 0;
const novoProduto = (extra: Body = {}) =>
  ok('POST', '/api/Produtos', {
    descricao: `Produto ${++sequence}`,
    codigo: `P${sequence}`,
    unidade: 'UN',
    ...extra,
  });
const lancar = async (tipo: 'E' | 'S' | 'B', itens: Body[], extra: Body = {}) => {
  const doc = await documento(tipo, itens, extra);
  const response = await efetivar(doc.id);
  return { doc, response };
};
const lancado = async (tipo: 'E' | 'S' | 'B', itens: Body[], extra: Body = {}) => {
  const { doc, response } = await lancar(tipo, itens, extra);
  expect(response.statusCode, response.body).toBe(200);
  return doc;
};

describe('stock fixtures (flows.md §6)', () => {
  it('posts a 20-line document in a fixed handful of statements, not one per line or per step', async () => {
    const produtos = await Promise.all(Array.from({ length: 20 }, () => novoProduto()));
    const itens = produtos.map((produto) => ({ produtoId: produto.id, quantidade: 2, custoUnitario: 3 }));
    await lancado('E', itens);
    const doc = await documento(
      'S',
      itens.map(({ produtoId }) => ({ produtoId, quantidade: 1 })),
    );
    // Counts the statements of the transition's transaction (the app's own Database object, wrapped).
    const db = server.db as unknown as { withTenant: (...args: unknown[]) => Promise<unknown> };
    const original = db.withTenant;
    let statements = 0;
    db.withTenant = (context: unknown, fn: unknown, options: unknown) =>
      original.call(
        server.db,
        context,
        (tx: Record<string, (...args: unknown[]) => unknown>) =>
          (fn as (tx: unknown) => unknown)(
            new Proxy(tx, {
              get: (target, name) =>
                ['query', 'one', 'maybeOne'].includes(String(name))
                  ? (...args: unknown[]) => {
                      statements++;
                      return target[String(name)]?.(...args);
                    }
                  : target[String(name)],
            }),
          ),
        options,
      );
    try {
      const response = await efetivar(doc.id);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().itens).toHaveLength(20);
    } finally {
      db.withTenant = original;
    }
    // lock the document, read its items, read products/depósitos/settings, upsert+lock the balances,
    // ledger rows + balances, state + history + answer (the old code took 14).
    expect(statements).toBeGreaterThan(0);
    expect(statements).toBeLessThanOrEqual(7);
    for (const produto of produtos) expect(await saldo(produto)).toMatchObject({ fisico: 1, custoMedio: 3 });
  });

  it('1. custo médio: 10@10 + 10@12 → 11; saída 5 keeps 11 and value 165; acerto to 20 → dif_valor 55', async () => {
    const produto = await novoProduto();
    await lancado('E', [{ produtoId: produto.id, quantidade: 10, custoUnitario: 10 }], {
      data: '2026-03-01T10:00:00Z',
    });
    await lancado('E', [{ produtoId: produto.id, quantidade: 10, custoUnitario: 12 }], {
      data: '2026-03-02T10:00:00Z',
    });
    expect(await saldo(produto)).toMatchObject({ fisico: 20, custoMedio: 11, valor: 220, disponivel: 20 });
    await lancado('S', [{ produtoId: produto.id, quantidade: 5 }], { data: '2026-03-03T10:00:00Z' });
    expect(await saldo(produto)).toMatchObject({ fisico: 15, custoMedio: 11, valor: 165 });
    const acerto = await lancado('B', [{ produtoId: produto.id, quantidade: 20 }], {
      data: '2026-03-04T10:00:00Z',
    });
    const [row] = await ledger({ origemTipo: 'documentoEstoque', origemId: acerto.id });
    expect(row).toMatchObject({
      qtd: 5,
      difValor: 55,
      qtdApos: 20,
      custoMedioApos: 11,
      valorApos: 220,
      balanco: true,
    });
    expect(await saldo(produto)).toMatchObject({ fisico: 20, custoMedio: 11, valor: 220 });
    const rows = await ledger({ produtoId: produto.id });
    expect(rows.map((r) => r.qtd)).toEqual([10, 10, -5, 5]);
    expect(rows.reduce((sum, r) => sum + (r.difValor as number), 0)).toBe(220);
  });

  it('2. negative stock: a saída on zero stock is refused naming the shortfall, and nothing is posted', async () => {
    const produto = await novoProduto({ descricao: 'Parafuso sextavado' });
    const { doc, response } = await lancar('S', [{ produtoId: produto.id, quantidade: 1 }]);
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toMatchObject({
      code: 'ESTOQUE_INSUFICIENTE',
      message: 'Estoque insuficiente: produto Parafuso sextavado tem 0 UN disponíveis no depósito Loja.',
    });
    await lancado('E', [{ produtoId: produto.id, quantidade: 3, custoUnitario: 2 }]);
    const partial = await lancar('S', [
      { produtoId: produto.id, quantidade: 1 },
      { produtoId: produto.id, quantidade: 2.5 },
    ]);
    expect(partial.response.statusCode).toBe(422);
    expect(partial.response.json().error.message).toBe(
      'Estoque insuficiente: produto Parafuso sextavado tem 2 UN disponíveis no depósito Loja.',
    );
    // All or nothing: the first line of the refused document left no row and no balance change.
    expect(
      await ledger({ origemId: { inq: [doc.id, partial.doc.id] }, origemTipo: 'documentoEstoque' }),
    ).toEqual([]);
    expect(await saldo(produto)).toMatchObject({ fisico: 3, valor: 6 });
    expect((await ok('GET', `/api/DocumentosEstoque/${partial.doc.id}`)).situacao).toBe('rascunho');
  });

  it('2. a backdated saída that breaks a later balance is refused (E6); one that does not is accepted', async () => {
    const produto = await novoProduto({ descricao: 'Arruela' });
    await lancado('E', [{ produtoId: produto.id, quantidade: 5, custoUnitario: 1 }], {
      data: '2026-03-01T10:00:00Z',
    });
    await lancado('S', [{ produtoId: produto.id, quantidade: 4 }], { data: '2026-03-10T10:00:00Z' });
    await lancado('E', [{ produtoId: produto.id, quantidade: 10, custoUnitario: 1 }], {
      data: '2026-03-20T10:00:00Z',
    });
    // Today's balance is 11, but on 10/03 it was 1: taking 3 on 05/03 leaves −2 after the saída of 10/03.
    const broken = await lancar('S', [{ produtoId: produto.id, quantidade: 3 }], {
      data: '2026-03-05T10:00:00Z',
    });
    expect(broken.response.statusCode).toBe(422);
    expect(broken.response.json().error).toMatchObject({
      code: 'ESTOQUE_INSUFICIENTE_RETROATIVO',
      message:
        'Estoque insuficiente em 10/03/2026 07:00: a movimentação retroativa deixaria o produto Arruela com -2 UN no depósito Loja.',
    });
    await lancado('S', [{ produtoId: produto.id, quantidade: 1 }], { data: '2026-03-05T10:00:00Z' });
    expect(await saldo(produto)).toMatchObject({ fisico: 10 });
  });

  it('a movement dated before a balanço of the item is refused (E9) and the balanço stays', async () => {
    const produto = await novoProduto({ descricao: 'Porca' });
    await lancado('E', [{ produtoId: produto.id, quantidade: 100, custoUnitario: 1 }], {
      data: '2026-03-01T10:00:00Z',
    });
    await lancado('B', [{ produtoId: produto.id, quantidade: 150 }], { data: '2026-03-15T10:00:00Z' });
    const before = await lancar('E', [{ produtoId: produto.id, quantidade: 20, custoUnitario: 1 }], {
      data: '2026-03-10T10:00:00Z',
    });
    expect(before.response.statusCode).toBe(422);
    expect(before.response.json().error.code).toBe('BALANCO_POSTERIOR');
    expect(await saldo(produto)).toMatchObject({ fisico: 150 });
  });

  it('3. transfer: value conserved, two rows, one estorno reverses both and restores the balances', async () => {
    const produto = await novoProduto({ descricao: 'Caneta azul' });
    await lancado('E', [{ produtoId: produto.id, quantidade: 3, custoUnitario: 3.33 }], {
      data: '2026-03-01T10:00:00Z',
    });
    await lancado('E', [{ produtoId: produto.id, quantidade: 1, custoUnitario: 1 }], {
      data: '2026-03-01T11:00:00Z',
    });
    await lancado('E', [{ produtoId: produto.id, quantidade: 2, custoUnitario: 5 }], {
      data: '2026-03-01T11:00:00Z',
      depositoId: central.id,
    });
    const origemAntes = await saldo(produto, loja);
    const destinoAntes = await saldo(produto, central);
    const transferencia = await ok('POST', '/api/TransferenciasEstoque', {
      produtoId: produto.id,
      depositoOrigemId: loja.id,
      depositoDestinoId: central.id,
      quantidade: 1.5,
      data: '2026-03-02T10:00:00Z',
    });
    expect(transferencia).toMatchObject({ situacao: 'rascunho' });
    const posted = await api('POST', `/api/TransferenciasEstoque/${transferencia.id}/efetivar`, {});
    expect(posted.statusCode, posted.body).toBe(200);
    const rows = await ledger({ origemTipo: 'transferenciaEstoque', origemId: transferencia.id });
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => [r.depositoId, r.qtd, r.origemLinha])).toEqual([
      [loja.id, -1.5, 1],
      [central.id, 1.5, 2],
    ]);
    expect((rows[0]?.difValor as number) + (rows[1]?.difValor as number)).toBe(0);
    const origem = await saldo(produto, loja);
    const destino = await saldo(produto, central);
    expect((origem?.valor as number) + (destino?.valor as number)).toBeCloseTo(
      (origemAntes?.valor as number) + (destinoAntes?.valor as number),
      2,
    );
    expect(origem?.custoMedio).toBe(origemAntes?.custoMedio);
    expect(
      (await api('PATCH', `/api/TransferenciasEstoque/${transferencia.id}`, { quantidade: 1 })).statusCode,
    ).toBe(409);
    const same = await ok('POST', '/api/TransferenciasEstoque', {
      produtoId: produto.id,
      depositoOrigemId: loja.id,
      depositoDestinoId: loja.id,
      quantidade: 1,
      data: '2026-03-02T10:00:00Z',
    });
    const refused = await api('POST', `/api/TransferenciasEstoque/${same.id}/efetivar`, {});
    expect(refused.json().error.message).toBe(
      'O depósito de destino deve ser diferente do depósito de origem.',
    );

    const estorno = await api('POST', `/api/TransferenciasEstoque/${transferencia.id}/estornar`, {});
    expect(estorno.statusCode, estorno.body).toBe(200);
    const reversal = await ledger({ origemTipo: 'transferenciaEstoque.estorno', origemId: transferencia.id });
    expect(reversal.map((r) => [r.depositoId, r.qtd, r.estornoDe])).toEqual([
      [central.id, -1.5, rows[1]?.id],
      [loja.id, 1.5, rows[0]?.id],
    ]);
    for (const [after, before] of [
      [await saldo(produto, loja), origemAntes],
      [await saldo(produto, central), destinoAntes],
    ])
      expect(after).toMatchObject({
        fisico: before?.fisico,
        valor: before?.valor,
        custoMedio: before?.custoMedio,
      });
  });

  it('lots: required when the product controls them, and an expired lot cannot leave (E10)', async () => {
    const produto = await novoProduto({ descricao: 'Iogurte natural', controlaLote: true });
    const lote = await ok('POST', '/api/Lotes', {
      produtoId: produto.id,
      numero: 'L01',
      fabricacao: '2026-01-01',
      validade: '2026-03-05',
      quantidade: 10,
    });
    const semLote = await lancar('E', [{ produtoId: produto.id, quantidade: 5, custoUnitario: 2 }]);
    expect(semLote.response.json().error).toMatchObject({
      code: 'LOTE_OBRIGATORIO',
      message: 'Item 1: o produto Iogurte natural controla lote: informe o lote.',
    });
    // Entradas of an expired lot are exempt; saídas after the validade are refused.
    await lancado('E', [{ produtoId: produto.id, loteId: lote.id, quantidade: 5, custoUnitario: 2 }]);
    const vencido = await lancar('S', [{ produtoId: produto.id, loteId: lote.id, quantidade: 1 }], {
      data: '2026-03-11T10:00:00Z',
    });
    expect(vencido.response.json().error).toMatchObject({
      code: 'LOTE_VENCIDO',
      message:
        'Item 1: o lote L01 do produto Iogurte natural venceu em 05/03/2026: não pode sair do estoque.',
    });
    const rows = await ok(
      'GET',
      `/api/SaldosEstoque?filter=${encodeURIComponent(JSON.stringify({ where: { produtoId: produto.id } }))}`,
    );
    expect(rows).toEqual([expect.objectContaining({ loteId: lote.id, fisico: 5 })]);
  });

  it('negative stock is allowed when the empresa setting says so', async () => {
    const produto = await novoProduto();
    const config = await ok('GET', '/api/ConfiguracoesGerais');
    const id = config[0]?.id;
    const setting = id
      ? await ok('PATCH', `/api/ConfiguracoesGerais/${id}`, { permitirEstoqueNegativo: true })
      : await ok('POST', '/api/ConfiguracoesGerais', { permitirEstoqueNegativo: true });
    expect(setting.permitirEstoqueNegativo).toBe(true);
    await lancado('S', [{ produtoId: produto.id, quantidade: 2 }]);
    expect(await saldo(produto)).toMatchObject({ fisico: -2 });
    await ok('PATCH', `/api/ConfiguracoesGerais/${setting.id}`, { permitirEstoqueNegativo: false });
  });

  it('refuses movements dated on or before the closed period, reversals of today included otherwise', async () => {
    const produto = await novoProduto();
    await lancado('E', [{ produtoId: produto.id, quantidade: 5, custoUnitario: 1 }], {
      data: '2026-02-27T15:00:00Z',
    });
    const [config] = await ok('GET', '/api/ConfiguracoesGerais');
    await ok('PATCH', `/api/ConfiguracoesGerais/${config.id}`, { estoqueFechadoAte: '2026-02-28' });
    const closed = await lancar('S', [{ produtoId: produto.id, quantidade: 1 }], {
      data: '2026-03-01T02:00:00Z',
    });
    expect(closed.response.statusCode).toBe(422);
    expect(closed.response.json().error).toMatchObject({
      code: 'PERIODO_FECHADO',
      message:
        'O estoque está fechado até 28/02/2026: não é possível lançar movimentações com data de 28/02/2026.',
    });
    await lancado('S', [{ produtoId: produto.id, quantidade: 1 }], { data: '2026-03-01T03:00:00Z' });
    await ok('PATCH', `/api/ConfiguracoesGerais/${config.id}`, { estoqueFechadoAte: null });
  });
});

describe('computed fields (formula)', () => {
  it('computes item and document totals on the server and refuses a sent value that differs', async () => {
    const doc = await documento('E', [
      { produtoId: cafe.id, quantidade: 3, custoUnitario: 2.5 },
      { produtoId: acucar.id, quantidade: 0.333, custoUnitario: 10 },
    ]);
    expect((doc.itens as Body[]).map((item) => item.valorTotal)).toEqual([7.5, 3.33]);
    expect(doc.valorTotal).toBe(10.83);
    const wrong = await api('POST', '/api/DocumentosEstoque', {
      tipo: 'E',
      data: '2026-03-10T12:00:00Z',
      depositoId: loja.id,
      motivo: 'Teste',
      itens: [{ numeroItem: 1, produtoId: cafe.id, quantidade: 2, custoUnitario: 2.5, valorTotal: 6 }],
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error).toMatchObject({
      code: 'VALOR_CALCULADO_DIVERGENTE',
      message:
        'Item 1: Valor total: o valor informado (6,00) difere do calculado (5,00) pela fórmula round(quantidade * custoUnitario, 2).',
    });
    // A typed total of the document is not taken (read-only); an item changed on its own updates it.
    const item = (doc.itens as Body[])[0] as Body;
    await ok('PATCH', `/api/DocumentosEstoqueItens/${item.id}`, { quantidade: 4 });
    const reread = await ok(
      'GET',
      `/api/DocumentosEstoque/${doc.id}?filter=${encodeURIComponent('{"include":["itens"]}')}`,
    );
    expect(reread.valorTotal).toBe(13.33);
    await ok('DELETE', `/api/DocumentosEstoqueItens/${item.id}`);
    expect((await ok('GET', `/api/DocumentosEstoque/${doc.id}`)).valorTotal).toBe(3.33);
    const typed = await ok('PATCH', `/api/DocumentosEstoque/${doc.id}`, { valorTotal: 999 });
    expect(typed.valorTotal).toBe(3.33);
  });
});

describe('document tabs: Lançamentos and Histórico', () => {
  it('lists what a document posted and reversed, and its history with the user name', async () => {
    const doc = await documento('E', [
      { produtoId: cafe.id, quantidade: 2, custoUnitario: 5 },
      { produtoId: acucar.id, quantidade: 1, custoUnitario: 3 },
    ]);
    expect(await ok('GET', `/api/DocumentosEstoque/${doc.id}/lancamentos`)).toEqual([]);
    expect((await efetivar(doc.id)).statusCode).toBe(200);
    await ok('POST', `/api/DocumentosEstoque/${doc.id}/estornar`, {});
    const lancamentos = (await ok('GET', `/api/DocumentosEstoque/${doc.id}/lancamentos`)) as Body[];
    expect(lancamentos.map((row) => [row.produto, row.deposito, row.qtd, row.origemTipo])).toEqual([
      ['Café torrado 500 g', 'Loja', 2, 'documentoEstoque'],
      ['Açúcar cristal 1 kg', 'Loja', 1, 'documentoEstoque'],
      ['Açúcar cristal 1 kg', 'Loja', -1, 'documentoEstoque.estorno'],
      ['Café torrado 500 g', 'Loja', -2, 'documentoEstoque.estorno'],
    ]);
    expect(lancamentos[2]?.estornoDe).toBe(lancamentos[1]?.id);
    const historico = (await ok('GET', `/api/DocumentosEstoque/${doc.id}/historico`)) as Body[];
    expect(historico.map((row) => [row.acao, row.situacaoPara, row.usuarioNome])).toEqual([
      ['criar', 'rascunho', 'Ana Demonstração'],
      ['efetivar', 'efetivado', 'Ana Demonstração'],
      ['estornar', 'estornado', 'Ana Demonstração'],
    ]);
    expect((await api('GET', '/api/DocumentosEstoque/999999/historico')).statusCode).toBe(404);
  });
});
