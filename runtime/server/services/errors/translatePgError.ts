import type { ResolvedEntity } from '../../../core/resolveEntity.ts';
import { HttpError } from '../../errors.ts';
import { entityIndexes } from '../records/entityIndexes.ts';
import { type ColumnField, columnField, entityForTable } from './columnField.ts';

/** The fields of a PostgreSQL error the translation reads (node-postgres DatabaseError). */
interface PgError {
  code?: string;
  table?: string;
  constraint?: string;
  column?: string;
  detail?: string;
  message?: string;
}

const TENANT_COLUMNS = new Set(['empresa_id', 'filial_id', 'config_white_label_id']);
const DUPLICATE = 'Registro duplicado, verifique os dados e tente novamente';

/** Columns named by a constraint error's detail: `Key (empresa_id, nome)=(…) already exists.` */
function detailColumns(detail: string | undefined): string[] {
  const match = /^Key \(([^)]*)\)/.exec(detail ?? '');
  return match ? (match[1] ?? '').split(',').map((column) => column.trim().replace(/^"|"$/g, '')) : [];
}

/** Where the labels come from: the entity written (records services) or the request white-label's schemas. */
export interface PgErrorContext {
  entity?: ResolvedEntity;
  schemas?: Record<string, unknown>;
}

const fieldsOf = (entity: ResolvedEntity | undefined, columns: string[]) =>
  columns
    .filter((column) => !TENANT_COLUMNS.has(column))
    .map((column) => columnField(entity, column) ?? { campo: column, label: column });

/** The 409 of a unique violation: a singleton's index says the record exists, others name their fields. */
function duplicate(entity: ResolvedEntity | undefined, pg: PgError): HttpError {
  const index =
    entity && pg.constraint ? entityIndexes(entity).find((plan) => plan.name === pg.constraint) : undefined;
  if (entity && index?.singleton) {
    const message = `Já existe um registro de ${entity.label} para esta ${entity.scope}: altere o registro existente em vez de criar outro.`;
    return new HttpError(409, 'REGISTRO_UNICO', message);
  }
  const fields = index
    ? index.fields.map((campo) => ({ campo, label: entity?.fields[campo]?.label ?? campo }))
    : fieldsOf(entity, detailColumns(pg.detail));
  return new HttpError(
    409,
    'REGISTRO_DUPLICADO',
    DUPLICATE,
    details(fields, 'já existe um registro com este valor'),
  );
}

const details = (fields: ColumnField[], text: string) =>
  fields.length > 0
    ? { fields: fields.map(({ campo, label }) => ({ campo, mensagem: `${label}: ${text}` })) }
    : undefined;

/** What a numeric or text type in an error message means to a person. */
function typeText(message: string): string {
  if (/\b(smallint|integer|bigint)\b/.test(message)) return 'número inteiro';
  if (/\b(numeric|real|double precision)\b/.test(message)) return 'número';
  if (/\b(date|timestamp|time)\b/.test(message)) return 'data';
  if (/\bboolean\b/.test(message)) return 'sim/não';
  if (/\bjson/.test(message)) return 'JSON';
  if (/\buuid\b/.test(message)) return 'identificador';
  return 'campo';
}

/**
 * The one translation of PostgreSQL errors caused by input into the API's 4xx (LoopBack envelope, pt-BR,
 * naming the field through the entity schemas when PostgreSQL names the column): not null 23502 → 422,
 * unique 23505 → 409, foreign key 23503 → 400 on write / 409 on delete, restrict 23001 → 409, check 23514
 * → 422, data exceptions 22xxx (out of range 22003, invalid text 22P02, too long 22001, dates, NUL bytes)
 * → 400, stack depth 54001 and index row size 54000 → 400, serialization and deadlock → 409. Anything else: undefined (a real 500).
 */
export function translatePgError(error: unknown, context: PgErrorContext = {}): HttpError | undefined {
  if (!error || typeof error !== 'object' || error instanceof HttpError) return undefined;
  const pg = error as PgError;
  const entity =
    context.entity && (!pg.table || context.entity.table === pg.table)
      ? context.entity
      : entityForTable(context.schemas, pg.table);
  const code = typeof pg.code === 'string' ? pg.code : '';
  const message = typeof pg.message === 'string' ? pg.message : '';
  if (!/^(22|23|54|40)[0-9A-Z]{3}$/.test(code)) return undefined;
  switch (code) {
    case '23502': {
      const [field] = fieldsOf(entity, pg.column ? [pg.column] : []);
      const label = field?.label ?? 'um campo obrigatório';
      return new HttpError(
        422,
        'CAMPO_OBRIGATORIO',
        `Dados inválidos — ${label}: preenchimento obrigatório.`,
        details(field ? [field] : [], 'preenchimento obrigatório'),
      );
    }
    case '23505':
      return duplicate(entity, pg);
    case '23503':
    case '23001': {
      if (code === '23001' || /still referenced/.test(pg.detail ?? ''))
        return new HttpError(409, 'REGISTRO_EM_USO', 'Este registro está em uso e não pode ser excluído.');
      const fields = fieldsOf(entity, detailColumns(pg.detail));
      const names = fields.map((field) => field.label).join(', ');
      return new HttpError(
        400,
        'REGISTRO_RELACIONADO_INEXISTENTE',
        names
          ? `Dados inválidos — ${names}: o registro informado não existe.`
          : 'Um registro relacionado informado não existe.',
        details(fields, 'o registro informado não existe'),
      );
    }
    case '23514':
      return new HttpError(422, 'VALOR_NAO_PERMITIDO', 'Dados inválidos: um valor não é permitido.');
    case '22001': {
      const size = /\((\d+)\)/.exec(message)?.[1];
      return new HttpError(
        400,
        'TEXTO_LONGO_DEMAIS',
        size ? `Texto longo demais: no máximo ${size} caracteres.` : 'Texto longo demais.',
      );
    }
    case '22003':
      return new HttpError(
        400,
        'VALOR_FORA_DO_INTERVALO',
        `Valor fora do intervalo permitido para ${typeText(message) === 'campo' ? 'o campo' : `um ${typeText(message)}`}.`,
      );
    case '22P02':
      return new HttpError(
        400,
        'VALOR_INVALIDO',
        `Valor inválido: esperado ${typeText(message) === 'campo' ? 'outro formato' : typeText(message)}.`,
      );
    case '22007':
    case '22008':
      return new HttpError(400, 'DATA_INVALIDA', 'Data inválida (use AAAA-MM-DD).');
    case '22021':
    case '22P05':
      return new HttpError(400, 'TEXTO_INVALIDO', 'O texto contém caracteres inválidos.');
    case '54000':
      return new HttpError(400, 'TEXTO_LONGO_DEMAIS', 'Texto longo demais para ser gravado.');
    case '54001':
      return new HttpError(400, 'CONSULTA_COMPLEXA', 'A consulta é complexa demais; simplifique o filtro.');
    case '40001':
    case '40P01':
      return new HttpError(
        409,
        'CONFLITO_CONCORRENTE',
        'Outra operação alterou os mesmos dados ao mesmo tempo; tente novamente.',
      );
    default:
      if (code.startsWith('22'))
        return new HttpError(400, 'VALOR_INVALIDO', 'Valor inválido ou fora do intervalo permitido.');
      return undefined;
  }
}
