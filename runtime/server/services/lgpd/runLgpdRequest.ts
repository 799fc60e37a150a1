import type { SchemaFiles } from '../../../core/validateSchemaSet.ts';
import type { Tx } from '../../db/database.ts';
import { type Criterio, criterioOf, searchConditions } from './lgpdRequest.ts';
import { type PersonalEntity, personalDataEntities } from './personalDataEntities.ts';

/** One record holding the data subject's personal data. */
export interface TitularRegistro {
  entidade: string;
  rotulo: string;
  id: number;
  /** When the record was created: since when the data is held. */
  desde: string | null;
  dados: Array<{ campo: string; rotulo: string; valor: string | null }>;
  /** Why the data is kept despite a request to anonymise it (legal retention), or null. */
  retencao: string | null;
  anonimizado: boolean;
}

/** The report of an LGPD request (what data, where, since when, shared with whom, what was done). */
export interface RelatorioLgpd {
  solicitacaoId: number;
  tipo: 'consulta' | 'anonimizacao';
  termo: string;
  criterio: Criterio;
  geradoEm: string;
  registros: TitularRegistro[];
  anonimizaveis: number;
  compartilhamentos: string[];
}

export interface LgpdContext {
  empresaId: number;
  usuarioId: number;
  /** The company's branches: branch-scoped tables are read once per branch (RLS). */
  filiais: number[];
  /** The white-label sends sign-ups to its CRM (misc.integracaoPloomes with a token). */
  crmConfigurado: boolean;
}

const RETENCAO_FISCAL =
  'Parte de documento fiscal emitido: os documentos fiscais e seus participantes são guardados por 5 anos (CTN art. 173 e art. 195, parágrafo único; LGPD art. 16, I — cumprimento de obrigação legal) e não são anonimizados.';
const MAX_POR_ENTIDADE = 200;

/** Runs fn once for an empresa-scoped table, once per branch (app.filial_id set) for a branch-scoped one. */
async function forEachScope(tx: Tx, scope: string, filiais: number[], fn: () => Promise<void>) {
  if (scope !== 'filial') return fn();
  for (const filial of filiais) {
    await tx.query("SELECT set_config('app.filial_id', $1, true)", [String(filial)]);
    await fn();
  }
  await tx.query("SELECT set_config('app.filial_id', '', true)");
}

/** Fiscal document tables (a `chave` and an `xml` column) with a single-column reference to `table`. */
async function fiscalReferences(tx: Tx, table: string) {
  return tx.query<{ tabela: string; coluna: string }>(
    `SELECT c.relname AS tabela, a.attname AS coluna
       FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class t ON t.oid = k.confrelid
       JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = k.conkey[1]
      WHERE k.contype = 'f' AND t.relname = $1 AND array_length(k.conkey, 1) = 1
        AND EXISTS (SELECT 1 FROM pg_attribute x WHERE x.attrelid = c.oid AND x.attname = 'chave' AND NOT x.attisdropped)
        AND EXISTS (SELECT 1 FROM pg_attribute x WHERE x.attrelid = c.oid AND x.attname = 'xml' AND NOT x.attisdropped)`,
    [table],
  );
}

