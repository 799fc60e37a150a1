import pg from 'pg';
import type { ServerConfig } from '../../config.ts';
import type { Database, Tx } from '../../db/database.ts';
import type { JobQueue } from '../../plugins/jobs.ts';
import type { DomainEvent } from '../../postings/domainEvents.ts';
import { webhookBody, webhookEventNames } from './webhookEvent.ts';
import { sendWebhookJob } from './webhookQueue.ts';

/** Channel of the entity-change notices (entities with `notifyOnChange`), payload `<entity>:<empresaId>`. */
export const ENTITY_CHANGED_CHANNEL = 'entidade_alterada';
/** Outbox rows moved per relay transaction. */
const RELAY_BATCH = 200;
/** A delivery written by a relay whose job was not queued (the process stopped in between) is queued again after this. */
const LOST_JOB_AFTER = '1 minute';

interface LogLike {
  error(object: object, message: string): void;
}

/** The transactional webhook outbox of one process (see migration 047 and README "Webhooks"). */
export interface WebhookOutbox {
  /**
   * In the transaction of the change: writes the event to the outbox when the empresa has an active
   * webhook (a per-process cache, dropped through NOTIFY when a webhook changes). True when written.
   */
  write(tx: Tx, event: DomainEvent): Promise<boolean>;
  /** After the commit of a transaction that wrote: relays now (one relay at a time per process). */
  kick(): void;
  /** After the commit of a change of `entity` rows: drops what this process cached (others learn by NOTIFY). */
  changed(entity: string, empresaId: number): void;
  /** Moves every outbox row into deliveries and queues them; returns how many deliveries were queued. */
  relay(): Promise<number>;
  close(): Promise<void>;
}

/**
 * Creates the outbox of this process: the cache of which empresas have webhooks (LISTEN on
 * entidade_alterada: a change of a webhook row drops its empresa; until the LISTEN is in, or after it
 * dropped, every write asks the database), and the relay, run after each commit that wrote and every
 * `webhookOutboxRelaySeconds`. The relay deletes the outbox rows and writes their webhook_entrega rows in
 * one transaction (a rolled-back change never wrote any), then queues one pg-boss job per delivery and
 * marks it enfileirada; a delivery left unqueued by a crash in between is queued by a later relay.
 */
