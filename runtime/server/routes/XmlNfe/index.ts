import type { FastifyInstance } from 'fastify';
import { exportarXmlRoutes } from './exportar.ts';
import { importarXmlRoutes } from './importar.ts';

/**
 * XML of fiscal documents: NF-e › Exportar XML (the month's authorised XMLs in a ZIP for the accountant)
 * and Compras › Entrada de nota fiscal › Importar XML (a supplier's NF-e booked from its XML).
 */
export async function xmlNfeRoutes(app: FastifyInstance): Promise<void> {
  await exportarXmlRoutes(app);
  await importarXmlRoutes(app);
}
