import type { FastifyInstance } from 'fastify';

/** Placeholder registered in routes/index.ts; filled in by its area's work. */
export async function relatoriosRoutes(_app: FastifyInstance): Promise<void> {}
