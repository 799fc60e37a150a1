import type pg from 'pg';

/** Bytes gathered before they are written to the database as one part. */
export const REPORT_PART_BYTES = 1024 * 1024;

/**
 * A report file on its way into relatorio.arquivo, inside the generating transaction: the writer's bytes
 * are gathered into parts of about REPORT_PART_BYTES, each part goes to a temporary table of the
 * transaction as soon as it is full (`flush`, between two fetches of rows), and `store` joins them into
 * the relatorio row. The process holds one part, never the whole file.
 */
export class ReportFileParts {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private parts = 0;
  /** Bytes written so far: the size of the file once `store` ran. */
  bytes = 0;

  private constructor(private readonly client: pg.Client) {}

  static async open(client: pg.Client): Promise<ReportFileParts> {
    await client.query(
      'CREATE TEMPORARY TABLE relatorio_parte (n integer PRIMARY KEY, parte bytea NOT NULL) ON COMMIT DROP',
    );
    return new ReportFileParts(client);
  }

  /** Takes a chunk of the file (the writers' output callback). */
  readonly write = (chunk: Buffer): void => {
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    this.bytes += chunk.length;
  };

  /** Writes the gathered bytes as a part once there is a part's worth (`all`: whatever is left). */
  async flush(all = false): Promise<void> {
    if (this.pendingBytes === 0 || (!all && this.pendingBytes < REPORT_PART_BYTES)) return;
    const part = Buffer.concat(this.pending, this.pendingBytes);
    this.pending = [];
    this.pendingBytes = 0;
    this.parts += 1;
    await this.client.query('INSERT INTO relatorio_parte (n, parte) VALUES ($1, $2)', [this.parts, part]);
  }

  /** Joins the parts into the relatorio row (still Processando); false when the row is gone or settled. */
  async store(relatorioId: number): Promise<boolean> {
    await this.flush(true);
    const stored = await this.client.query(
      `UPDATE relatorio
          SET arquivo = (SELECT coalesce(string_agg(parte, ''::bytea ORDER BY n), ''::bytea) FROM relatorio_parte)
        WHERE id = $1 AND status = 0`,
      [relatorioId],
    );
    return stored.rowCount === 1;
  }
}
