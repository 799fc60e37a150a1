import type { FastifyInstance } from 'fastify';
import { readBackupHealth } from '../../backup/backupHealth.ts';
import { backupConfigFor } from '../../backup/backupJobs.ts';
import { requirePlatformStaff } from '../../plugins/auth.ts';
import { errorResponses } from '../errorResponses.ts';
import { backupSaudeSchema } from './schemas.ts';

/** GET /api/Backups/saude: last base backup, restorable window, archive lag and failures (platform staff). */
export async function backupsRoutes(app: FastifyInstance): Promise<void> {
  app.addSchema(backupSaudeSchema);
  app.get(
    '/api/Backups/saude',
    {
      schema: {
        operationId: 'backupsSaude',
        tags: ['Backups'],
        summary: 'Saúde dos backups: último backup base, janela restaurável, atraso e falhas do arquivamento',
        response: { 200: { $ref: 'BackupSaude#' }, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      requirePlatformStaff(request);
      const config = { ...backupConfigFor(app.config.dataDir), databaseUrl: app.config.databaseUrl };
      return readBackupHealth(config, (sql) => app.db.pool.query(sql));
    },
  );
}