/** Whether `table` is itself a fiscal document table (a `chave` and an `xml` column). */
async function isFiscalDocumentTable(tx: Tx, table: string): Promise<boolean> {
  const row = await tx.maybeOne<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
      WHERE c.relname = $1 AND c.relnamespace = 'public'::regnamespace AND a.attname IN ('chave', 'xml')
        AND NOT a.attisdropped`,
    [table],
  );
  return row?.n === 2;
}

/**
 * Whether record `id` of `table` is an issued fiscal document (a consumer's CPF on an NFC-e) or a party of
 * one (chave assigned).
 */
async function isFiscalParty(tx: Tx, table: string, id: number, filiais: number[]): Promise<boolean> {
  let found = false;
  const references = await fiscalReferences(tx, table);
  if (await isFiscalDocumentTable(tx, table)) references.unshift({ tabela: table, coluna: 'id' });
  for (const ref of references) {
    await forEachScope(tx, 'filial', filiais, async () => {
      if (found) return;
      const row = await tx.maybeOne(
        `SELECT 1 FROM "${ref.tabela}" WHERE "${ref.coluna}" = $1 AND chave IS NOT NULL LIMIT 1`,
        [id],
      );
      if (row) found = true;
    });
    if (found) return true;
  }
  return found;
}

/** The value an anonymised column takes: null where allowed, else a neutral text (unique for e-mails). */
function anonymousValue(entity: PersonalEntity, column: string, id: number, notNull: Set<string>) {
  if (!notNull.has(column)) return null;
  const field = entity.fields.find((f) => f.column === column);
  if (field?.kind === 'email') return `anonimizado-${entity.table}-${id}@anonimizado.invalid`;
  if (field?.kind === 'nome') return 'Titular anonimizado';
  return 'Anonimizado';
}

async function anonymize(tx: Tx, entity: PersonalEntity, id: number): Promise<void> {
  const columns = await tx.query<{ column_name: string; is_nullable: string }>(
    `SELECT column_name, is_nullable FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1`,
    [entity.table],
  );
  const notNull = new Set(columns.filter((c) => c.is_nullable === 'NO').map((c) => c.column_name));
  const names = new Set(columns.map((c) => c.column_name));
  const sets = entity.fields.map((f, i) => `"${f.column}" = $${i + 2}`);
  if (names.has('versao')) sets.push('versao = versao + 1');
  if (names.has('alterado_em')) sets.push('alterado_em = now()');
  await tx.query(`UPDATE "${entity.table}" SET ${sets.join(', ')} WHERE id = $1`, [
    id,
    ...entity.fields.map((f) => anonymousValue(entity, f.column, id, notNull)),
  ]);
}

/**
 * An LGPD request of the company in `tx` (a tenant transaction: RLS keeps it to the company): finds the
 * data subject by CPF/CNPJ, e-mail or name in every entity with `dadoPessoal` fields, reports what is
 * held, where, since when and with whom it is shared; `anonimizacao` also anonymises each record that no
 * legal retention keeps (issued fiscal documents and their parties stay, and the report says why). The
 * request and its outcome are recorded (solicitacao_lgpd).
 */
export async function runLgpdRequest(
  tx: Tx,
  schemas: SchemaFiles,
  context: LgpdContext,
  tipo: 'consulta' | 'anonimizacao',
  termo: string,
): Promise<RelatorioLgpd> {
  const { criterio, valor } = criterioOf(termo);
  const registros: TitularRegistro[] = [];
  const entities = personalDataEntities(schemas);
  for (const entity of entities) {
    const conditions = searchConditions(entity, criterio);
    if (conditions.length === 0) continue;
    const columns = entity.fields.map((f) => `"${f.column}"::text AS "${f.column}"`).join(', ');
    const sql = `SELECT id, to_char(criado_em AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS desde, ${columns}
                   FROM "${entity.table}" WHERE ${conditions.map((c) => `(${c})`).join(' OR ')} ORDER BY id LIMIT ${MAX_POR_ENTIDADE}`;
    await forEachScope(tx, entity.scope, context.filiais, async () => {
      for (const row of await tx.query<Record<string, string | number | null>>(sql, [valor])) {
        registros.push({
          entidade: entity.entity,
          rotulo: entity.label,
          id: Number(row.id),
          desde: (row.desde as string | null) ?? null,
          dados: entity.fields.map((f) => ({
            campo: f.field,
            rotulo: f.label,
            valor: row[f.column] === null ? null : String(row[f.column]),
          })),
          retencao: null,
          anonimizado: false,
        });
      }
    });
  }
  for (const registro of registros) {
    const entity = entities.find((e) => e.entity === registro.entidade) as PersonalEntity;
    if (await isFiscalParty(tx, entity.table, registro.id, context.filiais))
      registro.retencao = RETENCAO_FISCAL;
    else if (entity.table === 'usuario' && registro.id === context.usuarioId)
      registro.retencao = 'É o usuário que fez esta solicitação: um usuário não anonimiza a si mesmo.';
    if (tipo === 'anonimizacao' && !registro.retencao) {
      await forEachScope(tx, entity.scope, context.filiais, () => anonymize(tx, entity, registro.id));
      registro.anonimizado = true;
    }
  }
  const compartilhamentos: string[] = [];
  if (context.crmConfigurado && registros.some((r) => r.entidade === 'usuario'))
    compartilhamentos.push(
      'CRM do white-label (Ploomes): nome, e-mail e telefone de quem cadastrou a empresa são enviados como lead no cadastro.',
    );
  const webhooks = await tx.query<{ url: string }>(
    'SELECT url FROM webhook WHERE ativo IS NOT FALSE ORDER BY id',
  );
  if (webhooks.length > 0)
    compartilhamentos.push(
      `Webhooks ativos da empresa: ${webhooks
        .map((w) => {
          try {
            return new URL(w.url).host;
          } catch {
            return w.url;
          }
        })
        .join(', ')}.`,
    );
  if (registros.some((r) => r.retencao === RETENCAO_FISCAL))
    compartilhamentos.push(
      'Documentos fiscais: a SEFAZ (autorização) e o contador da empresa (NF-e › Exportar XML).',
    );
  const anonimizados = registros.filter((r) => r.anonimizado).length;
  const mantidos = tipo === 'anonimizacao' ? registros.length - anonimizados : 0;
  const geradoEm = new Date().toISOString();
  // The record keeps where the data was and what was done, never the personal data itself.
  const registrado = {
    criterio,
    registros: registros.map(({ dados, ...registro }) => ({
      ...registro,
      campos: dados.map((d) => d.rotulo),
    })),
    compartilhamentos,
  };
  const row = await tx.one<{ id: number }>(
    `INSERT INTO solicitacao_lgpd (empresa_id, usuario_id, tipo, termo, encontrados, anonimizados, mantidos, resultado)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [
      context.empresaId,
      context.usuarioId,
      tipo,
      termo.trim().slice(0, 200),
      registros.length,
      anonimizados,
      mantidos,
      JSON.stringify(registrado),
    ],
  );
  return {
    solicitacaoId: row.id,
    tipo,
    termo: termo.trim(),
    criterio,
    geradoEm,
    registros,
    // What an anonymisation would still change: records without a legal retention not yet anonymised.
    anonimizaveis: registros.filter((r) => !r.retencao && !r.anonimizado).length,
    compartilhamentos,
  };
}
