import { canExportEmpresa } from '../../../core/authorization/canExportEmpresa.ts';
import type { AuthInfo } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import { HttpError } from '../../errors.ts';
import type { JobQueue } from '../../plugins/jobs.ts';
import { EXPORT_RETENTION_DAYS, type ExportacaoEmpresa, readExportacao } from './exportacaoRecords.ts';
import { EXPORT_QUEUE, type ExportJobData } from './exportJobs.ts';

/**
 * The company `empresaId` if `auth` may export it (runtime/core/authorization/canExportEmpresa.ts):
 * 403 otherwise, 404 when platform staff names a company that does not exist.
 */
export async function requireExportableEmpresa(
  db: Database,
  auth: AuthInfo,
  empresaId: number,
): Promise<{ id: number; configWhiteLabelId: number }> {
  if (!canExportEmpresa(auth, empresaId))
    throw new HttpError(
      403,
      'ACESSO_NEGADO',
      'Somente os usuários master da empresa e a equipe da plataforma podem exportar os dados da empresa.',
    );
  const empresa = await db.withSystem((tx) =>
    tx.maybeOne<{ id: number; configWhiteLabelId: number }>(
      'SELECT id, config_white_label_id AS "configWhiteLabelId" FROM empresa WHERE id = $1',
      [empresaId],
    ),
  );
  if (!empresa) throw new HttpError(404, 'EMPRESA_NAO_ENCONTRADA', `Empresa ${empresaId} não encontrada.`);
  return empresa;
}

/**
 * POST /api/Empresas/{id}/exportacoes: a Processando record and its job; 409 while another export of
 * the company is running. Exports older than EXPORT_RETENTION_DAYS are removed on the way.
 */
export async function startCompanyExport(
  services: { db: Database; jobs?: JobQueue },
  auth: AuthInfo,
  empresaId: number,
): Promise<ExportacaoEmpresa> {
  const empresa = await requireExportableEmpresa(services.db, auth, empresaId);
  const jobs = services.jobs;
  if (!jobs)
    throw new HttpError(503, 'FILA_INDISPONIVEL', 'A exportação de dados está indisponível no momento.');
  const id = await services.db.withSystem(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`exportacao-empresa:${empresaId}`]);
    if (
      await tx.maybeOne('SELECT 1 FROM exportacao_empresa WHERE empresa_id = $1 AND status = 0', [empresaId])
    )
      throw new HttpError(
        409,
        'EXPORTACAO_EM_ANDAMENTO',
        'Uma exportação desta empresa já está em andamento; aguarde o fim dela.',
      );
    await tx.query(
      'DELETE FROM exportacao_empresa WHERE empresa_id = $1 AND criado_em < now() - make_interval(days => $2)',
      [empresaId, EXPORT_RETENTION_DAYS],
    );
    const row = await tx.one<{ id: number }>(
      'INSERT INTO exportacao_empresa (empresa_id, usuario_id) VALUES ($1, $2) RETURNING id',
      [empresaId, auth.usuarioId],
    );
    return row.id;
  });
  const data: ExportJobData = { exportacaoId: id, empresaId, configWhiteLabelId: empresa.configWhiteLabelId };
  try {
    await jobs.send(EXPORT_QUEUE, data);
  } catch (error) {
    await services.db.withSystem((tx) =>
      tx.query(
        "UPDATE exportacao_empresa SET status = 2, erro = 'Não foi possível iniciar a exportação. Tente novamente.', finalizado_em = now() WHERE id = $1",
        [id],
      ),
    );
    throw error;
  }
  return (await readExportacao(services.db, id)) as ExportacaoEmpresa;
}
