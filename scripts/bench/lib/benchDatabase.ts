import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { prepareDatabase } from '../../../runtime/server/db/prepareDatabase.ts';
import { seedDemo } from '../../../runtime/server/db/seed/seedDemo.ts';
import { startEmbeddedPostgres } from '../../../runtime/server/db/startEmbeddedPostgres.ts';
import { readSchemaFiles } from '../../../runtime/server/schemas/readSchemaFiles.ts';

/**
 * A throw-away embedded PostgreSQL prepared as `npm start` does (migrations, entity tables, reference
 * and demo data) plus `extraUsers` users in the demo company, so list queries sort and page through a
 * realistic table. Returns its URL and a stop function (which also deletes the cluster).
 */
export async function benchDatabase(port: number, extraUsers = 0) {
  const dir = await mkdtemp(join(tmpdir(), 'erp-bench-'));
  const server = await startEmbeddedPostgres({ dir: join(dir, 'pg'), port });
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  await admin.query('CREATE DATABASE bench');
  await admin.end();
  const url = server.url.replace(/\/postgres$/, '/bench');
  const { files } = await readSchemaFiles();
  // The demo companies without their stock documents: benches seed what they measure.
  const { db, tenants } = await prepareDatabase(url, files, { demo: false, max: 2 });
  await seedDemo(db, tenants);
  if (extraUsers > 0)
    await db.withSystem((tx) =>
      tx.query(
        `INSERT INTO usuario (empresa_id, config_white_label_id, email, nome, senha_hash, perfil_id, filial_selecionada_id)
       SELECT u.empresa_id, u.config_white_label_id, 'usuario' || g || '@bench.local', 'Usuário ' || lpad(g::text, 6, '0'),
              u.senha_hash, u.perfil_id, u.filial_selecionada_id
         FROM usuario u, generate_series(1, $1::int) g WHERE u.email = 'vendedor@erp.local'`,
        [extraUsers],
      ),
    );
  await db.close();
  return {
    url,
    async stop() {
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
