import type { FastifyInstance } from 'fastify';
import { ownsWhiteLabel } from '../../../core/authorization/ownsWhiteLabel.ts';
import type { Tx } from '../../db/database.ts';
import { HttpError } from '../../errors.ts';
import { requireAvancoOrMaster, requireUser } from '../../plugins/auth.ts';
import { ALERTA_COLUMNS, type Alerta, type AlertaTipo, toAlerta } from '../../services/alertaView.ts';
import { insertAlerta } from '../../services/insertAlerta.ts';
import { alertaErrorResponses, alertaIdParams, countSchema } from './schemas.ts';

interface AlertaBody {
  tipo: AlertaTipo;
  texto: string;
  link?: string | null;
  permiteExcluir?: boolean;
}

interface Recipient {
  id: number;
  empresa_id: number;
  config_white_label_id: number;
}

const RECIPIENT_SQL = 'SELECT id, empresa_id, config_white_label_id FROM usuario WHERE id = $1 AND ativo';

/** POST, POST geral, PUT and DELETE of /api/Alertas (spec 001 §7.5). */
export async function alertasWriteRoutes(app: FastifyInstance): Promise<void> {
  app.post(
    '/api/Alertas',
    {
      schema: {
        operationId: 'alertasCreate',
        tags: ['Alertas'],
        summary:
          'Envia um alerta a um usuário: o administrador da empresa (perfilAdmin) aos seus usuários; a equipe da plataforma a qualquer um',
        body: { $ref: 'AlertaInput#' },
        response: { 200: { $ref: 'Alerta#' }, ...alertaErrorResponses },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      const staff = auth.isAvanco || auth.master;
      if (!staff && !auth.perfilAdmin) {
        throw new HttpError(403, 'ACESSO_NEGADO', 'Somente o administrador da empresa pode enviar alertas.');
      }
      const body = request.body as AlertaBody & { usuarioId: number };
      // Staff may reach any company's user (master: of its own white-label); an admin, by RLS, only its own company's.
      const target = staff
        ? await app.db.withSystem((tx) => tx.maybeOne<Recipient>(RECIPIENT_SQL, [body.usuarioId]))
        : await app.db.withTenant({ empresaId: auth.empresaId, usuarioId: auth.usuarioId }, (tx) =>
            tx.maybeOne<Recipient>(RECIPIENT_SQL, [body.usuarioId]),
          );
      if (!target || (staff && !ownsWhiteLabel(auth, target.config_white_label_id))) {
        throw new HttpError(404, 'USUARIO_NAO_ENCONTRADO', `Usuário ${body.usuarioId} não encontrado.`);
      }
      const alerta = await app.db.withTenant(
        { empresaId: target.empresa_id, usuarioId: auth.usuarioId },
        (tx) =>
          insertAlerta(tx, {
            ...body,
            configWhiteLabelId: target.config_white_label_id,
            empresaId: target.empresa_id,
            usuarioId: target.id,
            criadoPor: auth.usuarioId,
          }),
      );
      app.realtime?.emitToUser(target.id, 'alerta', alerta);
      return alerta;
    },
  );

  app.post(
    '/api/Alertas/geral',
    {
      schema: {
        operationId: 'alertasGeral',
        tags: ['Alertas'],
        summary:
          'Envia um alerta a todos os usuários ativos de um white-label, ou só aos de uma empresa dele (equipe da plataforma)',
        body: { $ref: 'AlertaGeralInput#' },
        response: { 200: countSchema, ...alertaErrorResponses },
      },
    },
    async (request) => {
      const auth = requireAvancoOrMaster(request);
      const body = request.body as AlertaBody & { configWhiteLabelId?: number; empresaId?: number };
      const configId = body.configWhiteLabelId ?? request.tenant.id;
      if (!ownsWhiteLabel(auth, configId)) {
        throw new HttpError(
          403,
          'ACESSO_NEGADO',
          'Você só pode enviar alertas aos usuários do seu white-label.',
        );
      }
      if (!(await app.tenants.byId(configId))) {
        throw new HttpError(404, 'WHITE_LABEL_NAO_ENCONTRADO', `White-label ${configId} não encontrado.`);
      }
      const empresaId = body.empresaId ?? null;
      const rows = await app.db.withSystem(async (tx) => {
        if (
          empresaId !== null &&
          !(await tx.maybeOne('SELECT 1 FROM empresa WHERE id = $1 AND config_white_label_id = $2', [
            empresaId,
            configId,
          ]))
        ) {
          throw new HttpError(
            404,
            'EMPRESA_NAO_ENCONTRADA',
            `Empresa ${empresaId} não encontrada entre as empresas deste white-label.`,
          );
        }
        return tx.query(
          `INSERT INTO alerta (config_white_label_id, empresa_id, usuario_id, tipo, texto, link, permite_excluir, geral, criado_por)
           SELECT config_white_label_id, empresa_id, id, $2, $3, $4, $5, true, $6
             FROM usuario WHERE config_white_label_id = $1 AND ativo AND ($7::bigint IS NULL OR empresa_id = $7)
           RETURNING id`,
          [
            configId,
            body.tipo,
            body.texto,
            body.link || null,
            body.permiteExcluir ?? true,
            auth.usuarioId,
            empresaId,
          ],
        );
      });
      // Each recipient has its own row (own id), so the clients are told to refetch.
      const event = {
        tipo: body.tipo,
        texto: body.texto,
        link: body.link || null,
        permiteExcluir: body.permiteExcluir ?? true,
      };
      if (empresaId === null) app.realtime?.emitToWhiteLabel(configId, 'alerta', event);
      else app.realtime?.emitToEmpresa(empresaId, 'alerta', event);
      return { count: rows.length };
    },
  );

  app.put(
    '/api/Alertas/:id',
    {
      schema: {
        operationId: 'alertasUpdate',
        tags: ['Alertas'],
        summary:
          'Marca um alerta como lido ou não lido; texto, tipo, link e permiteExcluir só pela equipe da plataforma',
        params: alertaIdParams,
        body: { $ref: 'AlertaUpdate#' },
        response: { 200: { $ref: 'Alerta#' }, ...alertaErrorResponses },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      const { id } = request.params as { id: number };
      const body = request.body as Partial<Alerta>;
      const staff = auth.isAvanco || auth.master;
      // Everyone reaches their own alerts; master users their white-label's, isAvanco every one.
      const [scope, scopeParam] = auth.isAvanco
        ? ['TRUE', null]
        : auth.master
          ? ['config_white_label_id = $2', auth.configWhiteLabelId]
          : ['usuario_id = $2', auth.usuarioId];
      const update = async (tx: Tx) => {
        const params = scopeParam === null ? [id] : [id, scopeParam];
        const current = await tx.maybeOne<Alerta & { usuario_id: number }>(
          `SELECT ${ALERTA_COLUMNS}, usuario_id FROM alerta WHERE id = $1 AND ${scope} FOR UPDATE`,
          params,
        );
        if (!current) throw new HttpError(404, 'ALERTA_NAO_ENCONTRADO', `Alerta ${id} não encontrado.`);
        const changed = (['tipo', 'texto', 'link', 'permiteExcluir'] as const).filter(
          (key) =>
            body[key] !== undefined && (key === 'link' ? body.link || null : body[key]) !== current[key],
        );
        if (changed.length > 0 && !staff) {
          throw new HttpError(
            403,
            'ACESSO_NEGADO',
            'Somente a equipe da plataforma pode alterar o texto de um alerta.',
          );
        }
        const row = await tx.one<Alerta>(
          `UPDATE alerta SET tipo = $2, texto = $3, link = $4, permite_excluir = $5,
                  lido_em = CASE WHEN $6::boolean IS NULL THEN lido_em WHEN $6 THEN coalesce(lido_em, now()) END
            WHERE id = $1 RETURNING ${ALERTA_COLUMNS}`,
          [
            id,
            body.tipo ?? current.tipo,
            body.texto ?? current.texto,
            body.link === undefined ? current.link : body.link || null,
            body.permiteExcluir ?? current.permiteExcluir,
            body.lido ?? null,
          ],
        );
        return { alerta: toAlerta(row), recipient: current.usuario_id, changed: changed.length > 0 };
      };
      const result = staff
        ? await app.db.withSystem(update)
        : await app.db.withTenant({ empresaId: auth.empresaId, usuarioId: auth.usuarioId }, update);
      if (result.changed) app.realtime?.emitToUser(result.recipient, 'alerta', result.alerta);
      return result.alerta;
    },
  );

  app.delete(
    '/api/Alertas/:id',
    {
      schema: {
        operationId: 'alertasDeleteById',
        tags: ['Alertas'],
        summary: 'Exclui um alerta do usuário da sessão (não quando permiteExcluir é false)',
        params: alertaIdParams,
        response: { 200: countSchema, ...alertaErrorResponses },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      const { id } = request.params as { id: number };
      return app.db.withTenant({ empresaId: auth.empresaId, usuarioId: auth.usuarioId }, async (tx) => {
        const current = await tx.maybeOne<{ permite_excluir: boolean }>(
          'SELECT permite_excluir FROM alerta WHERE id = $1 AND usuario_id = $2 FOR UPDATE',
          [id, auth.usuarioId],
        );
        if (!current) throw new HttpError(404, 'ALERTA_NAO_ENCONTRADO', `Alerta ${id} não encontrado.`);
        if (!current.permite_excluir) {
          throw new HttpError(403, 'ALERTA_NAO_EXCLUIVEL', 'Este alerta não pode ser excluído.');
        }
        await tx.query('DELETE FROM alerta WHERE id = $1', [id]);
        return { count: 1 };
      });
    },
  );
}
