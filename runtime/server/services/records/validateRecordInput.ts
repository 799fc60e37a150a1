import type { ErrorObject } from 'ajv';
import { localizePtBR } from '../../../core/createSchemaValidator.ts';
import { isPlainObject } from '../../../core/mergePatch.ts';
import { normalizeCpfCnpj } from '../../../core/normalizeCpfCnpj.ts';
import { SYSTEM_FIELDS } from '../../../core/resolveEntity.ts';
import { HttpError } from '../../errors.ts';
import type { RecordEntity } from './recordEntity.ts';

/** One field's problem, as forms show it: the API field name and a message naming its pt-BR label. */
export interface FieldIssue {
  campo: string;
  mensagem: string;
}

export interface RecordInput {
  /** Field → value to write (null clears). */
  values: Record<string, unknown>;
  /** The versao the client read, when it sent one (optimistic concurrency). */
  versao?: number;
}

const FORMAT_TEXT: Record<string, string> = {
  cpf: 'CPF inválido',
  cnpj: 'CNPJ inválido',
  cpfCnpj: 'Documento inválido',
  phone: 'telefone inválido (informe DDD e número)',
  cep: 'CEP inválido (8 dígitos)',
  ncm: 'NCM inválido (8 dígitos)',
  cest: 'CEST inválido (7 dígitos)',
  gtin: 'código de barras (GTIN) inválido',
  email: 'endereço de e-mail inválido',
  uri: 'endereço (URL) inválido',
  date: 'data inválida (use AAAA-MM-DD)',
  'date-time': 'data e hora inválidas',
};
const SYSTEM = new Set<string>(SYSTEM_FIELDS);
const BARE_DIGITS = new Set(['phone', 'cep', 'ncm', 'cest', 'gtin']);

/** Throws the 400 of invalid record data: the first problem in the message, all of them in details.fields. */
export function throwFieldIssues(issues: FieldIssue[]): never {
  const [first, ...rest] = issues;
  const more = rest.length > 0 ? ` (e mais ${rest.length} campo${rest.length > 1 ? 's' : ''})` : '';
  throw new HttpError(400, 'DADOS_INVALIDOS', `Dados inválidos — ${first?.mensagem ?? ''}${more}.`, {
    fields: issues,
  });
}

function issuesOf(record: RecordEntity, errors: ErrorObject[]): FieldIssue[] {
  localizePtBR(errors);
  const byField = new Map<string, FieldIssue>();
  for (const error of errors) {
    const params = error.params as Record<string, unknown>;
    const campo =
      error.keyword === 'required'
        ? String(params.missingProperty)
        : error.keyword === 'additionalProperties'
          ? String(params.additionalProperty)
          : (error.instancePath.split('/')[1] ?? '');
    if (byField.has(campo) || error.keyword === 'if') continue;
    const field = record.entity.fields[campo];
    const label = field?.label ?? (campo === 'versao' ? 'Versão' : campo);
    let text = error.message ?? 'valor inválido';
    if (error.keyword === 'required') text = 'preenchimento obrigatório';
    else if (error.keyword === 'additionalProperties') text = 'campo desconhecido';
    else if (error.keyword === 'format') text = FORMAT_TEXT[String(params.format)] ?? text;
    // Never a regular expression in front of a person: the field's own hint, else a plain sentence.
    else if (error.keyword === 'pattern') text = field?.patternMessage ?? 'formato inválido';
    else if (field?.type === 'enum' && ['oneOf', 'const', 'enum'].includes(error.keyword))
      text = 'opção inválida; escolha uma das opções da lista';
    byField.set(campo, { campo, mensagem: `${label}: ${text}` });
  }
  return [...byField.values()];
}

/** Strips a mask the column does not keep: documents to upper-case letters and digits, phones, CEP, NCM… to digits. */
function normalize(record: RecordEntity, values: Record<string, unknown>): void {
  for (const [name, value] of Object.entries(values)) {
    const format = record.entity.fields[name]?.format;
    if (typeof value !== 'string' || !format) continue;
    if (format === 'cpf' || format === 'cnpj' || format === 'cpfCnpj') values[name] = normalizeCpfCnpj(value);
    else if (BARE_DIGITS.has(format)) values[name] = value.replace(/\D/g, '');
  }
}

/**
 * Validates a create (defaults applied), replace or patch body against the entity as the white-label
 * sees it: system, read-only and view-fixed properties and included relations are ignored (a record read
 * from the API can be sent back), null (or '' in a text) clears a field that is not required, and every
 * other problem becomes a 400 whose messages name the field's pt-BR label (ajv + ajv-i18n).
 */
export function validateRecordInput(
  record: RecordEntity,
  body: unknown,
  mode: 'create' | 'replace' | 'patch',
): RecordInput {
  const { input, issues } = checkRecordInput(record, body, mode);
  if (issues.length > 0) throwFieldIssues(issues);
  return input;
}

/** validateRecordInput without throwing on field problems: the values and the issues found (a nested write gathers them all). */
export function checkRecordInput(
  record: RecordEntity,
  body: unknown,
  mode: 'create' | 'replace' | 'patch',
): { input: RecordInput; issues: FieldIssue[] } {
  if (!isPlainObject(body)) {
    throw new HttpError(400, 'DADOS_INVALIDOS', 'Envie no corpo um objeto JSON com os campos do registro.');
  }
  const { entity } = record;
  const data: Record<string, unknown> = {};
  const cleared: Record<string, null> = {};
  const issues: FieldIssue[] = [];
  for (const [name, value] of Object.entries(body)) {
    const field = Object.hasOwn(entity.fields, name) ? entity.fields[name] : undefined;
    if (name === 'versao') {
      if (value !== null && value !== undefined) data.versao = value;
      continue;
    }
    if (SYSTEM.has(name) || Object.hasOwn(entity.relations, name) || Object.hasOwn(entity.fixed, name))
      continue;
    if (field?.readOnly || value === undefined) continue;
    const blank = value === null || (value === '' && (field?.type === 'string' || field?.type === 'text'));
    if (field && blank) {
      if (field.required) issues.push({ campo: name, mensagem: `${field.label}: preenchimento obrigatório` });
      else cleared[name] = null;
      continue;
    }
    data[name] = value;
  }
  if (mode === 'create') {
    for (const name of record.writable) {
      const fallback = entity.fields[name]?.default;
      if (fallback !== undefined && !(name in data) && !(name in cleared))
        data[name] = structuredClone(fallback);
    }
  }
  const validate = mode === 'patch' ? record.validators.patch : record.validators.input;
  if (!validate(data)) {
    const found = issuesOf(record, validate.errors ?? []);
    issues.push(...found.filter((issue) => !issues.some((known) => known.campo === issue.campo)));
  }
  const { versao, ...values } = data;
  normalize(record, values);
  const input = {
    values: { ...values, ...cleared },
    ...(versao !== undefined ? { versao: versao as number } : {}),
  };
  return { input, issues };
}
