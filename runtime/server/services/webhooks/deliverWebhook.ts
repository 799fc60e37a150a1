import type { Database } from '../../db/database.ts';
import { OutboundRequestError, safeFetch } from '../../integrations/safeFetch.ts';
import { signWebhook } from './signWebhook.ts';

/** Characters of the receiver's answer kept in the delivery log. */
export const RESPOSTA_MAX = 500;
/** A receiver has this long to answer one call. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

interface Entrega {
  id: number;
  evento: string;
  corpo: string;
  situacao: string;
  url: string | null;
  segredo: string | null;
  ativo: boolean | null;
}

/** Raised for a failed attempt so that pg-boss retries the job (the attempt is already logged). */
export class WebhookAttemptError extends Error {
  override name = 'WebhookAttemptError';
}

/**
 * One attempt of delivery `entregaId`: POST of the stored body to the webhook's URL through safeFetch (the
 * outbound rules: https and public addresses only unless OUTBOUND_ALLOW_PRIVATE; no redirects followed),
 * signed (signWebhook) with a fresh timestamp. The attempt is logged on the row (situacao, tentativas, HTTP
 * status, the answer's first 500 characters or the network error, time); a non-2xx answer or a network
 * failure throws WebhookAttemptError so the queue retries. A delivery already made, or whose webhook was
 * deactivated or deleted meanwhile, is not sent.
 */
export async function deliverWebhook(
  deps: { db: Database; allowPrivate: boolean },
  entregaId: number,
): Promise<'entregue' | 'ignorada'> {
  const entrega = await deps.db.withSystem((tx) =>
    tx.maybeOne<Entrega>(
      `SELECT e.id, e.evento, e.corpo, e.situacao, w.url, w.segredo, w.ativo
         FROM webhook_entrega e LEFT JOIN webhook w ON w.id = e.webhook_id
        WHERE e.id = $1`,
      [entregaId],
    ),
  );
  if (!entrega || entrega.situacao === 'entregue') return 'ignorada';
  if (!entrega.url || !entrega.ativo) {
    await log(deps.db, entregaId, { situacao: 'cancelada', resposta: 'Webhook inativo ou excluído.' });
    return 'ignorada';
  }
  const timestamp = Math.floor(Date.now() / 1000);
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    'User-Agent': 'ERP-Webhooks/1.0',
    'X-Webhook-Id': String(entrega.id),
    'X-Webhook-Evento': entrega.evento,
    'X-Webhook-Timestamp': String(timestamp),
  };
  if (entrega.segredo)
    headers['X-Webhook-Assinatura'] = signWebhook(entrega.segredo, timestamp, entrega.corpo);
  try {
    const response = await safeFetch(entrega.url, {
      method: 'POST',
      headers,
      body: entrega.corpo,
      allowPrivate: deps.allowPrivate,
      maxRedirects: 0,
      timeoutMs: WEBHOOK_TIMEOUT_MS,
    });
    const resposta = response.text().slice(0, RESPOSTA_MAX);
    await log(deps.db, entregaId, {
      situacao: response.ok ? 'entregue' : 'erro',
      statusHttp: response.status,
      resposta,
    });
    if (!response.ok) throw new WebhookAttemptError(`webhook ${entrega.url} respondeu ${response.status}`);
    return 'entregue';
  } catch (error) {
    if (error instanceof WebhookAttemptError) throw error;
    const message =
      error instanceof OutboundRequestError ? error.message : `falha na chamada: ${(error as Error).message}`;
    await log(deps.db, entregaId, {
      situacao: 'erro',
      statusHttp: null,
      resposta: message.slice(0, RESPOSTA_MAX),
    });
    throw new WebhookAttemptError(message);
  }
}

async function log(
  db: Database,
  entregaId: number,
  attempt: { situacao: string; statusHttp?: number | null; resposta: string },
): Promise<void> {
  const counted = attempt.situacao !== 'cancelada';
  await db.withSystem((tx) =>
    tx.query(
      `UPDATE webhook_entrega
          SET situacao = $2::text, status_http = $3::int, resposta = $4::text,
              tentativas = tentativas + $5::int, ultima_tentativa_em = CASE WHEN $5::int = 1 THEN now() ELSE ultima_tentativa_em END,
              entregue_em = CASE WHEN $2::text = 'entregue' THEN now() ELSE entregue_em END,
              versao = versao + 1, alterado_em = now()
        WHERE id = $1`,
      [entregaId, attempt.situacao, attempt.statusHttp ?? null, attempt.resposta, counted ? 1 : 0],
    ),
  );
}
