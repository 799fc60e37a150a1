// Baseline for benchmarks: node:http + pg running the same SQL as the API, no framework, no schemas.
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { createDatabase, type Tx } from '../../../runtime/server/db/database.ts';
import { TOKEN_LOOKUP_SQL } from '../../../runtime/server/plugins/auth.ts';
import type { Tenant } from '../../../runtime/server/services/tenantRegistry.ts';
import { hashToken } from '../../../runtime/server/services/tokens.ts';
import { loadUserInfo } from '../../../runtime/server/services/userInfo.ts';

const db = createDatabase(process.env.DATABASE_URL as string, { max: 10 });
const listSql = process.env.LIST_SQL as string;
const listParams = JSON.parse(process.env.LIST_PARAMS as string) as unknown[];
const tenant = JSON.parse(await readFile(process.env.TENANT_FILE as string, 'utf8')) as Tenant;

const server = createServer(async (request, response) => {
  try {
    const token = request.headers.authorization ?? '';
    const auth = await db.withSystem((tx) =>
      tx.maybeOne<{ usuario_id: number; empresa_id: number }>(TOKEN_LOOKUP_SQL, [hashToken(token)]),
    );
    if (!auth) {
      response.writeHead(401).end();
      return;
    }
    const context = { empresaId: auth.empresa_id, usuarioId: auth.usuario_id };
    let body: unknown;
    if (request.url?.startsWith('/api/Usuarios/getUserInfo')) {
      body = await db.withTenant(context, (tx: Tx) => loadUserInfo(tx, auth.usuario_id, tenant));
    } else {
      body = await db.withTenant(context, (tx) => tx.query(listSql, [auth.empresa_id, ...listParams]));
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  } catch (error) {
    response.writeHead(500).end(String(error));
  }
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));
