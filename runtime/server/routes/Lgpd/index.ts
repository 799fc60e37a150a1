import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PermissionLevel } from '../../../core/types.ts';
import { requirePermission } from '../../plugins/auth.ts';
import { runLgpdRequest } from '../../services/lgpd/runLgpdRequest.ts';
import { errorResponses } from '../errorResponses.ts';
import { lgpdBody, relatorioLgpdSchema, solicitacaoLgpdSchema } from './schemas.ts';

/** The permission key of the LGPD screen (the company's administrator holds every key). */
const KEY = 'CONFIG_LGPD';
const tags = ['Lgpd'];

/**
 * LGPD requests of the signed-in user's company (README "LGPD"): a data subject's report, its
 * anonymisation where no legal retention applies, and the record of every request.
 */
export async function lgpdRoutes(app: FastifyInstance): Promise<void> {
  app.addSchema(relatorioLgpdSchema);
  app.addSchema(solicitacaoLgpdSchema);

  const run = async (request: FastifyRequest, tipo: 'consulta' | 'anonimizacao') => {
    const auth = requirePermission(
      request,
      KEY,
      tipo === 'consulta' ? PermissionLevel.VISUALIZAR : PermissionLevel.TOTAL,
    );
    const { termo } = request.body as { termo: string };
    const crm = request.tenant.settings.misc?.integracaoPloomes as
      | { TOKEN?: string; STAGE_ID?: unknown }
      | undefined;
    return app.db.withTenant({ empresaId: auth.empresaId, usuarioId: auth.usuarioId }, async (tx) => {
      const filiais = (await tx.query<{ id: number }>('SELECT id FROM filial ORDER BY id')).map((f) => f.id);
      return runLgpdRequest(
        tx,
        request.tenant.schemas,
        {
          empresaId: auth.empresaId,
          usuarioId: auth.usuarioId,
          filiais,
          crmConfigurado: Boolean(crm?.TOKEN && crm?.STAGE_ID),
        },
        tipo,
        termo,
      );
    });
  };

  app.post(
    '/api/Lgpd/consulta',
    {
      schema: {
        operationId: 'lgpdConsulta',
        tags,
        summary:
          'Relatório dos dados pessoais de um titular (por CPF/CNPJ, e-mail ou nome) em todas as entidades',
        body: lgpdBody,
        response: { 200: { $ref: 'RelatorioLgpd#' }, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => run(request, 'consulta'),
  );

  app.post(
    '/api/Lgpd/anonimizacao',
    {
      schema: {
        operationId: 'lgpdAnonimizacao',
        tags,
        summary:
          'Anonimiza os dados pessoais de um titular onde não há guarda legal (documentos fiscais emitidos e suas partes são mantidos)',
        body: lgpdBody,
        response: { 200: { $ref: 'RelatorioLgpd#' }, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => run(request, 'anonimizacao'),
  );

  app.get(
    '/api/Lgpd/solicitacoes',
    {
      schema: {
        operationId: 'lgpdSolicitacoes',
        tags,
        summary: 'Solicitações LGPD da empresa e seus resultados (mais recentes primeiro)',
        response: {
          200: { type: 'array', items: { $ref: 'SolicitacaoLgpd#' } },
          ...errorResponses(401, 403),
        },
      },
    },
    async (request) => {
      const auth = requirePermission(request, KEY, PermissionLevel.VISUALIZAR);
      return app.db.withTenant({ empresaId: auth.empresaId }, (tx) =>
        tx.query(
          `SELECT s.id, s.tipo, s.termo, u.nome AS solicitante, s.encontrados, s.anonimizados, s.mantidos,
                  to_char(s.criado_em AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "criadoEm"
             FROM solicitacao_lgpd s LEFT JOIN usuario u ON u.id = s.usuario_id ORDER BY s.id DESC LIMIT 200`,
        ),
      );
    },
  );
}
