// The system this product replaces, for the comparison bench: a LoopBack 3 app (loopback@3,
// loopback-connector-postgresql@5) over the same tables and database, with its token auth (an AccessToken
// table, `loopback.token()`, ACLs allowing $authenticated). Models are built from the tables' columns, so
// both APIs answer the same fields. Tenancy as a LoopBack 3 app does it: the client's where names empresaId.
import { createRequire } from 'node:module';
import pg from 'pg';

const require = createRequire(import.meta.url);
const loopback = require('loopback');
const url = process.env.DATABASE_URL as string;

const camel = (column: string) => column.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
const TYPES: Record<string, string> = {
  integer: 'number',
  bigint: 'number',
  numeric: 'number',
  boolean: 'boolean',
  date: 'date',
  'timestamp with time zone': 'date',
  jsonb: 'object',
  json: 'object',
};

async function columnsOf(table: string): Promise<Record<string, unknown>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ column_name: string; data_type: string }>(
    `SELECT column_name, data_type FROM information_schema.columns
      WHERE table_schema = 'public' AND table_name = $1 ORDER BY ordinal_position`,
    [table],
  );
  await client.end();
  return Object.fromEntries(
    rows.map((row) => [
      camel(row.column_name),
      {
        type: TYPES[row.data_type] ?? 'string',
        ...(row.column_name === 'id' ? { id: true, generated: true } : {}),
        postgresql: { columnName: row.column_name },
      },
    ]),
  );
}

const app = loopback();
app.dataSource('db', { connector: require('loopback-connector-postgresql'), url, max: 10 });
app.dataSource('memory', { connector: 'memory' });
const acls = [
  { principalType: 'ROLE', principalId: '$everyone', permission: 'DENY' },
  { principalType: 'ROLE', principalId: '$authenticated', permission: 'ALLOW' },
];
for (const name of ['ACL', 'Role', 'RoleMapping', 'User'])
  app.model(loopback[name], { dataSource: 'memory', public: false });
const Token = loopback.AccessToken.extend(
  'LbToken',
  {},
  { postgresql: { schema: 'lb3', table: 'lb_token' }, relations: {} },
);
app.model(Token, { dataSource: 'db', public: false });

const define = async (name: string, table: string, plural: string, extra: Record<string, unknown> = {}) => {
  const Model = loopback.PersistedModel.extend(name, await columnsOf(table), {
    postgresql: { schema: 'public', table },
    idInjection: false,
    strict: false,
    plural,
    acls,
    ...extra,
  });
  app.model(Model, { dataSource: 'db', public: true });
  return Model;
};
await define('Produto', 'produto', 'Produtos');
await define('PedidoVendaItem', 'pedido_venda_item', 'PedidoVendaItens');
await define('PedidoVenda', 'pedido_venda', 'PedidosVenda', {
  relations: { itens: { type: 'hasMany', model: 'PedidoVendaItem', foreignKey: 'pedidoVendaId' } },
});

await new Promise<void>((resolve, reject) =>
  app.dataSources.db.automigrate('LbToken', (error: unknown) => (error ? reject(error) : resolve())),
);
await new Promise<void>((resolve, reject) =>
  Token.create(
    { id: process.env.LB3_TOKEN, ttl: 1209600, userId: 1, created: new Date() },
    (error: unknown) => (error ? reject(error) : resolve()),
  ),
);

app.enableAuth();
app.use(loopback.token({ model: Token }));
app.use('/api', loopback.rest());
app.listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));
