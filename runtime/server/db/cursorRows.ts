import Cursor from 'pg-cursor';

/** A client that can run a pg-cursor: a pooled or a plain pg client (typed loosely by its callers). */
export interface CursorClient {
  query(...args: never[]): unknown;
}

/** Rows of a query read through a cursor, `batch` at a time: never the whole result in memory. */
export async function* cursorRows<R>(
  client: CursorClient,
  sql: string,
  params: unknown[],
  batch = 100,
): AsyncGenerator<R> {
  const cursor = (client as unknown as { query(c: Cursor): Cursor }).query(new Cursor(sql, params));
  try {
    for (;;) {
      const rows = (await cursor.read(batch)) as R[];
      if (rows.length === 0) return;
      yield* rows;
    }
  } finally {
    await cursor.close();
  }
}
