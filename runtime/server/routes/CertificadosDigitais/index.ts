import type { FastifyInstance, FastifyRequest } from 'fastify';
import { checkPermission } from '../../../core/checkPermission.ts';
import { formatDate } from '../../../core/formatDate.ts';
import { resolveEntity } from '../../../core/resolveEntity.ts';
import { PermissionLevel } from '../../../core/types.ts';
import type { Tx } from '../../db/database.ts';
import { HttpError } from '../../errors.ts';
import { requirePermission } from '../../plugins/auth.ts';
import { readSchemaFiles } from '../../schemas/readSchemaFiles.ts';
import { certificadoContext } from '../../services/certificados/certificadoContext.ts';
import {
  deleteCertificado,
  findCertificado,
  upsertCertificado,
} from '../../services/certificados/certificadoRepository.ts';
import { certificateKey } from '../../services/certificados/certificateKey.ts';
import { readPkcs12InWorker } from '../../services/certificados/readPkcs12InWorker.ts';
import { sealSecret } from '../../services/certificados/sealSecret.ts';
import type { TenantRegistry } from '../../services/tenantRegistry.ts';
import { errorResponses } from '../errorResponses.ts';
import { certificadoSchema, idParams, uploadBody } from './schemas.ts';

const tags = ['CertificadosDigitais'];
const url = '/api/CertificadosDigitais';

export { certificadoContext };

/**
 * /api/CertificadosDigitais: the A1 certificate of the user's selected branch (entity certificadoDigital,
 * scope filial, singleton). GET describes it, POST opens the uploaded PKCS#12 with its password and stores
 * file and password encrypted (AES-256-GCM, key from certificateKey), replacing the branch's previous
 * one; DELETE removes it. Neither the file nor the password is ever returned. Registered before the
 * generic records API, which then leaves the resource alone.
 */
export async function certificadosDigitaisRoutes(app: FastifyInstance): Promise<void> {
  // Built without services (npm run generate) the app has no tenant registry: read the files.
  const tenants = app.tenants as TenantRegistry | undefined;
  const files = tenants?.schemaFiles ?? (await readSchemaFiles()).files;
  const permission = resolveEntity('certificadoDigital', files).permission;

  const inBranch = async <T>(
    request: FastifyRequest,
    level: number,
    fn: (tx: Tx, scope: Scope) => Promise<T>,
  ) => {
    const auth = requirePermission(request, permission, level);
    if (!auth.filialId)
      throw new HttpError(400, 'FILIAL_NAO_SELECIONADA', 'Selecione uma filial para acessar este cadastro.');
    const scope = { empresaId: auth.empresaId, filialId: auth.filialId, usuarioId: auth.usuarioId };
    return app.db.withTenant(scope, (tx) => fn(tx, scope));
  };

  app.get(
    url,
    {
      schema: {
        operationId: 'certificadosDigitaisFind',
        tags,
        summary: 'O certificado digital A1 da filial selecionada (lista com zero ou um item)',
        response: { 200: { type: 'array', items: certificadoSchema }, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      inBranch(request, PermissionLevel.VISUALIZAR, async (tx) => {
        const found = await findCertificado(tx);
        return found ? [found] : [];
      }),
  );

  app.post(
    url,
    {
      schema: {
        operationId: 'certificadosDigitaisUpload',
        tags,
        summary:
          'Envia o certificado A1 (.pfx/.p12 em base64) com a senha; substitui o da filial. Arquivo e senha ficam cifrados e nunca são devolvidos',
        body: uploadBody,
        response: { 200: certificadoSchema, ...errorResponses(400, 401, 403, 413, 422, 503) },
      },
    },
    async (request) => {
      const body = request.body as { arquivo: string; senha: string; nomeArquivo?: string };
      return inBranch(request, PermissionLevel.CRIAR, async (tx, scope) => {
        const bytes = Buffer.from(body.arquivo, 'base64');
        const info = await readPkcs12InWorker(bytes, body.senha);
        if (info.validoAte.getTime() < Date.now()) {
          throw new HttpError(
            400,
            'CERTIFICADO_VENCIDO',
            `O certificado enviado venceu em ${formatDate(info.validoAte)}. Envie um certificado dentro da validade.`,
          );
        }
        if (
          (await findCertificado(tx)) &&
          !checkPermission(request.auth, permission, PermissionLevel.ALTERAR)
        )
          throw new HttpError(
            403,
            'ACESSO_NEGADO',
            'Você não tem permissão para substituir o certificado digital. Fale com o administrador da empresa.',
          );
        const key = await certificateKey(app.config.dataDir);
        const { empresaId, filialId } = scope;
        return upsertCertificado(tx, scope, info, {
          nomeArquivo: body.nomeArquivo?.trim() || null,
          arquivoCifrado: sealSecret(bytes, key, certificadoContext(empresaId, filialId, 'arquivo')),
          senhaCifrada: sealSecret(
            Buffer.from(body.senha, 'utf8'),
            key,
            certificadoContext(empresaId, filialId, 'senha'),
          ),
        });
      });
    },
  );

  app.delete(
    `${url}/:id`,
    {
      schema: {
        operationId: 'certificadosDigitaisDeleteById',
        tags,
        summary: 'Remove o certificado digital da filial',
        params: idParams,
        response: {
          200: { type: 'object', required: ['count'], properties: { count: { type: 'integer' } } },
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      return inBranch(request, PermissionLevel.TOTAL, async (tx) => {
        const count = await deleteCertificado(tx, id);
        if (count === 0)
          throw new HttpError(404, 'REGISTRO_NAO_ENCONTRADO', 'Certificado digital não encontrado.');
        return { count };
      });
    },
  );
}

type Scope = { empresaId: number; filialId: number; usuarioId: number };
