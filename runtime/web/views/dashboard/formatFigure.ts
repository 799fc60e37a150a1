import { formatBRL } from '../../../core/formatMoney.ts';
import type { DashboardFormat } from './dashboardTypes.ts';

const numberFormat = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 });
const percentFormat = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** A dashboard figure in its declared format: moeda R$ 1.234,56, número 1.234, percentual 12,5%. */
export function formatFigure(value: unknown, format: DashboardFormat): string {
  const number = typeof value === 'number' ? value : Number(value);
  if (value === null || value === undefined || !Number.isFinite(number)) return '—';
  if (format === 'moeda') return formatBRL(number);
  if (format === 'percentual') return `${percentFormat.format(number)}%`;
  return numberFormat.format(number);
}

/** A change in percent with its sign: +25,0%, −3,2%, 0,0%. */
export function formatChange(value: number): string {
  const text = `${percentFormat.format(Math.abs(value))}%`;
  if (value > 0) return `+${text}`;
  return value < 0 ? `−${text}` : text;
}

/** A chart's category label: the day of an AAAA-MM-DD date (dia), MM/AAAA of an AAAA-MM (mês), else the text. */
export function categoryText(value: unknown, format: string | undefined): string {
  const text = String(value ?? '');
  if (format === 'dia') return text.slice(8, 10);
  if (format === 'mês') return `${text.slice(5, 7)}/${text.slice(0, 4)}`;
  return text;
}
