import type { FastifyInstance } from 'fastify';
import { PermissionLevel } from '../../../core/types.ts';
import { HttpError } from '../../errors.ts';
import { requirePermission } from '../../plugins/auth.ts';
import { TOKEN_OR_API_KEY } from '../../plugins/routeSecurity.ts';
import { sendWebhookJob } from '../../services/webhooks/webhookQueue.ts';
import { errorResponses } from '../errorResponses.ts';

const reenvio = {
  type: 'object',
  required: ['id', 'situacao'],
  properties: {
    id: { type: 'integer', description: 'A entrega reenviada' },
    situacao: { type: 'string', description: 'pendente: na fila para um novo envio' },
  },
} as const;

/**
 * The "reenviar" action of the webhook delivery log (the log itself is the generic read-only records API,
 * /api/WebhookEntregas): the same body, signed anew, queued once more with its retries. The webhook must
 * still be active.
 */
export async function webhookEntregasRoutes(app: FastifyInstance): Promise<void> {
  app.post(
    '/api/WebhookEntregas/:id/reenviar',
    {
      schema: {
        security: TOKEN_OR_API_KEY,
        operationId: 'webhookEntregasReenviar',
        tags: ['WebhookEntregas'],
        summary: 'Reenvia uma entrega de webhook (mesmo corpo, nova assinatura e novas tentativas)',
        params: {
          type: 'object',
          required: ['id'],
          properties: { id: { type: 'integer', minimum: 1, maximum: 2 ** 53 - 1 } },
        },
        response: { 200: reenvio, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const auth = requirePermission(request, 'CONFIG_WEBHOOK', PermissionLevel.ALTERAR);
      const jobs = app.jobs;
      const row = await app.db.withTenant(
        { empresaId: auth.empresaId, usuarioId: auth.usuarioId, filialId: auth.filialId },
        async (tx) => {
          const found = await tx.maybeOne<{ id: number; ativo: boolean | null }>(
            `SELECT e.id, w.ativo FROM webhook_entrega e LEFT JOIN webhook w ON w.id = e.webhook_id WHERE e.id = $1 FOR UPDATE OF e`,
            [id],
          );
          if (!found) throw new HttpError(404, 'MODEL_NOT_FOUND', 'Entrega de webhook não encontrada.');
          if (!found.ativo)
            throw new HttpError(
              409,
              'WEBHOOK_INATIVO',
              'O webhook desta entrega está inativo; ative-o para reenviar.',
            );
          // Checked after the lookup, inside the transaction: nothing is marked for a queue that is not there.
          if (!jobs)
            throw new HttpError(
              503,
              'FILA_INDISPONIVEL',
              'O envio de webhooks está indisponível no momento.',
            );
          return tx.one<{ id: number; situacao: string }>(
            `UPDATE webhook_entrega SET situacao = 'pendente', versao = versao + 1, alterado_em = now(), alterado_por = $2
              WHERE id = $1 RETURNING id, situacao`,
            [id, auth.usuarioId],
          );
        },
      );
      if (jobs) await sendWebhookJob(jobs, app.config, row.id);
      return row;
    },
  );
}
