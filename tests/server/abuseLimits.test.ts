import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../runtime/core/constants.ts';
import { buildApp } from '../../runtime/server/app.ts';
import { loadConfig, parseTrustProxy } from '../../runtime/server/config.ts';
import { createMailer } from '../../runtime/server/mail/createMailer.ts';
import {
  RATE_LIMIT_PURGE_CRON,
  RATE_LIMIT_PURGE_QUEUE,
  scheduleRateLimitPurge,
} from '../../runtime/server/services/rateLimitPurgeJob.ts';
import { hashToken, newRawToken } from '../../runtime/server/services/tokens.ts';
import { createTestServer, type TestServer } from '../support/testServer.ts';

const TOO_MANY_LOGINS = 'Muitas tentativas de login. Aguarde alguns minutos e tente novamente.';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ jobs: { work: false } });
});
afterAll(async () => server?.close());

/** A login attempt from the client address `ip` (the socket's, as light-my-request sets it). */
const loginFrom = (ip: string, email: string, password: string, headers: Record<string, string> = {}) =>
  server.app.inject({
    method: 'POST',
    url: '/api/Usuarios/login',
    remoteAddress: ip,
    headers: { host: 'localhost', ...headers },
    payload: { email, password },
  });

const limiterKeys = async (prefix: string) =>
  (
    await server.db.withSystem((tx) =>
      tx.query<{ chave: string }>('SELECT chave FROM rate_limit WHERE chave LIKE $1 ORDER BY chave', [
        `${prefix}%`,
      ]),
    )
  ).map((row) => row.chave);

