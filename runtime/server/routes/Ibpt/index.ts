import type { FastifyInstance } from 'fastify';
import { ibptCestRoutes } from './cest.ts';
import { registerCsvUpload } from './csvUpload.ts';
import { ibptNcmRoutes } from './ncm.ts';
import { ibptCestImportacaoSchema, ibptCestSchema, ibptNcmSchema, ibptNcmTabelaSchema } from './schemas.ts';

/**
 * /api/Ibpt: platform-level tax reference tables (Administrador › Importação IBPT (NCM) and (CEST)).
 * Imports, lists and searches are for platform staff (avancoOnly menu entries); the rate and CEST
 * look-ups are for any signed-in user.
 */
export async function ibptRoutes(app: FastifyInstance): Promise<void> {
  app.addSchema(ibptNcmTabelaSchema);
  app.addSchema(ibptNcmSchema);
  app.addSchema(ibptCestSchema);
  app.addSchema(ibptCestImportacaoSchema);
  registerCsvUpload(app);
  await ibptNcmRoutes(app);
  await ibptCestRoutes(app);
}
