import type { ReportDefinition } from '../../../core/reportDefinition.ts';
import type { SchemaFiles } from '../../../core/validateSchemaSet.ts';
import { HttpError } from '../../errors.ts';

/** Report names are file names (schemas/reports/<name>.report.json). */
const NAME = /^[a-z][a-z0-9-]{0,80}$/;

/** A report of the white-label's merged schemas, or 404 with a pt-BR message. */
export function loadReportDefinition(schemas: SchemaFiles, name: unknown): ReportDefinition {
  const content =
    typeof name === 'string' && NAME.test(name) ? schemas[`schemas/reports/${name}.report.json`] : undefined;
  if (!content || typeof content !== 'object') {
    throw new HttpError(
      404,
      'RELATORIO_INEXISTENTE',
      `O relatório "${String(name).slice(0, 80)}" não existe.`,
    );
  }
  return content as unknown as ReportDefinition;
}