describe('proxy trust (TRUST_PROXY)', () => {
  it('parses a hop count, true, and a list of addresses or CIDRs; off when unset; rejects garbage', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.0/8, 127.0.0.1,::1')).toEqual(['10.0.0.0/8', '127.0.0.1', '::1']);
    expect(() => parseTrustProxy('10.0.0.0/33')).toThrow(/TRUST_PROXY inválido/);
    expect(() => parseTrustProxy('qualquer')).toThrow(/TRUST_PROXY inválido/);
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
  });

  it('ignores a spoofed X-Forwarded-For by default: the socket address is the client', async () => {
    const response = await loginFrom('192.0.2.10', 'ninguem-a@erp.local', 'errada', {
      'x-forwarded-for': '203.0.113.77',
    });
    expect(response.statusCode).toBe(401);
    expect(await limiterKeys('login:ip:')).toContain('login:ip:192.0.2.10');
    expect(await limiterKeys('login:ip:203.0.113.77')).toEqual([]);
  });

  it('with TRUST_PROXY=1 takes the client address from the proxy header', async () => {
    const app = await buildApp({
      services: {
        db: server.db,
        tenants: server.tenants,
        config: { ...server.config, trustProxy: loadConfig({ TRUST_PROXY: '1' }).trustProxy },
        mailer: createMailer({ smtpUrl: undefined, mailDir: server.config.mailDir }),
      },
    });
    try {
      const response = await app.inject({
        method: 'POST',
        url: '/api/Usuarios/login',
        remoteAddress: '192.0.2.11',
        headers: { host: 'localhost', 'x-forwarded-for': '203.0.113.78' },
        payload: { email: 'ninguem-b@erp.local', password: 'errada' },
      });
      expect(response.statusCode).toBe(401);
      expect(await limiterKeys('login:ip:203.0.113.78')).toEqual(['login:ip:203.0.113.78']);
      expect(await limiterKeys('login:ip:192.0.2.11')).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('one client spraying many accounts with a new X-Forwarded-For each time is still limited per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const response = await loginFrom('192.0.2.20', `spray${i}@erp.local`, 'errada', {
        'x-forwarded-for': `198.51.100.${i}`,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 30).every((status) => status === 401)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe('login limits: per address, per account and per address + account', () => {
  it('blocks the attacking address on the account (429, Retry-After) while the owner still gets in', async () => {
    const victim = 'trial@erp.local';
    for (const ip of ['192.0.2.31', '192.0.2.32', '192.0.2.33']) {
      for (let i = 0; i < 5; i++) expect((await loginFrom(ip, victim, 'chute')).statusCode).toBe(401);
    }
    // The attacker's pair is blocked even with the right password …
    const blocked = await loginFrom('192.0.2.31', victim, 'demo1234');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.message).toBe(TOO_MANY_LOGINS);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // … while 15 failures on the account only slow the owner down (progressive delay), never lock them out.
    const started = Date.now();
    const owner = await loginFrom('192.0.2.99', victim, 'demo1234');
    expect(owner.statusCode, owner.body).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
  });

  it('doubles the block of an address on an account with each failure after the previous block', async () => {
    const email = 'vendedor@erp.local';
    const ip = '192.0.2.40';
    for (let i = 0; i < 5; i++) expect((await loginFrom(ip, email, 'chute')).statusCode).toBe(401);
    const first = await loginFrom(ip, email, 'chute');
    expect(first.statusCode).toBe(429);
    const firstWait = Number(first.headers['retry-after']);
    expect(firstWait).toBeGreaterThan(50);
    expect(firstWait).toBeLessThanOrEqual(60);
    // The block runs out (moved to the past) and the same pair fails once more: twice as long.
    await server.db.withSystem((tx) =>
      tx.query("UPDATE rate_limit SET bloqueado_ate = now() - interval '1 second' WHERE chave LIKE $1", [
        `login:par:%:${email}:${ip}`,
      ]),
    );
    expect((await loginFrom(ip, email, 'chute')).statusCode).toBe(401);
    const second = await loginFrom(ip, email, 'chute');
    expect(second.statusCode).toBe(429);
    const secondWait = Number(second.headers['retry-after']);
    expect(secondWait).toBeGreaterThan(110);
    expect(secondWait).toBeLessThanOrEqual(120);
  });
  it('a password reset lifts the blocks on the account, so the owner signs in at once', async () => {
    const email = 'painel@erp.local';
    const ip = '192.0.2.45';
    for (let i = 0; i < 5; i++) expect((await loginFrom(ip, email, 'chute')).statusCode).toBe(401);
    expect((await loginFrom(ip, email, 'demo1234')).statusCode).toBe(429);
    const raw = newRawToken();
    await server.db.withSystem((tx) =>
      tx.query(
        `INSERT INTO reset_token (token_hash, usuario_id, expira_em)
         SELECT $1, id, now() + interval '15 minutes' FROM usuario WHERE email = $2`,
        [hashToken(raw), email],
      ),
    );
    const reset = await server.app.inject({
      method: 'POST',
      url: `/reset-password?access_token=${raw}`,
      headers: { host: 'localhost' },
      payload: { password: 'nova-senha1', confirmar: 'nova-senha1' },
    });
    expect(reset.statusCode, reset.body).toBe(204);
    expect((await loginFrom(ip, email, 'nova-senha1')).statusCode).toBe(200);
  });
});

describe('recovery limits', () => {
  const askReset = (ip: string, email: string) =>
    server.app.inject({
      method: 'POST',
      url: '/api/Usuarios/reset',
      remoteAddress: ip,
      headers: { host: 'localhost' },
      payload: { email },
    });

  it('limits one address on one e-mail to 3 an hour, with Retry-After', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await askReset('192.0.2.50', 'alvo-par@erp.local')).statusCode);
    expect(statuses).toEqual([404, 404, 404, 429]);
    const blocked = await askReset('192.0.2.50', 'alvo-par@erp.local');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(3000);
  });
});

