/** How a CSV cell is read: the entity field type and, for enums, the options (code and label). */
export interface CellTarget {
  type: string;
  label: string;
  options?: Array<{ code: number | string; label: string; key?: string }>;
}

export type CellResult = { value: unknown } | { erro: string };

const TRUE = new Set(['sim', 's', 'true', 'verdadeiro', 'v', '1', 'x', 'yes', 'y', 'ativo']);
const FALSE = new Set(['nao', 'não', 'n', 'false', 'falso', 'f', '0', 'no', 'inativo']);

/**
 * Reads a Brazilian-written number: "1.234,56", "1234,56", "R$ 10,00", "15%", and also "1234.56" (one
 * dot and no comma is the decimal point). Null when it is not a number.
 */
export function parseBrazilianNumber(text: string): number | null {
  const compact = text.replace(/\s|R\$|%/g, '');
  if (!/^-?[\d.,]+$/.test(compact)) return null;
  let normalized: string;
  if (compact.includes(',')) {
    if (!/^-?\d{1,3}(\.\d{3})*(,\d+)?$|^-?\d+(,\d+)?$/.test(compact)) return null;
    normalized = compact.replaceAll('.', '').replace(',', '.');
  } else if (/^-?\d+(\.\d+)?$/.test(compact)) normalized = compact;
  else if (/^-?\d{1,3}(\.\d{3})+$/.test(compact)) normalized = compact.replaceAll('.', '');
  else return null;
  const value = Number(normalized);
  return Number.isFinite(value) ? value : null;
}

/**
 * Converts one CSV cell to the value of an entity field: numbers in Brazilian notation, booleans as
 * sim/não, enums by code or label, dates as dd/mm/aaaa or aaaa-mm-dd; text as is. An empty cell gives
 * undefined (the field's default applies); what cannot be read gives a pt-BR message naming the field.
 */
export function parseCellValue(text: string, target: CellTarget): CellResult {
  const raw = text.trim();
  if (raw === '') return { value: undefined };
  const invalid = (what: string) => ({ erro: `${target.label}: ${what} ("${raw}")` });
  switch (target.type) {
    case 'money':
    case 'decimal':
    case 'percent': {
      const value = parseBrazilianNumber(raw);
      return value === null ? invalid('número inválido') : { value };
    }
    case 'integer': {
      const value = parseBrazilianNumber(raw);
      return value === null || !Number.isInteger(value) ? invalid('número inteiro inválido') : { value };
    }
    case 'boolean': {
      const key = raw.toLowerCase();
      if (TRUE.has(key)) return { value: true };
      if (FALSE.has(key)) return { value: false };
      return invalid('use Sim ou Não');
    }
    case 'enum': {
      const key = raw.toLowerCase();
      const option = (target.options ?? []).find(
        (candidate) =>
          String(candidate.code).toLowerCase() === key ||
          candidate.label.toLowerCase() === key ||
          candidate.key?.toLowerCase() === key,
      );
      return option ? { value: option.code } : invalid('opção inválida; use o código ou o nome da opção');
    }
    case 'date': {
      const br = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(raw);
      const iso = br ? `${br[3]}-${br[2]}-${br[1]}` : raw;
      return /^\d{4}-\d{2}-\d{2}$/.test(iso) ? { value: iso } : invalid('data inválida (use dd/mm/aaaa)');
    }
    default:
      return { value: raw };
  }
}
