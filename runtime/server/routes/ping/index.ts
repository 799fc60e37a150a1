import type { FastifyInstance } from 'fastify';
import { PUBLIC } from '../../plugins/routeSecurity.ts';

/** GET /ping/json — availability check the auth shell calls on open (spec 000 §7). */
export async function pingRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/ping/json',
    {
      schema: {
        operationId: 'ping',
        security: PUBLIC,
        tags: ['Saúde'],
        summary: 'Verifica se a API está disponível',
        response: {
          200: {
            type: 'object',
            required: ['status', 'date', 'uptime'],
            properties: {
              status: { type: 'string', enum: ['ok'] },
              date: { type: 'string', format: 'date-time' },
              uptime: { type: 'number', description: 'Segundos desde o início do processo' },
            },
          },
        },
      },
    },
    async () => ({ status: 'ok' as const, date: new Date().toISOString(), uptime: process.uptime() }),
  );
}
