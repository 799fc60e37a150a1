import { escapeLike } from './escapeLike.ts';
import { formatDate } from './formatDate.ts';
import type { Where } from './loopbackFilter.ts';
import type { ReportDefinition, ReportFilter, ReportFilterType } from './reportDefinition.ts';
import type { EnumDefinition } from './resolveEntity.ts';

/** A filter value the user must fix: answered as 400 with this pt-BR message, which names the filter. */
export class ReportFilterError extends Error {
  readonly code = 'FILTRO_RELATORIO_INVALIDO';
  readonly statusCode = 400;
}

/** The filled filters of an export: the LoopBack where they make and how the report header lists them. */
export interface ResolvedReportFilters {
  /** Conditions over the entity's own fields, ANDed (`{ and: [...] }`, empty when nothing was filled). */
  where: Where;
  /** "Label: value" in the order of the definition, for the PDF header and the XLSX title rows. */
  applied: Array<{ label: string; value: string }>;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const isEmpty = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

function typeOf(filter: ReportFilter): ReportFilterType {
  return filter.type ?? (filter.enum ? 'enum' : 'string');
}

/** Checks one value of a filter and returns it as the where compiler takes it, with its display text. */
function checkValue(
  filter: ReportFilter,
  value: unknown,
  enums: Record<string, EnumDefinition>,
): { value: string | number | boolean; text: string } {
  const fail = (what: string) => new ReportFilterError(`O filtro "${filter.label}" ${what}.`);
  switch (typeOf(filter)) {
    case 'integer':
      if (typeof value === 'number' && Number.isSafeInteger(value)) return { value, text: String(value) };
      if (typeof value === 'string' && /^-?\d{1,15}$/.test(value))
        return { value: Number(value), text: value };
      throw fail('deve ser um número inteiro');
    case 'number':
      if (typeof value === 'number' && Number.isFinite(value))
        return { value, text: String(value).replace('.', ',') };
      throw fail('deve ser um número');
    case 'boolean':
      if (typeof value === 'boolean') return { value, text: value ? 'Sim' : 'Não' };
      throw fail('deve ser Sim ou Não (true ou false)');
    case 'date': {
      const match = typeof value === 'string' ? ISO_DATE.exec(value) : null;
      const text = match ? formatDate(value as string) : '';
      if (!text) throw fail('deve ser uma data válida no formato AAAA-MM-DD');
      return { value: value as string, text };
    }
    case 'enum': {
      const list = enums[filter.enum ?? ''];
      const found = list?.values.find((entry) => entry.code === value);
      if (!found) {
        const options = list?.values.map((entry) => `${entry.code} (${entry.label})`).join(', ');
        throw fail(`recebeu um valor que não existe${options ? `; use ${options}` : ''}`);
      }
      return { value: found.code, text: found.label };
    }
    default:
      if (typeof value === 'string' && value.length <= 200) return { value, text: value };
      throw fail('deve ser um texto de até 200 caracteres');
  }
}

/**
 * Validates the `filtros` of an export against the report's filters (unknown names, required ones,
 * value types, enumeration codes) and builds the where over the entity: an `inq` filter takes a list,
 * `like`/`ilike` search for the text anywhere. Throws ReportFilterError naming the filter.
 */
export function resolveReportFilters(
  definition: Pick<ReportDefinition, 'filters'>,
  filtros: unknown,
  enums: Record<string, EnumDefinition>,
): ResolvedReportFilters {
  const filters = definition.filters ?? {};
  if (filtros !== undefined && filtros !== null && (typeof filtros !== 'object' || Array.isArray(filtros)))
    throw new ReportFilterError('Os filtros do relatório devem ser um objeto.');
  const given = (filtros ?? {}) as Record<string, unknown>;
  for (const name of Object.keys(given)) {
    if (!Object.hasOwn(filters, name)) {
      const known = Object.keys(filters);
      throw new ReportFilterError(
        `O filtro "${name}" não existe neste relatório${known.length ? ` (use ${known.join(', ')})` : ''}.`,
      );
    }
  }
  const and: Where[] = [];
  const applied: ResolvedReportFilters['applied'] = [];
  for (const [name, filter] of Object.entries(filters)) {
    const raw = Object.hasOwn(given, name) ? given[name] : undefined;
    if (isEmpty(raw)) {
      if (filter.required) throw new ReportFilterError(`Informe o filtro "${filter.label}".`);
      continue;
    }
    if (filter.op === 'inq') {
      const list = Array.isArray(raw) ? raw : [raw];
      if (list.length > 100)
        throw new ReportFilterError(`O filtro "${filter.label}" aceita até 100 valores.`);
      const checked = list.map((value) => checkValue(filter, value, enums));
      and.push({ [filter.field]: { inq: checked.map((entry) => entry.value) } });
      applied.push({ label: filter.label, value: checked.map((entry) => entry.text).join(', ') });
      continue;
    }
    if (Array.isArray(raw)) throw new ReportFilterError(`O filtro "${filter.label}" aceita um único valor.`);
    const checked = checkValue(filter, raw, enums);
    const operand =
      (filter.op === 'like' || filter.op === 'ilike') && typeof checked.value === 'string'
        ? `%${escapeLike(checked.value)}%`
        : checked.value;
    and.push({ [filter.field]: filter.op === 'eq' ? operand : { [filter.op]: operand } });
    applied.push({ label: filter.label, value: checked.text });
  }
  return { where: and.length > 0 ? { and } : {}, applied };
}