describe('sign-up switch and limits', () => {
  const form = (email: string) => ({
    email,
    senha: 'segredo1',
    confirmaSenha: 'segredo1',
    cpfCnpj: '11.444.777/0001-61',
    nome: 'João Pereira',
    empresa: 'Pereira Comércio Ltda',
    telefone: '(21) 3456-7890',
    regime: 2,
  });
  const signUp = (ip: string, email: string) =>
    server.app.inject({
      method: 'POST',
      url: '/api/Usuarios/cadastro',
      remoteAddress: ip,
      headers: { host: 'localhost' },
      payload: form(email),
    });
  const setCadastroAtivo = async (value: boolean | null) => {
    await server.db.withSystem((tx) =>
      tx.query(
        `UPDATE config_white_label SET patch = CASE WHEN $1::boolean IS NULL THEN patch - 'cadastroAtivo'
                ELSE patch || jsonb_build_object('cadastroAtivo', $1::boolean) END
          WHERE slug = 'demo'`,
        [value],
      ),
    );
    await server.tenants.reload();
  };

  it('answers 403 with the sign-up page message and creates nothing when the white-label turned it off', async () => {
    await setCadastroAtivo(false);
    try {
      const response = await signUp('192.0.2.60', 'desligado@empresa.com.br');
      expect(response.statusCode).toBe(403);
      expect(response.json().error.message).toBe(MESSAGES.signUp.disabled);
      const created = await server.db.withSystem((tx) =>
        tx.maybeOne("SELECT 1 FROM usuario WHERE email = 'desligado@empresa.com.br'"),
      );
      expect(created).toBeUndefined();
    } finally {
      await setCadastroAtivo(null);
    }
    expect((await signUp('192.0.2.60', 'ligado@empresa.com.br')).statusCode).toBe(200);
  });

  it('limits sign-ups per address and per white-label (429 with Retry-After)', async () => {
    const perIp = server.config.signUpPerIpPerHour;
    for (let i = 0; i < perIp; i++) {
      const response = await signUp('192.0.2.61', `ip${i}@empresa.com.br`);
      expect(response.statusCode, response.body).toBe(200);
    }
    const blocked = await signUp('192.0.2.61', 'ip-extra@empresa.com.br');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.message).toBe(MESSAGES.signUp.tooMany);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);

    const perWhiteLabel = server.config.signUpPerWhiteLabelPerHour;
    server.config.signUpPerWhiteLabelPerHour = perIp + 2;
    try {
      // perIp + 1 sign-ups counted on this white-label so far (the 403 above counted nothing).
      expect((await signUp('192.0.2.62', 'wl1@empresa.com.br')).statusCode).toBe(200);
      expect((await signUp('192.0.2.63', 'wl2@empresa.com.br')).statusCode).toBe(429);
    } finally {
      server.config.signUpPerWhiteLabelPerHour = perWhiteLabel;
    }
  });
});

describe('purge of expired limiter rows (pg-boss schedule)', () => {
  it('schedules the purge and the job deletes expired rows only', async () => {
    const jobs = server.jobs;
    if (!jobs) throw new Error('test server without job queue');
    await scheduleRateLimitPurge(jobs, server.db, { work: true });
    // The job tables are out of the app roles' reach: read them as the database owner.
    const owner = new pg.Client({ connectionString: server.databaseUrl });
    await owner.connect();
    const schedules = await owner
      .query('SELECT name, cron FROM pgboss.schedule WHERE name = $1', [RATE_LIMIT_PURGE_QUEUE])
      .finally(() => owner.end());
    expect(schedules.rows).toEqual([{ name: RATE_LIMIT_PURGE_QUEUE, cron: RATE_LIMIT_PURGE_CRON }]);

    await server.db.withSystem((tx) =>
      tx.query(
        `INSERT INTO rate_limit (chave, janela_inicio, contagem, expira_em) VALUES
           ('teste:vencida', now() - interval '2 hours', 3, now() - interval '1 hour'),
           ('teste:viva', now(), 1, now() + interval '1 hour')`,
      ),
    );
    await jobs.send(RATE_LIMIT_PURGE_QUEUE, {});
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline && (await limiterKeys('teste:')).includes('teste:vencida')) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(await limiterKeys('teste:')).toEqual(['teste:viva']);
  });
});
