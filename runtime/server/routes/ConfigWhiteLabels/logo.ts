import { readFile } from 'node:fs/promises';
import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError } from '../../errors.ts';
import { requireWhiteLabelOperator } from '../../plugins/auth.ts';
import { PUBLIC } from '../../plugins/routeSecurity.ts';
import {
  type ConfigWhiteLabelRow,
  configWhiteLabelView,
  effectiveSettings,
} from '../../services/configWhiteLabelView.ts';
import { imageMatchesType, LOGO_TYPES, type LogoType } from '../../services/imageMatchesType.ts';
import { loadConfigRow } from '../../services/loadConfigRow.ts';
import { assetContentType, tenantAssetPath } from '../../services/tenantAssetPath.ts';
import { configErrorResponses, idParams } from './schemas.ts';

const MAX_LOGO_BYTES = 1024 * 1024;
const TOO_LARGE = 'A imagem excede o tamanho máximo de 1 MiB. Reduza o arquivo e envie novamente.';
const WRONG_TYPE =
  'Envie a imagem do logo como PNG, JPEG, SVG ou WebP (Content-Type image/png, image/jpeg, image/svg+xml ou image/webp).';
const TYPE_NAMES: Record<LogoType, string> = {
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'image/svg+xml': 'SVG',
  'image/webp': 'WebP',
};
/** Served images never run scripts on the app's origin (an SVG may carry some). */
const IMAGE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
};

const imageBody = { description: 'Bytes da imagem (máximo 1 MiB)' };

/** POST /api/ConfigWhiteLabels/{id}/upload (raw image body) and GET /api/ConfigWhiteLabels/{id}/logo. */
export async function configWhiteLabelLogoRoutes(app: FastifyInstance): Promise<void> {
  app.addContentTypeParser([...LOGO_TYPES], { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );
  app.setErrorHandler((error: FastifyError, request) => {
    // Body problems of the upload get upload-specific messages; everything else goes to the app's handler.
    if (request.routeOptions.url?.endsWith('/upload')) {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
        throw new HttpError(413, 'LOGO_GRANDE_DEMAIS', TOO_LARGE);
      if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
        throw new HttpError(415, 'TIPO_DE_IMAGEM', WRONG_TYPE);
    }
    throw error;
  });

  app.post(
    '/api/ConfigWhiteLabels/:id/upload',
    {
      bodyLimit: MAX_LOGO_BYTES,
      schema: {
        operationId: 'configWhiteLabelsUploadLogo',
        tags: ['ConfigWhiteLabels'],
        summary:
          'Envia o logo (corpo = bytes da imagem PNG, JPEG, SVG ou WebP, até 1 MiB); equipe da plataforma',
        params: idParams,
        body: { content: Object.fromEntries(LOGO_TYPES.map((type) => [type, { schema: imageBody }])) },
        response: {
          200: { $ref: 'ConfigWhiteLabel#' },
          ...configErrorResponses,
          413: { $ref: 'ErrorEnvelope#' },
          415: { $ref: 'ErrorEnvelope#' },
        },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      requireWhiteLabelOperator(request, id);
      const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() as LogoType;
      const bytes = request.body;
      if (!Buffer.isBuffer(bytes) || !LOGO_TYPES.includes(type))
        throw new HttpError(415, 'TIPO_DE_IMAGEM', WRONG_TYPE);
      if (bytes.length === 0)
        throw new HttpError(400, 'LOGO_VAZIO', 'Envie a imagem do logo no corpo da requisição.');
      if (!imageMatchesType(bytes, type)) {
        throw new HttpError(
          400,
          'LOGO_INVALIDO',
          `O arquivo enviado não é uma imagem ${TYPE_NAMES[type]} válida.`,
        );
      }
      const row = await app.db.withSystem(async (tx) => {
        await loadConfigRow(tx, id, true);
        return tx.one<ConfigWhiteLabelRow>(
          `UPDATE config_white_label SET logo = $2, logo_tipo = $3, alterado_em = now() WHERE id = $1
           RETURNING id, id_config, slug, base, patch, left(md5(logo), 12) AS logo_versao`,
          [id, bytes, type],
        );
      });
      await app.tenants.reload();
      return configWhiteLabelView(row, true);
    },
  );

  app.get(
    '/api/ConfigWhiteLabels/:id/logo',
    {
      schema: {
        operationId: 'configWhiteLabelsLogo',
        security: PUBLIC,
        tags: ['ConfigWhiteLabels'],
        summary: 'Logo da configuração: o enviado pela API ou, sem envio, o arquivo do white-label; pública',
        params: idParams,
        response: {
          200: {
            description: 'A imagem',
            content: { 'image/*': { schema: { type: 'string', format: 'binary' } } },
          },
          ...configErrorResponses,
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params as { id: number };
      const row = await app.db.withSystem((tx) =>
        tx.maybeOne<ConfigWhiteLabelRow & { logo: Buffer | null; logo_tipo: string | null }>(
          'SELECT id, id_config, slug, base, patch, NULL AS logo_versao, logo, logo_tipo FROM config_white_label WHERE id = $1',
          [id],
        ),
      );
      if (!row) {
        throw new HttpError(
          404,
          'CONFIGURACAO_NAO_ENCONTRADA',
          `Configuração de white-label ${id} não encontrada.`,
        );
      }
      reply.headers({ ...IMAGE_HEADERS, 'cache-control': 'public, max-age=300' });
      if (row.logo) return reply.type(row.logo_tipo ?? 'application/octet-stream').send(row.logo);
      const path = effectiveSettings(row).imagens?.logo ?? '';
      const file =
        row.slug && path.startsWith('assets/') ? await tenantAssetPath(row.slug, path.slice(7)) : null;
      if (!file) throw new HttpError(404, 'LOGO_NAO_ENCONTRADO', 'Esta configuração não tem logo.');
      return reply.type(assetContentType(file)).send(await readFile(file));
    },
  );
}
