import type pg from 'pg';

/**
 * The plan (EXPLAIN text) of `sql` in a transaction that is rolled back: as the superuser that opened the
 * pool (no RLS) or, with `empresaId`, as the application role with that tenant set (RLS forced), after the
 * `setup` statements (planner settings, function markings) — what a request would be planned as.
 */
export async function explainPlan(
  pool: pg.Pool,
  sql: string,
  params: unknown[],
  options: { empresaId?: number; setup?: string[] } = {},
): Promise<string> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    for (const statement of options.setup ?? []) await client.query(statement);
    if (options.empresaId !== undefined)
      await client.query(
        `SELECT set_config('role', 'erp_app', true), set_config('app.empresa_id', $1, true)`,
        [String(options.empresaId)],
      );
    const { rows } = await client.query(`EXPLAIN ${sql}`, params);
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  } finally {
    await client.query('ROLLBACK');
    client.release();
  }
}
