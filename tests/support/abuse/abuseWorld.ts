import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../runtime/server/db/database.ts';
import type { TenantRegistry } from '../../../runtime/server/services/tenantRegistry.ts';
import { generateCertificado } from '../generateCertificado.ts';
import { sampleValue } from './abuseVariants.ts';
import type { OpenApiDocument } from './openapiOperations.ts';

/** A company of the demo data the suite plants markers in: its admin, white-label and host. */
type Company = 'demo' | 'trial' | 'verde';
const COMPANIES: Record<Company, { email: string; whiteLabel: string; host: string }> = {
  demo: { email: 'demo@erp.local', whiteLabel: 'demo', host: 'localhost' },
  trial: { email: 'trial@erp.local', whiteLabel: 'demo', host: 'localhost' },
  verde: { email: 'verde@erp.local', whiteLabel: 'verde', host: 'verde.localhost' },
};

/** Who sends the requests: nobody, a company user, a user of another company, of another white-label. */
export interface Actor {
  name: 'anonimo' | 'empresa' | 'outraEmpresa' | 'outroWhiteLabel' | 'empresaPropriosRegistros';
  host: string;
  token?: string;
  company?: Company;
  /** Whose record ids fill the id slots of this actor's requests. */
  victim: Company;
  /** Whose record ids fill the id slot of a DELETE (default: victim). */
  deleteVictim?: Company;
  /** The marker planted in this actor's own company (it must see it: the check can fail). */
  marker?: string;
  /** Marker strings this actor must never receive (rows of other companies and white-labels). */
  forbidden: string[];
}

export interface AbuseWorld {
  /** The actors aimed at other tenants' records. */
  actors: Actor[];
  /**
   * The company user aimed at its own records (bad values reach the database: NOT NULL, ranges, lengths);
   * swept after the others, since its writes overwrite its own markers. Its DELETEs aim at another tenant.
   */
  ownRecords: Actor;
  /** Planted credentials no answer may ever contain, with where each was planted. */
  secrets: Array<{ value: string; what: string }>;
  /** Per company: OpenAPI path (`/api/Clientes/{id}`) → id of one of its records. */
  ids: Record<Company, Map<string, number>>;
  /** Logs in again the actors whose session ended (after a logout or password operation). */
  relogin(): Promise<void>;
}

const companyMarker = (company: Company) => `ZQMARCA${company.toUpperCase()}EMP`;
const whiteLabelMarker = (slug: string) => `ZQMARCA${slug.toUpperCase()}WL`;

let loginAddress = 0;

async function login(app: FastifyInstance, company: Company): Promise<string> {
  const { email, host } = COMPANIES[company];
  loginAddress++;
  const response = await app.inject({
    method: 'POST',
    url: '/api/Usuarios/login',
    // Its own client address each time: the sweep's logins never meet the per-IP login limit.
    remoteAddress: `172.16.${(loginAddress >> 8) & 255}.${loginAddress & 255}`,
    headers: { host },
    payload: { email, password: 'demo1234' },
  });
  if (response.statusCode !== 200) throw new Error(`login ${email}: ${response.statusCode} ${response.body}`);
  return response.json().id as string;
}

/**
 * Prepares the demo data for the abuse sweep: each company (demo, trial — same white-label —, verde —
 * another white-label) gets records carrying its own marker (a cliente, a perfil, its branch's apelido,
 * its users' names) and each white-label a marker in its plans; credentials are planted where the product
 * keeps them (CRM token in the white-label settings, the A1 certificate's password, the NFC-e CSC).
 * Then one record id per resource and company is read, to aim each actor's requests at another
 * tenant's rows.
 */