export function createWebhookOutbox(deps: {
  db: Database;
  jobs: JobQueue;
  config: Pick<ServerConfig, 'webhookRetryLimit' | 'webhookRetryDelaySeconds' | 'webhookOutboxRelaySeconds'>;
  log?: LogLike;
}): WebhookOutbox {
  const { db, jobs, config, log } = deps;
  const temWebhook = new Map<number, boolean>();
  let geracao = 0;
  let listening = false;
  let closed = false;
  let client: pg.Client | undefined;
  let reconnect: NodeJS.Timeout | undefined;

  const changed = (entidade: string, empresaId: number) => {
    if (entidade !== 'webhook') return;
    geracao += 1;
    temWebhook.delete(empresaId);
  };
  const drop = () => {
    geracao += 1;
    temWebhook.clear();
    listening = false;
  };
  const listen = async () => {
    if (closed) return;
    const next = new pg.Client({ connectionString: db.url });
    next.on('error', () => undefined);
    next.on('end', () => {
      drop();
      if (!closed) reconnect = setTimeout(() => void listen(), 1000);
    });
    next.on('notification', (message) => {
      const [entidade, empresa] = (message.payload ?? '').split(':');
      changed(entidade ?? '', Number(empresa));
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${ENTITY_CHANGED_CHANNEL}`);
      client = next;
      if (closed) await next.end();
      else listening = true;
    } catch {
      await next.end().catch(() => undefined);
    }
  };
  void listen();

  let running: Promise<number> | undefined;
  let again = false;
  const relayOnce = async (): Promise<number> => {
    let queued = 0;
    for (;;) {
      const { ids, moved } = await db.withSystem(async (tx) => {
        const rows = await tx.query<{ empresa_id: number; evento: string; aliases: string[]; corpo: string }>(
          `DELETE FROM webhook_outbox WHERE id IN (
             SELECT id FROM webhook_outbox ORDER BY id LIMIT ${RELAY_BATCH} FOR UPDATE SKIP LOCKED)
           RETURNING id, empresa_id, evento, aliases, corpo`,
        );
        if (rows.length === 0) return { ids: [] as number[], moved: 0 };
        const entregas = await tx.query<{ id: number }>(
          `INSERT INTO webhook_entrega (empresa_id, webhook_id, evento, corpo, situacao, tentativas)
           SELECT w.empresa_id, w.id, o.evento, o.corpo, 'pendente', 0
             FROM jsonb_to_recordset($1::jsonb) AS o(id bigint, empresa_id bigint, evento text, aliases text[], corpo text)
             JOIN webhook w ON w.empresa_id = o.empresa_id AND w.ativo AND jsonb_typeof(w.eventos) = 'array'
                           AND (w.eventos ?| o.aliases OR w.eventos ? '*')
            ORDER BY o.id, w.id
           RETURNING id`,
          [JSON.stringify(rows)],
        );
        return { ids: entregas.map((row) => row.id), moved: rows.length };
      });
      await enqueue(ids);
      queued += ids.length;
      if (moved < RELAY_BATCH) break;
    }
    const perdidas = await db.withSystem((tx) =>
      tx.query<{ id: number }>(
        `SELECT id FROM webhook_entrega WHERE enfileirada_em IS NULL AND situacao = 'pendente' AND tentativas = 0
            AND criado_em < now() - interval '${LOST_JOB_AFTER}' ORDER BY id LIMIT ${RELAY_BATCH}`,
      ),
    );
    await enqueue(perdidas.map((row) => row.id));
    return queued + perdidas.length;
  };
  const enqueue = async (ids: number[]) => {
    if (ids.length === 0) return;
    for (const id of ids) await sendWebhookJob(jobs, config, id);
    await db.withSystem((tx) =>
      tx.query('UPDATE webhook_entrega SET enfileirada_em = now() WHERE id = ANY($1::bigint[])', [ids]),
    );
  };
  const relay = (): Promise<number> => {
    if (running) {
      again = true;
      return running;
    }
    running = relayOnce().finally(() => {
      running = undefined;
      if (again && !closed) {
        again = false;
        kick();
      }
    });
    return running;
  };
  const kick = () => {
    if (closed) return;
    relay().catch((error) => log?.error({ err: error }, 'falha ao repassar a caixa de saída de webhooks'));
  };
  const timer = setInterval(kick, config.webhookOutboxRelaySeconds * 1000);
  timer.unref();
  kick();

  return {
    async write(tx, event) {
      const before = geracao;
      let has = listening ? temWebhook.get(event.empresaId) : undefined;
      if (has === undefined) {
        const row = await tx.one<{ tem: boolean }>(
          'SELECT EXISTS (SELECT 1 FROM webhook WHERE empresa_id = $1 AND ativo) AS tem',
          [event.empresaId],
        );
        has = row.tem;
        // A notice that arrived meanwhile may be newer than what this transaction saw: do not cache.
        if (listening && geracao === before) temWebhook.set(event.empresaId, has);
      }
      if (!has) return false;
      const { evento, aliases } = webhookEventNames(event);
      await tx.query(
        'INSERT INTO webhook_outbox (empresa_id, evento, aliases, corpo) VALUES ($1, $2, $3, $4)',
        [event.empresaId, evento, aliases, webhookBody(event, evento, new Date())],
      );
      return true;
    },
    kick,
    changed,
    relay,
    async close() {
      closed = true;
      clearInterval(timer);
      clearTimeout(reconnect);
      await running?.catch(() => undefined);
      await client?.end().catch(() => undefined);
    },
  };
}

/** In a write's transaction: NOTIFY entidade_alterada for an entity declared `notifyOnChange` (sent on commit). */
export async function notifyEntityChanged(tx: Tx, entity: string, empresaId: number): Promise<void> {
  await tx.query('SELECT pg_notify($1, $2)', [ENTITY_CHANGED_CHANNEL, `${entity}:${empresaId}`]);
}
