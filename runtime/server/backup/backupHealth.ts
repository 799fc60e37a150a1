import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type ArchiverStatus, readArchiverStatus } from './archiverStatus.ts';
import { formatLocal, readCatalog } from './backupCatalog.ts';
import { type BackupConfig, EXTERNAL_DATABASE_MESSAGE } from './backupConfig.ts';
import { FAILURE_FILE } from './backupJobs.ts';

/** Backup health for platform staff (GET /api/Backups/saude, the alert monitor). */
export interface BackupHealth {
  modo: 'embutido' | 'externo';
  mensagem: string | null;
  diretorio: string | null;
  ultimoBackup: { id: string; concluidoEm: string; tamanho: number } | null;
  backups: number;
  janela: { de: string; ate: string } | null;
  arquivamento: {
    ultimoSegmento: string | null;
    ultimoArquivadoEm: string | null;
    /** Segments waiting to be archived (pg_wal/archive_status/*.ready). */
    aguardando: number;
    /** Seconds since the last segment was archived while some wait; 0 when nothing waits. */
    atrasoSegundos: number;
    falhas: number;
    ultimaFalhaEm: string | null;
    ultimoSegmentoFalho: string | null;
  } | null;
  falhaBackup: { em: string; mensagem: string } | null;
  /** pt-BR problems, each also sent to platform staff as an alert. */
  problemas: string[];
}

/** A base backup older than this is a problem (the default schedule is daily). */
const STALE_BACKUP_HOURS = 26;
/** Segments waiting beyond this count are a problem (archiving falls behind). */
const PENDING_LIMIT = 3;

type Query = (sql: string) => Promise<{ rows: Record<string, unknown>[] }>;

/** Reads BACKUP_DIR and pg_stat_archiver and names what is wrong. */
export async function readBackupHealth(
  config: BackupConfig,
  query: Query,
  now = new Date(),
): Promise<BackupHealth> {
  if (config.databaseUrl)
    return {
      modo: 'externo',
      mensagem: EXTERNAL_DATABASE_MESSAGE,
      diretorio: null,
      ultimoBackup: null,
      backups: 0,
      janela: null,
      arquivamento: null,
      falhaBackup: null,
      problemas: [],
    };
  const catalog = await readCatalog(config.backupDir);
  const last = catalog.backups.at(-1);
  const archiver: ArchiverStatus | undefined = await readArchiverStatus(query).catch(() => undefined);
  const falhaBackup = await readFile(join(config.backupDir, 'base', FAILURE_FILE), 'utf8')
    .then((text) => JSON.parse(text) as { em: string; mensagem: string })
    .catch(() => null);
  const iso = (value: Date | null | undefined) => (value ? new Date(value).toISOString() : null);
  const problemas: string[] = [];
  if (!last) problemas.push('Nenhum backup base foi feito ainda: rode npm run backup.');
  else if (now.getTime() - new Date(last.stoppedAt).getTime() > STALE_BACKUP_HOURS * 3600_000)
    problemas.push(
      `O último backup base é de ${formatLocal(new Date(last.stoppedAt))}, há mais de ${STALE_BACKUP_HOURS} h.`,
    );
  if (falhaBackup)
    problemas.push(
      `O backup base agendado falhou em ${formatLocal(new Date(falhaBackup.em))}: ${falhaBackup.mensagem}`,
    );
  const failing =
    archiver?.lastFailedTime &&
    (!archiver.lastArchivedTime || new Date(archiver.lastFailedTime) > new Date(archiver.lastArchivedTime));
  if (archiver && failing)
    problemas.push(
      `O arquivamento do WAL está falhando desde ${formatLocal(new Date(archiver.lastFailedTime as Date))} ` +
        `(segmento ${archiver.lastFailedWal}): o WAL fica no servidor até o diretório de backup voltar (${config.backupDir}).`,
    );
  else if (archiver && archiver.pendingSegments > PENDING_LIMIT)
    problemas.push(`${archiver.pendingSegments} segmentos WAL aguardam arquivamento.`);
  const lastArchived = archiver?.lastArchivedTime ? new Date(archiver.lastArchivedTime) : undefined;
  return {
    modo: 'embutido',
    mensagem: null,
    diretorio: config.backupDir,
    ultimoBackup: last ? { id: last.id, concluidoEm: last.stoppedAt, tamanho: last.size } : null,
    backups: catalog.backups.length,
    janela: catalog.window
      ? { de: catalog.window.from.toISOString(), ate: catalog.window.to.toISOString() }
      : null,
    arquivamento: archiver
      ? {
          ultimoSegmento: archiver.lastArchivedWal,
          ultimoArquivadoEm: iso(archiver.lastArchivedTime),
          aguardando: archiver.pendingSegments,
          atrasoSegundos:
            archiver.pendingSegments > 0 && lastArchived
              ? Math.max(0, Math.round((now.getTime() - lastArchived.getTime()) / 1000))
              : 0,
          falhas: archiver.failedCount,
          ultimaFalhaEm: iso(archiver.lastFailedTime),
          ultimoSegmentoFalho: archiver.lastFailedWal,
        }
      : null,
    falhaBackup,
    problemas,
  };
}
