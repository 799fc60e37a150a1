import { parseCellValue } from '../../../core/parseCellValue.ts';
import { HttpError } from '../../errors.ts';
import { scopeConditions } from '../records/buildRecordQuery.ts';
import { createRecord } from '../records/createRecord.ts';
import type { RecordContext } from '../records/recordContext.ts';
import { type FieldIssue, validateRecordInput } from '../records/validateRecordInput.ts';
import { type ImportField, importFields } from './importFields.ts';

/** One CSV data row: the file line it came from and the text of each mapped field. */
export interface ImportLine {
  linha: number;
  valores: Record<string, string>;
}

export interface ImportLineError {
  linha: number;
  mensagens: string[];
}

/** Most data rows one file may carry (the whole file is one request and one transaction). */
export const MAX_IMPORT_LINES = 5000;

const q = (name: string) => `"${name.replaceAll('"', '""')}"`;
const key = (text: string) => text.trim().toLowerCase();

/** Related records by lower-cased display text, per relation field; ids of ambiguous names are null. */
async function resolveRelations(
  context: RecordContext,
  fields: ImportField[],
  lines: ImportLine[],
): Promise<Map<string, Map<string, number | null>>> {
  const result = new Map<string, Map<string, number | null>>();
  for (const field of fields.filter((candidate) => candidate.tipo === 'relation')) {
    const names = [...new Set(lines.map((line) => line.valores[field.campo]?.trim()).filter(Boolean))];
    const found = new Map<string, number | null>();
    result.set(field.campo, found);
    if (names.length === 0) continue;
    const spec = context.record.entity.fields[field.campo]?.relation;
    if (!spec) continue;
    const target = context.lookupTarget(spec.entity);
    const display = target.fieldMap[spec.display ?? target.entity.display ?? 'descricao']?.column;
    if (!display) continue;
    const params: unknown[] = [names.map((name) => key(name as string))];
    const scope = scopeConditions(target, context.scope, params);
    const rows = await context.tx.query<{ id: number; nome: string }>(
      `SELECT id, lower(btrim(${q(display)})) AS nome FROM ${q(target.entity.table)}
        WHERE lower(btrim(${q(display)})) = ANY($1)${scope.map((condition) => ` AND ${condition}`).join('')}`,
      params,
    );
    for (const row of rows) found.set(row.nome, found.has(row.nome) ? null : row.id);
  }
  return result;
}

/**
 * The field of each unique index that has a single field once the view's fixed fields are set aside
 * (produto.codigo; pessoa's cpfCnpj, unique per tipoPessoa, which a cliente import fixes).
 */
function uniqueFields(context: RecordContext): string[] {
  const { fixed } = context.record.entity;
  return context.record.indexes.flatMap((plan) => {
    const free = plan.unique ? plan.fields.filter((field) => !Object.hasOwn(fixed, field)) : [];
    return free.length === 1 ? [free[0] as string] : [];
  });
}

/** Values already stored for the single-field unique indexes (e.g. codigo, cpfCnpj), within the view. */
async function storedUniqueValues(
  context: RecordContext,
  bodies: Array<Record<string, unknown>>,
): Promise<Map<string, Set<string>>> {
  const result = new Map<string, Set<string>>();
  for (const campo of uniqueFields(context)) {
    const column = context.record.fieldMap[campo]?.column;
    const values = [
      ...new Set(bodies.map((body) => body[campo]).filter((value) => typeof value === 'string')),
    ] as string[];
    const stored = new Set<string>();
    result.set(campo, stored);
    if (!column || values.length === 0) continue;
    const params: unknown[] = [values];
    const scope = scopeConditions(context.record, context.scope, params);
    const rows = await context.tx.query<{ valor: string }>(
      `SELECT ${q(column)} AS valor FROM ${q(context.record.entity.table)}
        WHERE ${q(column)} = ANY($1)${scope.map((condition) => ` AND ${condition}`).join('')}`,
      params,
    );
    for (const row of rows) stored.add(row.valor);
  }
  return result;
}

/** "um produto", "uma categoria": the entity's label with its article, lower-cased. */
function withArticle(context: RecordContext, article: { m: string; f: string }): string {
  const { entity } = context.record;
  return `${entity.gender === 'f' ? article.f : article.m} ${entity.label.toLowerCase()}`;
}

/**
 * Validates every line as the records API would validate a POST of the context's entity (same entity
 * validation, as the white-label sees it), after converting the text cells (Brazilian numbers, Sim/Não,
 * enum names) and resolving relations by their display text; also catches unique values (codes,
 * CPF/CNPJ) repeated in the file or already stored. Returns the body of each line (null when invalid)
 * and the errors per line, in pt-BR.
 */
