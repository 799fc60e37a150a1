import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupConfigFor, checkBackupHealth, FAILURE_FILE } from '../../runtime/server/backup/backupJobs.ts';
import { createTestServer, login, type TestServer } from '../support/testServer.ts';

/**
 * GET /api/Backups/saude and the health check behind the staff alert: platform staff only; problems
 * named in pt-BR (no base backup yet, a failed scheduled backup); each sent once as an unread alert.
 */
let server: TestServer;
let external: TestServer;
const tokens: Record<string, string> = {};

const get = (app: TestServer['app'], token?: string) =>
  app.inject({
    method: 'GET',
    url: '/api/Backups/saude',
    headers: { host: 'localhost', ...(token ? { authorization: token } : {}) },
  });

beforeAll(async () => {
  // npm start's embedded PostgreSQL: the server config has no DATABASE_URL.
  server = await createTestServer({ config: { databaseUrl: undefined } });
  external = await createTestServer({ seedDemoData: true });
  tokens.admin = await login(server.app, 'admin@erp.local');
  tokens.demo = await login(server.app, 'demo@erp.local');
  tokens.externalAdmin = await login(external.app, 'admin@erp.local');
});

afterAll(async () => {
  await server?.close();
  await external?.close();
});

describe('GET /api/Backups/saude', () => {
  it('is for platform staff only', async () => {
    expect((await get(server.app)).statusCode).toBe(401);
    const denied = await get(server.app, tokens.demo);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.message).toBe('Somente a equipe da plataforma pode realizar esta ação.');
  });

  it('names the missing base backup and a failed scheduled one, with the archiver figures', async () => {
    const response = await get(server.app, tokens.admin);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.modo).toBe('embutido');
    expect(body.diretorio).toBe(join(server.config.dataDir, 'backup'));
    expect(body.ultimoBackup).toBeNull();
    expect(body.arquivamento).toMatchObject({ aguardando: expect.any(Number), falhas: expect.any(Number) });
    expect(body.problemas).toEqual(['Nenhum backup base foi feito ainda: rode npm run backup.']);

    await mkdir(join(server.config.dataDir, 'backup', 'base'), { recursive: true });
    await writeFile(
      join(server.config.dataDir, 'backup', 'base', FAILURE_FILE),
      JSON.stringify({ em: new Date().toISOString(), mensagem: 'disco cheio' }),
    );
    const failed = (await get(server.app, tokens.admin)).json();
    expect(failed.falhaBackup.mensagem).toBe('disco cheio');
    expect(failed.problemas[1]).toMatch(/^O backup base agendado falhou em .*: disco cheio$/);
  });

  it('says the provider backups apply with DATABASE_URL', async () => {
    const body = (await get(external.app, tokens.externalAdmin)).json();
    expect(body.modo).toBe('externo');
    expect(body.mensagem).toMatch(/^DATABASE_URL definido: .*backups dele são os do provedor/);
    expect(body.problemas).toEqual([]);
  });
});

describe('backup health alerts', () => {
  it('alerts every active platform staff user once per problem, nobody else', async () => {
    const config = backupConfigFor(server.config.dataDir);
    const problemas = await checkBackupHealth(server.db, config);
    expect(problemas.length).toBeGreaterThan(0);
    await checkBackupHealth(server.db, config);
    const rows = await server.db.withSystem((tx) =>
      tx.query<{ email: string; texto: string; tipo: string }>(
        `SELECT u.email, a.texto, a.tipo FROM alerta a JOIN usuario u ON u.id = a.usuario_id
          WHERE a.texto = ANY($1) ORDER BY u.email, a.texto`,
        [problemas],
      ),
    );
    const staff = await server.db.withSystem((tx) =>
      tx.query<{ email: string }>('SELECT email FROM usuario WHERE is_avanco AND ativo ORDER BY email'),
    );
    expect(staff.length).toBeGreaterThan(0);
    expect(rows).toEqual(
      staff.flatMap((s) =>
        [...problemas].sort().map((texto) => ({ email: s.email, texto, tipo: 'warning' })),
      ),
    );
  });
});