export async function prepareAbuseWorld(
  server: { app: FastifyInstance; db: Database; tenants: TenantRegistry },
  openapi: OpenApiDocument,
): Promise<AbuseWorld> {
  const { app, db, tenants } = server;
  const secrets: AbuseWorld['secrets'] = [];
  for (const slug of ['demo', 'verde']) {
    const value = `ZQSEGREDOCRM${slug.toUpperCase()}`;
    secrets.push({ value, what: `token do CRM (white-label ${slug})` });
    await db.withSystem(async (tx) => {
      await tx.query(
        `UPDATE config_white_label
            SET patch = coalesce(patch, '{}') || jsonb_build_object('misc',
                  coalesce(patch->'misc', '{}') || jsonb_build_object('integracaoPloomes', $2::jsonb))
          WHERE id_config = $1`,
        [slug, JSON.stringify({ STAGE_ID: 1, TOKEN: value, URL: 'http://127.0.0.1:9' })],
      );
      await tx.query(
        `UPDATE plano SET nome = nome || ' ${whiteLabelMarker(slug)}'
        WHERE config_white_label_id = (SELECT id FROM config_white_label WHERE id_config = $1)`,
        [slug],
      );
    });
  }
  await tenants.reload();

  const tokens = {} as Record<Company, string>;
  for (const company of Object.keys(COMPANIES) as Company[]) tokens[company] = await login(app, company);
  const call = async (company: Company, method: string, url: string, payload?: unknown) => {
    const response = await app.inject({
      method: method as 'GET',
      url,
      headers: { host: COMPANIES[company].host, authorization: tokens[company] },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    if (response.statusCode >= 300)
      throw new Error(`abuse setup ${company} ${method} ${url}: ${response.statusCode} ${response.body}`);
    return response.json();
  };

  for (const company of Object.keys(COMPANIES) as Company[]) {
    const marker = companyMarker(company);
    await call(company, 'POST', '/api/Clientes', {
      nome: `${marker} Cliente`,
      email: `${marker.toLowerCase()}@exemplo.com.br`,
    });
    await call(company, 'POST', '/api/Perfis', { nome: `${marker} Perfil`, permissoes: {} });
    const [filial] = (await call(company, 'GET', '/api/Filiais')) as Array<{ id: number }>;
    await call(company, 'PATCH', `/api/Filiais/${filial?.id}`, { apelido: `${marker} Filial` });
    await db.withSystem((tx) =>
      tx.query(
        `UPDATE usuario SET nome = nome || ' ${marker}' WHERE empresa_id =
        (SELECT empresa_id FROM usuario WHERE email = $1)`,
        [COMPANIES[company].email],
      ),
    );
    if (company === 'trial') continue;
    const senha = `ZQSEGREDOPFX${company.toUpperCase()}`;
    secrets.push({ value: senha, what: `senha do certificado A1 (${company})` });
    await call(company, 'POST', '/api/CertificadosDigitais', {
      arquivo: generateCertificado({ senha, days: 300 }).toString('base64'),
      senha,
      nomeArquivo: 'abuso.pfx',
    });
    const csc = `ZQSEGREDOCSC${company.toUpperCase()}0000000`;
    secrets.push({ value: csc, what: `token do CSC da NFC-e (${company})` });
    const nfeSchema = openapi.resolve({ $ref: '#/components/schemas/ConfiguracaoNfeInput' });
    const sample = sampleValue(nfeSchema, openapi.resolve, 1) as Record<string, unknown>;
    const required = new Set((nfeSchema.required ?? []) as string[]);
    const nfe = Object.fromEntries(Object.entries(sample).filter(([name]) => required.has(name)));
    await call(company, 'POST', '/api/ConfiguracoesNfe', { ...nfe, cscId: '1', cscToken: csc });
  }

  // One id per records resource and company (the newest: the marked rows where there are some).
  const ids = { demo: new Map(), trial: new Map(), verde: new Map() } as AbuseWorld['ids'];
  const byId = openapi.operations.filter(
    (op) => op.method === 'GET' && /^\/api\/[^/]+\/\{id\}$/.test(op.path),
  );
  for (const company of Object.keys(COMPANIES) as Company[]) {
    for (const op of byId) {
      const list = op.path.replace('/{id}', '');
      const response = await app.inject({
        method: 'GET',
        url: `${list}?filter=${encodeURIComponent('{"limit":1,"order":"id DESC"}')}`,
        headers: { host: COMPANIES[company].host, authorization: tokens[company] },
      });
      const rows = response.statusCode === 200 ? (response.json() as unknown) : undefined;
      const id = Array.isArray(rows) ? (rows[0] as { id?: number } | undefined)?.id : undefined;
      if (typeof id === 'number') ids[company].set(op.path, id);
    }
  }

  const all = Object.keys(COMPANIES) as Company[];
  const forbiddenFor = (company: Company | undefined, whiteLabel: string) => [
    ...all.filter((other) => other !== company).map(companyMarker),
    ...['demo', 'verde'].filter((slug) => slug !== whiteLabel).map(whiteLabelMarker),
  ];
  const actors: Actor[] = [
    { name: 'anonimo', host: 'localhost', victim: 'demo', forbidden: forbiddenFor(undefined, 'demo') },
    {
      name: 'empresa',
      host: 'localhost',
      company: 'demo',
      victim: 'verde',
      forbidden: forbiddenFor('demo', 'demo'),
    },
    {
      name: 'outraEmpresa',
      host: 'localhost',
      company: 'trial',
      victim: 'demo',
      forbidden: forbiddenFor('trial', 'demo'),
    },
    {
      name: 'outroWhiteLabel',
      host: 'verde.localhost',
      company: 'verde',
      victim: 'demo',
      forbidden: forbiddenFor('verde', 'verde'),
    },
  ];
  const ownRecords: Actor = {
    name: 'empresaPropriosRegistros',
    host: 'localhost',
    company: 'demo',
    victim: 'demo',
    deleteVictim: 'verde',
    forbidden: forbiddenFor('demo', 'demo'),
  };
  for (const actor of [...actors, ownRecords]) if (actor.company) actor.marker = companyMarker(actor.company);
  const sessionAlive = async (actor: Actor) =>
    actor.token !== undefined &&
    (
      await app.inject({
        method: 'GET',
        url: '/api/Usuarios/getUserInfo',
        headers: { host: actor.host, authorization: actor.token },
      })
    ).statusCode === 200;
  const relogin = async () => {
    for (const actor of [...actors, ownRecords])
      if (actor.company && !(await sessionAlive(actor))) actor.token = await login(app, actor.company);
  };
  await relogin();
  return { actors, ownRecords, secrets, ids, relogin };
}
