import { formatDateTime } from '../../core/formatDate.ts';
import { HttpError } from '../errors.ts';

const numberFormat = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 6 });

/** A quantity as a person reads it ("3", "2,5"). */
export const formatQtd = (value: number): string => numberFormat.format(value);

/** dd/MM/yyyy HH:mm in Brasília time (the one date formatter of runtime/core). */
export const formatDataHora = (value: string | Date): string => formatDateTime(value);

/** 422 of a stock rule, with its code and a message naming the rule. */
export const stockError = (code: string, message: string, details?: unknown) =>
  new HttpError(422, code, message, details);
