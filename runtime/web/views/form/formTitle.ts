import type { FormMode } from './useFormRecord.ts';

/** Heading of a form: '<label> — Novo' (Nova for a feminine label), 'Editar <label>' or 'Copiar <label>'. */
export function formTitle(label: string, mode: FormMode, gender?: 'm' | 'f'): string {
  if (mode === 'edit') return `Editar ${label}`;
  if (mode === 'copy') return `Copiar ${label}`;
  return `${label} — ${gender === 'f' ? 'Nova' : 'Novo'}`;
}
