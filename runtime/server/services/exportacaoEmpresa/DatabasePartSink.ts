import { Writable } from 'node:stream';
import type { Database } from '../../db/database.ts';

/** Size of one stored part of an export's ZIP. */
export const PART_BYTES = 1024 * 1024;

/**
 * A Writable that stores what it receives as numbered 1 MB parts of one export
 * (exportacao_empresa_parte), so a ZIP of any size passes through with one part in memory.
 */
export class DatabasePartSink extends Writable {
  private chunks: Buffer[] = [];
  private size = 0;
  private numero = 0;
  bytes = 0;

  constructor(
    private readonly db: Database,
    private readonly exportacaoId: number,
  ) {
    super({ highWaterMark: PART_BYTES });
  }

  private async store(): Promise<void> {
    if (this.size === 0) return;
    const dados = Buffer.concat(this.chunks, this.size);
    this.chunks = [];
    this.size = 0;
    const numero = this.numero++;
    await this.db.withSystem((tx) =>
      tx.query('INSERT INTO exportacao_empresa_parte (exportacao_id, numero, dados) VALUES ($1, $2, $3)', [
        this.exportacaoId,
        numero,
        dados,
      ]),
    );
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.chunks.push(chunk);
    this.size += chunk.length;
    this.bytes += chunk.length;
    if (this.size < PART_BYTES) {
      callback();
      return;
    }
    this.store().then(() => callback(), callback);
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.store().then(() => callback(), callback);
  }
}
