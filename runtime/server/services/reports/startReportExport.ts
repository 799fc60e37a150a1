import { reportEvent } from '../../../core/reportDefinition.ts';
import { resolveEntity } from '../../../core/resolveEntity.ts';
import { ReportFilterError } from '../../../core/resolveReportFilters.ts';
import { PermissionLevel } from '../../../core/types.ts';
import type { SchemaFiles } from '../../../core/validateSchemaSet.ts';
import type { AuthInfo } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import { HttpError } from '../../errors.ts';
import type { JobQueue } from '../../plugins/jobs.ts';
import { RELATORIO_COLUMNS, type Relatorio, type RelatorioRow, toRelatorio } from '../relatorioView.ts';
import { failReportRecord, REPORT_RETENTION_DAYS } from '../reportRecords.ts';
import { buildReportPlan } from './buildReportPlan.ts';
import { loadReportDefinition } from './loadReportDefinition.ts';
import { REPORT_QUEUE, type ReportJobData } from './reportJobs.ts';

export interface ReportExportRequest {
  relatorio: string;
  formato: 'pdf' | 'xlsx';
  filtros?: Record<string, unknown>;
}

export interface ReportExportServices {
  db: Database;
  jobs?: JobQueue;
}

/** The permission level an export needs on the report's key. */
export const REPORT_EXPORT_LEVEL = PermissionLevel.VISUALIZAR;

/** Spec 000 §8: the text of the 406 answered while the same report is processing for the user. */
export const ALREADY_PROCESSING = 'Relatório já está sendo processado.';

/**
 * POST /api/Relatorios/exportar: checks the report (404), the format it offers and the filters (400),
 * then — under a per-user lock, so two clicks cannot both pass — answers 406 when the same report and
 * format is still processing for the user, else inserts the Processando record and enqueues the job.
 * `checkPermission` throws 403 when the user lacks the report's key (checked once the report is known).
 */
export async function startReportExport(
  services: ReportExportServices,
  whiteLabel: { id: number; schemas: SchemaFiles },
  auth: AuthInfo,
  request: ReportExportRequest,
  checkPermission: (key: string) => void,
): Promise<Relatorio> {
  const { schemas } = whiteLabel;
  const definition = loadReportDefinition(schemas, request.relatorio);
  checkPermission(definition.permission);
  const formats = definition.formats ?? ['pdf', 'xlsx'];
  if (!formats.includes(request.formato)) {
    throw new HttpError(
      400,
      'FORMATO_INDISPONIVEL',
      `O relatório "${definition.title}" não pode ser exportado em ${request.formato.toUpperCase()} (formatos: ${formats.map((f) => f.toUpperCase()).join(', ')}).`,
    );
  }
  if (resolveEntity(definition.source.entity, schemas).scope === 'filial' && !auth.filialId) {
    throw new HttpError(400, 'FILIAL_NAO_SELECIONADA', 'Selecione uma filial para gerar este relatório.');
  }
  const tenant = { empresaId: auth.empresaId, filialId: auth.filialId, usuarioId: auth.usuarioId };
  try {
    // Checked now so the user hears about a bad filter at once, not as a failed export.
    buildReportPlan({
      definition,
      schemas,
      formato: request.formato,
      filtros: request.filtros,
      relatorioId: 0,
      tenant,
    });
  } catch (error) {
    if (error instanceof ReportFilterError) throw new HttpError(400, error.code, error.message);
    throw error;
  }
  const jobs = services.jobs;
  if (!jobs)
    throw new HttpError(503, 'FILA_INDISPONIVEL', 'A geração de relatórios está indisponível no momento.');
  const evento = reportEvent(definition);
  const relatorio = await services.db.withTenant(tenant, async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [
      auth.usuarioId,
      `relatorio:${evento}:${request.formato}`,
    ]);
    const busy = await tx.maybeOne(
      'SELECT 1 FROM relatorio WHERE usuario_id = $1 AND evento = $2 AND tipo = $3 AND status = 0',
      [auth.usuarioId, evento, request.formato],
    );
    if (busy) throw new HttpError(406, 'RELATORIO_EM_PROCESSAMENTO', ALREADY_PROCESSING);
    await tx.query(
      'DELETE FROM relatorio WHERE empresa_id = $1 AND data_inclusao < now() - make_interval(days => $2)',
      [auth.empresaId, REPORT_RETENTION_DAYS],
    );
    const row = await tx.one<RelatorioRow>(
      `INSERT INTO relatorio (empresa_id, usuario_id, descricao, tipo, evento) VALUES ($1, $2, $3, $4, $5)
       RETURNING ${RELATORIO_COLUMNS}`,
      [auth.empresaId, auth.usuarioId, definition.title.slice(0, 200), request.formato, evento],
    );
    return toRelatorio(row);
  });
  const data: ReportJobData = {
    relatorioId: relatorio.id,
    relatorio: definition.name,
    formato: request.formato,
    filtros: request.filtros ?? {},
    ...tenant,
    configWhiteLabelId: whiteLabel.id,
  };
  try {
    await jobs.send(REPORT_QUEUE, data);
  } catch (error) {
    await failReportRecord(
      services,
      relatorio.id,
      'Não foi possível iniciar a geração do relatório. Tente novamente.',
    );
    throw error;
  }
  return relatorio;
}
