import type { components } from '../../../../generated/api.d.ts';
import { PROCESSING_STATUS } from '../../../core/constants.ts';

export type Relatorio = components['schemas']['Relatorio'];

/** What to do before a new export (spec 000 §4). */
export type ReportExportPlan =
  | { kind: 'start' }
  | { kind: 'processing'; relatorio: Relatorio }
  | { kind: 'finished'; relatorio: Relatorio };

/**
 * Same kind (same description and format) still processing → tell the user; already finished → ask
 * "Abrir relatório" or "Nova exportação" about the newest one; otherwise start.
 */
export function reportExportPlan(relatorios: Relatorio[], name: string, format: string): ReportExportPlan {
  const same = relatorios
    .filter((relatorio) => relatorio.descricao === name && relatorio.tipo === format)
    .sort((a, b) => b.dataInclusao.localeCompare(a.dataInclusao));
  const processing = same.find((relatorio) => relatorio.status === PROCESSING_STATUS.PROCESSANDO);
  if (processing) return { kind: 'processing', relatorio: processing };
  const finished = same.find(
    (relatorio) => relatorio.status === PROCESSING_STATUS.FINALIZADO && relatorio.url,
  );
  if (finished) return { kind: 'finished', relatorio: finished };
  return { kind: 'start' };
}
