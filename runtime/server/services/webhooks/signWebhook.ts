import { createHmac } from 'node:crypto';

/**
 * The signature of one webhook call: HMAC-SHA256 with the webhook's segredo over `<timestamp>.<body>` (the
 * Unix time in seconds sent in X-Webhook-Timestamp, a dot, the exact bytes of the body), in hex, sent as
 * `X-Webhook-Assinatura: sha256=<hex>`. The receiver recomputes it and refuses an old timestamp (replays).
 */
export function signWebhook(segredo: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', segredo).update(`${timestamp}.${body}`, 'utf8').digest('hex')}`;
}