export async function validateImportLines(context: RecordContext, lines: ImportLine[]) {
  const fields = importFields(context.record);
  const byName = new Map(fields.map((field) => [field.campo, field]));
  for (const line of lines) {
    for (const campo of Object.keys(line.valores)) {
      if (!byName.has(campo))
        throw new HttpError(400, 'CAMPO_DESCONHECIDO', `O campo "${campo}" não pode ser importado.`);
    }
  }
  const relations = await resolveRelations(context, fields, lines);
  const messages = new Map<number, string[]>();
  const report = (linha: number, mensagem: string) =>
    messages.set(linha, [...(messages.get(linha) ?? []), mensagem]);
  // What each line would write, valid or not: repeated codes are reported on invalid lines too.
  const candidates = lines.map((line) => {
    const body: Record<string, unknown> = {};
    for (const [campo, text] of Object.entries(line.valores)) {
      const field = byName.get(campo) as ImportField;
      if (field.tipo === 'relation') {
        if (!text.trim()) continue;
        const id = relations.get(campo)?.get(key(text));
        if (id === undefined) report(line.linha, `${field.label}: "${text.trim()}" não encontrado(a)`);
        else if (id === null)
          report(line.linha, `${field.label}: há mais de um cadastro chamado "${text.trim()}"`);
        else body[campo] = id;
        continue;
      }
      const options = field.opcoes?.map((option) => ({ code: option.codigo, label: option.label }));
      const parsed = parseCellValue(text, { type: field.tipo, label: field.label, options });
      if ('erro' in parsed) report(line.linha, parsed.erro);
      else if (parsed.value !== undefined) body[campo] = parsed.value;
    }
    try {
      const { values } = validateRecordInput(context.record, body, 'create');
      Object.assign(body, values);
    } catch (error) {
      const issues = ((error as HttpError).details as { fields?: FieldIssue[] } | undefined)?.fields;
      if (!(error instanceof HttpError) || !issues) throw error;
      // A cell that could not be read already has its message; ajv would only add "obrigatório".
      const known = messages.get(line.linha) ?? [];
      for (const issue of issues) {
        const label = byName.get(issue.campo)?.label ?? issue.campo;
        if (!known.some((message) => message.startsWith(`${label}:`))) report(line.linha, issue.mensagem);
      }
    }
    return body;
  });
  const stored = await storedUniqueValues(context, candidates);
  const seen = new Map<string, number>();
  for (const [index, body] of candidates.entries()) {
    const line = lines[index] as ImportLine;
    for (const [campo, values] of stored) {
      const value = body[campo];
      if (typeof value !== 'string') continue;
      const label = byName.get(campo)?.label ?? campo;
      const first = seen.get(`${campo}\u0000${value}`);
      if (values.has(value))
        report(
          line.linha,
          `${label}: já existe ${withArticle(context, { m: 'um', f: 'uma' })} com "${value}"`,
        );
      else if (first !== undefined)
        report(line.linha, `${label}: "${value}" repetido (também na linha ${first})`);
      else seen.set(`${campo}\u0000${value}`, line.linha);
    }
  }
  const bodies = candidates.map((body, index) =>
    messages.has((lines[index] as ImportLine).linha) ? null : body,
  );
  const erros: ImportLineError[] = [...messages.entries()]
    .map(([linha, mensagens]) => ({ linha, mensagens }))
    .sort((a, b) => a.linha - b.linha);
  return { bodies, erros };
}

/**
 * Imports a whole file, all or nothing, in the caller's transaction: any invalid line rejects it (400
 * IMPORTACAO_COM_ERROS with every line's errors in details.erros), so a corrected file can simply be sent
 * again — no half-imported catalogue, no duplicates on a retry. Each line is created by the records
 * API's own createRecord (defaults, audit columns, relation checks).
 */
export async function importRecords(context: RecordContext, lines: ImportLine[]) {
  const { bodies, erros } = await validateImportLines(context, lines);
  if (erros.length > 0) {
    const invalid = new Set(erros.map((erro) => erro.linha)).size;
    const nenhum = withArticle(context, { m: 'nenhum', f: 'nenhuma' });
    const importado = context.record.entity.gender === 'f' ? 'importada' : 'importado';
    throw new HttpError(
      400,
      'IMPORTACAO_COM_ERROS',
      `O arquivo tem ${invalid} linha(s) com erro; ${nenhum} foi ${importado}. Corrija o arquivo e envie novamente.`,
      { erros },
    );
  }
  for (const [index, body] of bodies.entries()) {
    try {
      await createRecord(context, body);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      const linha = (lines[index] as ImportLine).linha;
      throw new HttpError(error.statusCode, error.code, `Linha ${linha}: ${error.message}`, {
        erros: [{ linha, mensagens: [error.message] }],
      });
    }
  }
  return bodies.length;
}
