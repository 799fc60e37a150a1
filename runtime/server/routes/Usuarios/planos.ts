import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthInfo } from '../../context.ts';
import { HttpError } from '../../errors.ts';
import { requireUser } from '../../plugins/auth.ts';
import {
  changeSubscription,
  readSubscription,
  type SubscriptionChange,
  setAddOnModules,
} from '../../services/changeSubscription.ts';
import { errorResponses } from './schemas.ts';

const idSchema = { type: 'integer', minimum: 1, maximum: 9_007_199_254_740_991 } as const;

const subscriptionSchema = {
  $id: 'Assinatura',
  type: 'object',
  required: ['empresaId', 'planoId', 'trial', 'bloqueada', 'dataVencimento', 'situacao'],
  properties: {
    empresaId: { type: 'integer' },
    planoId: { type: 'integer', nullable: true },
    trial: { type: 'boolean' },
    bloqueada: { type: 'boolean' },
    dataVencimento: { type: 'string', format: 'date', nullable: true },
    situacao: { type: 'string', enum: ['trial', 'trial-expirado', 'inadimplente', 'ativo'] },
    modulosContratados: { type: 'array', items: { type: 'string' } },
  },
} as const;

/** Only the company's administrator (or platform staff) changes its subscription. */
function requirePlanManager(request: FastifyRequest): AuthInfo {
  const auth = requireUser(request);
  if (!auth.perfilAdmin && !auth.isAvanco && !auth.master) {
    throw new HttpError(
      403,
      'ACESSO_NEGADO',
      'Somente o administrador da empresa pode contratar ou alterar o plano.',
    );
  }
  return auth;
}

/** Plan subscription of the caller's company: efetivarPlano, migrarPlano, contratarPlano (spec 001 §7.3). */
export async function usuariosPlanosRoutes(app: FastifyInstance): Promise<void> {
  /** The requested add-on ids, deduplicated, each one a visible planoModulos entry of the white-label (else 400). */
  const offeredModules = async (auth: AuthInfo, modulos: string[]): Promise<string[]> => {
    const whiteLabel = await app.tenants.byId(auth.configWhiteLabelId);
    const offered = (whiteLabel?.settings.planoModulos ?? []).filter((modulo) => modulo.visivel !== false);
    const chosen = [...new Set(modulos)];
    const unknown = chosen.find((id) => !offered.some((modulo) => modulo.id === id));
    if (unknown !== undefined) {
      throw new HttpError(400, 'MODULO_INVALIDO', `Módulo não disponível para contratação: ${unknown}.`);
    }
    return chosen;
  };

  app.addSchema(subscriptionSchema);
  const response = { 200: { $ref: 'Assinatura#' }, ...errorResponses };

  const byFilial = (mode: SubscriptionChange, summary: string) =>
    app.post(
      `/api/Usuarios/${mode}Plano`,
      {
        schema: {
          operationId: `usuarios${mode === 'efetivar' ? 'Efetivar' : 'Migrar'}Plano`,
          tags: ['Usuarios'],
          summary,
          body: {
            type: 'object',
            required: ['filialId', 'planoId'],
            properties: { filialId: idSchema, planoId: idSchema },
          },
          response,
        },
      },
      async (request) => {
        const auth = requirePlanManager(request);
        const { filialId, planoId } = request.body as { filialId: number; planoId: number };
        const tenant = { empresaId: auth.empresaId, usuarioId: auth.usuarioId };
        return app.db.withTenant(tenant, async (tx) => {
          const filial = await tx.maybeOne('SELECT 1 FROM filial WHERE id = $1 AND empresa_id = $2', [
            filialId,
            auth.empresaId,
          ]);
          if (!filial) throw new HttpError(404, 'FILIAL_NAO_ENCONTRADA', 'Filial não encontrada.');
          return changeSubscription(tx, {
            empresaId: auth.empresaId,
            configWhiteLabelId: auth.configWhiteLabelId,
            planoId,
            mode,
          });
        });
      },
    );

  byFilial('efetivar', 'Efetiva um plano: a empresa sai do período de teste (vencimento em 30 dias)');
  byFilial('migrar', 'Troca o plano de uma empresa com assinatura efetivada');

  app.post(
    '/api/Usuarios/contratarPlano',
    {
      schema: {
        operationId: 'usuariosContratarPlano',
        tags: ['Usuarios'],
        summary: 'Contrata um plano (e módulos adicionais) para a empresa do usuário da sessão',
        body: {
          type: 'object',
          required: ['planoId'],
          properties: {
            planoId: idSchema,
            modulos: {
              description: 'Ids dos módulos adicionais (planoModulos do white-label)',
              type: 'array',
              maxItems: 50,
              items: { type: 'string', maxLength: 100 },
            },
          },
        },
        response,
      },
    },
    async (request) => {
      const auth = requirePlanManager(request);
      const { planoId, modulos } = request.body as { planoId: number; modulos?: string[] };
      const chosen = modulos ? await offeredModules(auth, modulos) : undefined;
      const tenant = { empresaId: auth.empresaId, usuarioId: auth.usuarioId };
      return app.db.withTenant(tenant, (tx) =>
        changeSubscription(
          tx,
          {
            empresaId: auth.empresaId,
            configWhiteLabelId: auth.configWhiteLabelId,
            planoId,
            mode: 'efetivar',
          },
          chosen,
        ),
      );
    },
  );

  app.get(
    '/api/Usuarios/assinatura',
    {
      schema: {
        operationId: 'usuariosAssinatura',
        tags: ['Usuarios'],
        summary:
          'Situação da assinatura da empresa do usuário da sessão (plano, vencimento, módulos adicionais)',
        response,
      },
    },
    async (request) => {
      const auth = requireUser(request);
      const tenant = { empresaId: auth.empresaId, usuarioId: auth.usuarioId };
      return app.db.withTenant(tenant, (tx) => readSubscription(tx, auth.empresaId));
    },
  );

  app.put(
    '/api/Usuarios/modulosAdicionais',
    {
      schema: {
        operationId: 'usuariosModulosAdicionais',
        tags: ['Usuarios'],
        summary: 'Substitui os módulos adicionais contratados pela empresa (assinatura em vigor)',
        body: {
          type: 'object',
          required: ['modulos'],
          properties: {
            modulos: {
              description:
                'Ids dos módulos adicionais (planoModulos do white-label); lista vazia cancela todos',
              type: 'array',
              maxItems: 50,
              items: { type: 'string', maxLength: 100 },
            },
          },
        },
        response,
      },
    },
    async (request) => {
      const auth = requirePlanManager(request);
      const chosen = await offeredModules(auth, (request.body as { modulos: string[] }).modulos);
      const tenant = { empresaId: auth.empresaId, usuarioId: auth.usuarioId };
      return app.db.withTenant(tenant, (tx) => setAddOnModules(tx, auth.empresaId, chosen));
    },
  );
}
