import { HttpError } from '../../errors.ts';
import { onlyDigits } from './onlyDigits.ts';
import type { PersonalEntity, PersonalField } from './personalDataEntities.ts';

/** How a term is searched: by CPF/CNPJ digits, by e-mail, or by part of a name. */
export type Criterio = 'cpf' | 'email' | 'nome';

/** The criterion of a search term, or a 400 in pt-BR when it is too vague to search by. */
export function criterioOf(termo: string): { criterio: Criterio; valor: string } {
  const text = termo.trim();
  const digits = onlyDigits(text);
  if (/^[\d.\-/\s]+$/.test(text) && (digits.length === 11 || digits.length === 14))
    return { criterio: 'cpf', valor: digits };
  if (text.includes('@')) return { criterio: 'email', valor: text.toLowerCase() };
  if (text.length < 3 || /^[\d.\-/\s]+$/.test(text))
    throw new HttpError(
      400,
      'TERMO_INVALIDO',
      'Informe um CPF (11 dígitos), um CNPJ (14 dígitos), um e-mail ou ao menos 3 letras do nome do titular.',
    );
  // A name is matched as a part (ILIKE): its own wildcards are taken literally.
  return { criterio: 'nome', valor: text.replace(/[%_\\]/g, '\\$&') };
}

/** The SQL condition (with `$1` the value) matching `field` by `criterio`, or null when it does not apply. */
export function fieldCondition(field: PersonalField, criterio: Criterio): string | null {
  const column = `"${field.column}"`;
  if (field.kind !== criterio) return null;
  if (criterio === 'cpf') return `regexp_replace(${column}, '\\D', '', 'g') = $1`;
  if (criterio === 'email') return `lower(${column}) = $1`;
  return `${column} ILIKE '%' || $1 || '%'`;
}

/** The fields of `entity` a term with `criterio` is searched in. */
export const searchConditions = (entity: PersonalEntity, criterio: Criterio) =>
  entity.fields.map((f) => fieldCondition(f, criterio)).filter((c): c is string => c !== null);
