import { addDays } from '../../../core/financeiro/parcelas.ts';
import type { Database } from '../../db/database.ts';
import type { JobQueue } from '../../plugins/jobs.ts';
import { DIAS_ANTECEDENCIA, gerarSerie } from './gerarSerie.ts';

/** Queue of the scheduled creation of recurring titles. */
export const RECORRENCIA_QUEUE = 'lancamentos-recorrentes';
/** Every hour at minute 7 (UTC): a day's titles appear within the hour whichever process is up. */
export const RECORRENCIA_CRON = '7 * * * *';

/** Today's date (UTC), YYYY-MM-DD. */
export const hojeUtc = () => new Date().toISOString().slice(0, 10);

/**
 * One run of the schedule: every active series (all tenants) whose next occurrence is due within the
 * horizon, or never generated, gets its titles — each series in its own tenant transaction, so one bad
 * series does not hold back the others. Safe to run concurrently from several processes: gerarSerie locks
 * the series row and inserts with ON CONFLICT DO NOTHING. Returns the titles created.
 */
export async function gerarLancamentosRecorrentes(
  db: Database,
  options: { hoje?: string; log?: { error(object: object, message: string): void } } = {},
): Promise<number> {
  const hoje = options.hoje ?? hojeUtc();
  const series = await db.withSystem((tx) =>
    tx.query<{ id: number; empresa_id: number; filial_id: number }>(
      `SELECT id, empresa_id, filial_id FROM lancamento_recorrente
        WHERE ativo IS NOT FALSE AND (parcelas_geradas IS NULL OR proximo_vencimento <= $1)
        ORDER BY empresa_id, id`,
      [addDays(hoje, DIAS_ANTECEDENCIA)],
    ),
  );
  let created = 0;
  for (const serie of series) {
    try {
      created += await db
        .withTenant({ empresaId: serie.empresa_id, filialId: serie.filial_id }, (tx) =>
          gerarSerie(tx, serie.id, { hoje }),
        )
        .then((result) => result.criados);
    } catch (error) {
      options.log?.error({ err: error, serie: serie.id }, 'falha ao gerar os lançamentos de uma recorrência');
    }
  }
  return created;
}

/**
 * Schedules the recurring titles (a singleton queue: pg-boss runs at most one such job at a time across
 * processes) and, when `work`, works it in this process, starting with one run.
 */
export async function scheduleRecorrencias(
  jobs: JobQueue,
  db: Database,
  options: {
    work: boolean;
    log?: { info(object: object, message: string): void; error(object: object, message: string): void };
  },
): Promise<void> {
  await jobs.createQueue(RECORRENCIA_QUEUE, { policy: 'singleton', retryLimit: 2 });
  await jobs.schedule(RECORRENCIA_QUEUE, RECORRENCIA_CRON);
  if (!options.work) return;
  await jobs.work(RECORRENCIA_QUEUE, async () => {
    const created = await gerarLancamentosRecorrentes(db, { log: options.log });
    if (created > 0) options.log?.info({ lancamentos: created }, 'lançamentos recorrentes gerados');
  });
  // A start-up run: series written while no process worked the queue (an import, the demo seed) get their
  // titles now rather than at the next hour. The singleton queue keeps concurrent starts to one run at a time.
  await jobs.send(RECORRENCIA_QUEUE, {}).catch(() => {
    // Another process' run is already queued or running (singleton): it does the same.
  });
}
