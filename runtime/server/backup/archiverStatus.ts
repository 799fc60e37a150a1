import pg from 'pg';

/** pg_stat_archiver of a running server: what was archived last, and failures. */
export interface ArchiverStatus {
  archivedCount: number;
  lastArchivedWal: string | null;
  lastArchivedTime: Date | null;
  failedCount: number;
  lastFailedWal: string | null;
  lastFailedTime: Date | null;
  /** Segments waiting in pg_wal/archive_status (.ready): the archive lag in segments. */
  pendingSegments: number;
}

/** Reads pg_stat_archiver (and the .ready count) through `query`; needs a superuser or pg_monitor connection. */
export async function readArchiverStatus(
  query: (sql: string) => Promise<{ rows: Record<string, unknown>[] }>,
): Promise<ArchiverStatus> {
  const { rows } = await query(
    `SELECT archived_count::int AS "archivedCount", last_archived_wal AS "lastArchivedWal",
            last_archived_time AS "lastArchivedTime", failed_count::int AS "failedCount",
            last_failed_wal AS "lastFailedWal", last_failed_time AS "lastFailedTime",
            (SELECT count(*)::int FROM pg_ls_archive_statusdir() WHERE name LIKE '%.ready') AS "pendingSegments"
       FROM pg_stat_archiver`,
  );
  return rows[0] as unknown as ArchiverStatus;
}

/** The same through a short-lived connection; undefined when the server does not answer. */
export async function archiverStatusAt(url: string): Promise<ArchiverStatus | undefined> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return await readArchiverStatus((sql) => client.query(sql));
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => {});
  }
}
