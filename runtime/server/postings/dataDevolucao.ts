import { formatDate } from '../../core/formatDate.ts';
import { HttpError } from '../errors.ts';
import type { PostingContext } from './PostingContext.ts';
import { dateOnly } from './postStockMovements.ts';

/**
 * The moment a devolução posts at: its typed `data`, not the confirmation time (flows.md §3). Refused
 * (422) when its day is after today or before the day of the original document (`original`: the
 * faturamento's saída, the nota de entrada's entrada); within those days it is kept between the original
 * moment and now, so the return never precedes what it returns nor lies in the future.
 */
export function dataDaDevolucao(
  context: PostingContext,
  original: { data: string | Date; descricao: string },
): string {
  const bruta = context.doc.data;
  const data = bruta instanceof Date ? bruta : new Date(String(bruta ?? ''));
  if (Number.isNaN(data.getTime()))
    throw new HttpError(422, 'DATA_OBRIGATORIA', 'Informe a data da devolução antes de confirmar.');
  const dia = dateOnly(data.toISOString());
  if (dia > dateOnly(context.agora))
    throw new HttpError(422, 'DATA_FUTURA', `A data da devolução (${formatDate(dia)}) não pode ser futura.`);
  const inicio = new Date(original.data);
  const diaOriginal = dateOnly(inicio.toISOString());
  if (dia < diaOriginal)
    throw new HttpError(
      422,
      'DATA_ANTERIOR_AO_ORIGINAL',
      `A data da devolução (${formatDate(dia)}) é anterior ${original.descricao} (${formatDate(diaOriginal)}).`,
    );
  const agora = Date.parse(context.agora);
  const momento = Math.min(Math.max(data.getTime(), inicio.getTime()), agora);
  return new Date(momento).toISOString();
}
