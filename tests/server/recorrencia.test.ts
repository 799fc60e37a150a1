import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../runtime/server/db/database.ts';
import { createJobQueue } from '../../runtime/server/plugins/jobs.ts';
import {
  gerarLancamentosRecorrentes,
  RECORRENCIA_QUEUE,
  scheduleRecorrencias,
} from '../../runtime/server/services/recorrencia/recorrenciaJob.ts';
import { createTestServer, login, type TestServer } from '../support/testServer.ts';

/** Lançamentos recorrentes: titles created ahead by the pg-boss schedule, exactly once; edits touch open titles only. */
let server: TestServer;
let token: string;
let contaId: number;
let owner: { empresa_id: number; filial_id: number; usuario_id: number };

const call = (method: string, url: string, payload?: unknown) =>
  server.app.inject({
    method: method as 'GET',
    url,
    headers: { host: 'localhost', authorization: token },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const titulos = (serieId: number) =>
  server.db.withSystem((tx) =>
    tx.query<{
      id: number;
      parcela: number;
      vencimento: string;
      valor: number;
      situacao: number;
      descricao: string;
    }>(
      `SELECT id, parcela, to_char(data_vencimento, 'YYYY-MM-DD') AS vencimento, valor, situacao, descricao
         FROM lancamento WHERE origem_tipo = 'lancamentoRecorrente' AND origem_id = $1 ORDER BY parcela`,
      [serieId],
    ),
  );

/** A series written straight to the table (as an import would): no hook ran, the schedule must pick it up. */
const insertSerie = (values: { descricao: string; dataInicio: string; ocorrencias?: number }) =>
  server.db.withSystem(async (tx) => {
    const row = await tx.one<{ id: number }>(
      `INSERT INTO lancamento_recorrente (empresa_id, filial_id, criado_por, tipo, descricao, conta_id, valor, intervalo,
              a_cada, data_inicio, ocorrencias, ativo)
       VALUES ($1, $2, $3, 2, $4, $5, 1500, 'M', 1, $6, $7, true) RETURNING id`,
      [
        owner.empresa_id,
        owner.filial_id,
        owner.usuario_id,
        values.descricao,
        contaId,
        values.dataInicio,
        values.ocorrencias ?? null,
      ],
    );
    return row.id;
  });

beforeAll(async () => {
  server = await createTestServer();
  token = await login(server.app, 'demo@erp.local');
  const conta = await call('POST', '/api/Contas', { descricao: 'Conta do aluguel', tipoConta: 1 });
  expect(conta.statusCode, conta.body).toBe(200);
  contaId = conta.json().id;
  owner = await server.db.withSystem((tx) =>
    tx.one(
      `SELECT empresa_id, filial_selecionada_id AS filial_id, id AS usuario_id FROM usuario WHERE email = 'demo@erp.local'`,
    ),
  );
});
afterAll(async () => server?.close());

describe('lançamentos recorrentes', () => {
  it('creates the occurrences due within 60 days (at least 2 ahead) when a series is saved', async () => {
    const response = await call('POST', '/api/LancamentosRecorrentes', {
      tipo: 2,
      descricao: 'Aluguel da loja',
      contaId,
      valor: 2500,
      intervalo: 'M',
      diaVencimento: 31,
      dataInicio: '2099-01-31',
      ocorrencias: 12,
    });
    expect(response.statusCode, response.body).toBe(200);
    const serie = response.json();
    expect(serie).toMatchObject({ proximoVencimento: '2099-03-31', parcelasGeradas: 2, aCada: 1 });
    expect(await titulos(serie.id)).toEqual([
      expect.objectContaining({ parcela: 1, vencimento: '2099-01-31', valor: 2500, situacao: 0 }),
      expect.objectContaining({ parcela: 2, vencimento: '2099-02-28', valor: 2500, situacao: 0 }),
    ]);
  });

  it('refuses more than 366 occurrences and an end before the start, in pt-BR', async () => {
    const base = {
      tipo: 2,
      descricao: 'Internet',
      contaId,
      valor: 99.9,
      intervalo: 'S',
      dataInicio: '2099-01-01',
    };
    const many = await call('POST', '/api/LancamentosRecorrentes', { ...base, ocorrencias: 367 });
    expect(many.statusCode).toBe(400);
    expect(many.body).toContain('366');
    const backwards = await call('POST', '/api/LancamentosRecorrentes', { ...base, dataFim: '2098-12-31' });
    expect(backwards.statusCode).toBe(422);
    expect(backwards.body).toContain('A data de término da recorrência é anterior à data de início');
  });

  it('creates each occurrence exactly once when several processes run the schedule at the same time', async () => {
    const serieId = await insertSerie({ descricao: 'Condomínio', dataInicio: '2026-01-05', ocorrencias: 12 });
    // Three "processes" (own pools) running the job concurrently, twice each.
    const pools = [0, 1, 2].map(() => createDatabase(server.databaseUrl, { max: 2 }));
    try {
      const counts = await Promise.all(
        [...pools, ...pools].map((db) => gerarLancamentosRecorrentes(db, { hoje: '2026-03-10' })),
      );
      const rows = await titulos(serieId);
      // Due up to 2026-05-09: January to May.
      expect(rows.map((row) => row.vencimento)).toEqual([
        '2026-01-05',
        '2026-02-05',
        '2026-03-05',
        '2026-04-05',
        '2026-05-05',
      ]);
      expect(counts.reduce((sum, count) => sum + count, 0)).toBe(5);
      // A later run moves the horizon: one more month, still once.
      await Promise.all(pools.map((db) => gerarLancamentosRecorrentes(db, { hoje: '2026-04-10' })));
      expect((await titulos(serieId)).map((row) => row.parcela)).toEqual([1, 2, 3, 4, 5, 6]);
    } finally {
      await Promise.all(pools.map((db) => db.close()));
    }
  });

  it('two pg-boss workers on the singleton queue create the titles once', async () => {
    const serieId = await insertSerie({ descricao: 'Seguro', dataInicio: '2099-06-10' });
    const queues = await Promise.all(
      [0, 1].map(() => createJobQueue(server.databaseUrl, { pollingIntervalSeconds: 0.5 })),
    );
    const pools = [0, 1].map(() => createDatabase(server.databaseUrl, { max: 2 }));
    // pg-boss' schema is not the app roles': its job states are read as the owner.
    const admin = new pg.Client({ connectionString: server.databaseUrl });
    await admin.connect();
    try {
      for (const [i, queue] of queues.entries())
        await scheduleRecorrencias(queue, pools[i] as (typeof pools)[number], { work: true });
      for (const queue of queues) {
        await queue.send(RECORRENCIA_QUEUE, {});
        await queue.send(RECORRENCIA_QUEUE, {});
      }
      const state = async () =>
        (
          await admin.query<{ state: string }>('SELECT state FROM pgboss.job WHERE name = $1', [
            RECORRENCIA_QUEUE,
          ])
        ).rows;
      for (let i = 0; i < 200 && (await state()).some((job) => job.state !== 'completed'); i++)
        await new Promise((resolve) => setTimeout(resolve, 100));
      const jobs = await state();
      expect(jobs.length).toBeGreaterThan(0);
      expect(jobs.every((job) => job.state === 'completed')).toBe(true);
      expect((await titulos(serieId)).map((row) => [row.parcela, row.vencimento])).toEqual([
        [1, '2099-06-10'],
        [2, '2099-07-10'],
      ]);
    } finally {
      await Promise.all(queues.map((queue) => queue.stop(2000)));
      await Promise.all(pools.map((db) => db.close()));
      await admin.end();
    }
  });

  it('editing a series rewrites only its open titles and removes the open ones it no longer has', async () => {
    const serieId = await insertSerie({ descricao: 'Limpeza', dataInicio: '2026-01-10', ocorrencias: 6 });
    await gerarLancamentosRecorrentes(server.db, { hoje: '2026-04-01' });
    const before = await titulos(serieId);
    expect(before.map((row) => row.parcela)).toEqual([1, 2, 3, 4, 5]);
    // Parcela 1 paid, parcela 2 partly paid (through the finance posting): neither may change.
    for (const [parcela, principal] of [
      [1, 1500],
      [2, 500],
    ] as const) {
      const titulo = before[parcela - 1] as (typeof before)[number];
      const baixa = await call('POST', '/api/Lancamentos/baixar', {
        data: titulo.vencimento,
        contaId,
        itens: [{ lancamentoId: titulo.id, principal }],
      });
      expect(baixa.statusCode, baixa.body).toBe(200);
    }
    const patch = await call('PATCH', `/api/LancamentosRecorrentes/${serieId}`, {
      valor: 1800,
      descricao: 'Limpeza e conservação',
      diaVencimento: 15,
      ocorrencias: 4,
    });
    expect(patch.statusCode, patch.body).toBe(200);
    const after = await titulos(serieId);
    expect(after.map((row) => [row.parcela, row.vencimento, row.valor, row.descricao])).toEqual([
      [1, '2026-01-10', 1500, 'Limpeza'],
      [2, '2026-02-10', 1500, 'Limpeza'],
      [3, '2026-03-15', 1800, 'Limpeza e conservação'],
      [4, '2026-04-15', 1800, 'Limpeza e conservação'],
    ]);
    expect(patch.json()).toMatchObject({ proximoVencimento: null, parcelasGeradas: 4 });
    // Deactivated: open titles from today on go; nothing more is generated.
    const off = await call('PATCH', `/api/LancamentosRecorrentes/${serieId}`, {
      ativo: false,
      ocorrencias: 6,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await titulos(serieId)).length).toBeLessThanOrEqual(4);
  });
});
