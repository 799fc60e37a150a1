import type { ErrorObject } from 'ajv';
import { localizePtBR } from '../../../core/createSchemaValidator.ts';
import { CUSTOM_COLUMN, customFieldName, customFieldPath } from '../../../core/customFields.ts';
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

/** The API name an ajv error is about: a field, or `custom.<name>` for a custom field. */
function issueField(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  const path = error.instancePath.split('/').slice(1);
  const inCustom = path[0] === CUSTOM_COLUMN;
  const own =
    error.keyword === 'required'
      ? String(params.missingProperty)
      : error.keyword === 'additionalProperties'
        ? String(params.additionalProperty)
        : undefined;
  if (inCustom) return customFieldPath(own ?? path[1] ?? '');
  return own ?? path[0] ?? '';
}

function issuesOf(record: RecordEntity, errors: ErrorObject[]): FieldIssue[] {
  localizePtBR(errors);
  const byField = new Map<string, FieldIssue>();
  for (const error of errors) {
    const params = error.params as Record<string, unknown>;
    const campo = issueField(error);
    if (byField.has(campo) || error.keyword === 'if') continue;
    const custom = customFieldName(campo);
    const field = custom
      ? record.entity.customFields[custom]
      : Object.hasOwn(record.entity.fields, campo)
        ? record.entity.fields[campo]
        : undefined;
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
  let customCleared: Record<string, null> = {};
  for (const [name, value] of Object.entries(body)) {
    const field = Object.hasOwn(entity.fields, name) ? entity.fields[name] : undefined;
    if (name === 'versao') {
      if (value !== null && value !== undefined) data.versao = value;
      continue;
    }
    if (SYSTEM.has(name) || Object.hasOwn(entity.relations, name) || Object.hasOwn(entity.fixed, name))
      continue;
    if (field?.readOnly || value === undefined) continue;
    if (name === CUSTOM_COLUMN && !field) {
      const custom = customInput(record, value, issues);
      if (custom) data[CUSTOM_COLUMN] = custom.values;
      if (custom) customCleared = custom.cleared;
      continue;
    }
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
  // Custom fields: defaults on create, and the required ones checked on create and replace.
  const customFields = Object.entries(entity.customFields);
  if (mode !== 'patch' && customFields.length > 0) {
    const custom = (data[CUSTOM_COLUMN] ?? {}) as Record<string, unknown>;
    for (const [name, field] of customFields)
      if (mode === 'create' && field.default !== undefined && !(name in custom) && !(name in customCleared))
        custom[name] = structuredClone(field.default);
    if (customFields.some(([, field]) => field.required)) data[CUSTOM_COLUMN] = custom;
    else if (Object.keys(custom).length > 0) data[CUSTOM_COLUMN] = custom;
  }
  const validate = mode === 'patch' ? record.validators.patch : record.validators.input;
  if (!validate(data)) {
    const found = issuesOf(record, validate.errors ?? []);
    issues.push(...found.filter((issue) => !issues.some((known) => known.campo === issue.campo)));
  }
  const { versao, ...values } = data;
  normalize(record, values);
  if (Object.keys(customCleared).length > 0)
    values[CUSTOM_COLUMN] = { ...((values[CUSTOM_COLUMN] as object | undefined) ?? {}), ...customCleared };
  const input = {
    values: { ...values, ...cleared },
    ...(versao !== undefined ? { versao: versao as number } : {}),
  };
  return { input, issues };
}

/**
 * The `custom` object of a body: its values to validate, and the keys it clears (null, or '' in a text)
 * kept apart so that the schema sees only values. A white-label without custom fields accepts an empty
 * object (a record read back and sent again) and refuses anything else.
 */
function customInput(
  record: RecordEntity,
  value: unknown,
  issues: FieldIssue[],
): { values: Record<string, unknown>; cleared: Record<string, null> } | null {
  const fields = record.entity.customFields;
  if (value === null || (isPlainObject(value) && Object.keys(value).length === 0)) return null;
  if (!isPlainObject(value)) {
    issues.push({
      campo: CUSTOM_COLUMN,
      mensagem: 'Campos personalizados: envie um objeto com os valores por nome de campo',
    });
    return null;
  }
  if (Object.keys(fields).length === 0) {
    issues.push({
      campo: CUSTOM_COLUMN,
      mensagem: `Campos personalizados: ${record.entity.labelPlural} não têm campos personalizados neste white-label`,
    });
    return null;
  }
  const values: Record<string, unknown> = {};
  const cleared: Record<string, null> = {};
  for (const [name, entry] of Object.entries(value)) {
    const field = Object.hasOwn(fields, name) ? fields[name] : undefined;
    const blank = entry === null || (entry === '' && (field?.type === 'string' || field?.type === 'text'));
    if (field && blank) {
      if (field.required)
        issues.push({ campo: customFieldPath(name), mensagem: `${field.label}: preenchimento obrigatório` });
      else cleared[name] = null;
      continue;
    }
    values[name] = entry;
  }
  return { values, cleared };
}
