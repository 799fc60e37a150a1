import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PermissionLevel } from '../../../core/types.ts';
import { HttpError } from '../../errors.ts';
import {
  danfeArmazenado,
  danfeDePrevia,
  type EscopoNota,
  gerarDanfeArmazenado,
  notaComXml,
} from '../../fiscal/danfe/danfeDaNota.ts';
import { destinoEmailNota, enviarEmailNotaAgora } from '../../fiscal/emailNotaFiscal.ts';
import { xmlNotaFiscal } from '../../fiscal/emissaoNotaFiscal.ts';
import { agendarDanfe, enviarNotaPorEmail } from '../../fiscal/notaFiscalJobs.ts';
import { requirePermission } from '../../plugins/auth.ts';
import { errorResponses } from '../errorResponses.ts';
import { idParams } from '../records/recordRouteSchemas.ts';

const tags = ['NotasFiscais'];
/** Permission of NF-e › Notas processadas (entity notaFiscal). */
const PERMISSAO = 'NFE_NOTAS_PROCESSADAS';
/** How long the route waits for the queue to draw a DANFE before answering 503 (Retry-After). */
const ESPERA_DANFE_MS = 30_000;

function escopo(request: FastifyRequest, level: number): EscopoNota {
  const auth = requirePermission(request, PERMISSAO, level);
  if (!auth.filialId)
    throw new HttpError(400, 'FILIAL_NAO_SELECIONADA', 'Selecione a filial emitente para ver a nota fiscal.');
  return { empresaId: auth.empresaId, filialId: auth.filialId, usuarioId: auth.usuarioId };
}

const pausa = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * DANFE / DANFCE of a nota fiscal and its e-mail to the destinatário (issue 17). The PDF is drawn from the
 * note's stored XML by the job queue and kept; a request finds it stored, or asks the queue and waits for it.
 */
export async function notasFiscaisDanfeRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/api/NotasFiscais/:id/danfe',
    {
      schema: {
        operationId: 'notasFiscaisDanfe',
        tags,
        summary:
          'DANFE (NF-e, A4) ou DANFCE (NFC-e, 80 mm) em PDF, a partir do XML guardado da nota; "SEM VALOR FISCAL" em homologação ou sem protocolo e "CANCELADA" quando cancelada',
        params: idParams,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            previa: {
              type: 'boolean',
              default: false,
              description:
                'Monta agora o XML da nota (assinado com o certificado da filial, sem transmitir nem gravar) e imprime o DANFE dele, marcado SEM VALOR FISCAL; exige permissão de alterar',
            },
            modelo: {
              type: 'integer',
              enum: [55, 65],
              default: 55,
              description: 'Com previa: 55 NF-e, 65 NFC-e',
            },
          },
        },
        response: {
          200: {
            description: 'O PDF do DANFE',
            content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
          },
          ...errorResponses(400, 401, 403, 404, 422, 503),
        },
      },
    },
    async (request, reply) => {
      const { previa, modelo } = request.query as { previa?: boolean; modelo?: 55 | 65 };
      const { id } = request.params as { id: number };
      const headers = (nome: string) =>
        reply.headers({
          'content-disposition': `inline; filename="${nome}"`,
          'x-content-type-options': 'nosniff',
          'cache-control': 'private, no-store',
        });
      if (previa) {
        // The note as it would be sent now: built, signed and drawn, nothing stored.
        const scope = escopo(request, PermissionLevel.ALTERAR);
        const montado = await xmlNotaFiscal(app.db, scope, id, app.config.dataDir, {
          modelo: modelo ?? 55,
          versaoQrCode: 3,
        });
        headers(`previa-${montado.chave}-${montado.modelo === 65 ? 'danfce' : 'danfe'}.pdf`);
        return reply.type('application/pdf').send(await danfeDePrevia(app.db, scope, montado.xml));
      }
      const scope = escopo(request, PermissionLevel.VISUALIZAR);
      const nota = await notaComXml(app.db, scope, id);
      let pdf = (await danfeArmazenado(app.db, scope, nota)).pdf;
      if (!pdf && app.jobs) {
        await agendarDanfe(app.jobs, scope, id);
        const limite = Date.now() + ESPERA_DANFE_MS;
        while (!pdf && Date.now() < limite) {
          await pausa(150);
          pdf = (await danfeArmazenado(app.db, scope, nota)).pdf;
        }
        if (!pdf) {
          reply.header('retry-after', '10');
          throw new HttpError(
            503,
            'DANFE_EM_GERACAO',
            'O DANFE está sendo gerado. Tente novamente em alguns segundos.',
          );
        }
      }
      // Without a job queue (an app built without one) the PDF is drawn here, in a worker thread.
      pdf ??= await gerarDanfeArmazenado(app.db, scope, id);
      headers(`${nota.chave ?? `nota-${id}`}-${nota.modelo === 65 ? 'danfce' : 'danfe'}.pdf`);
      return reply.type('application/pdf').send(pdf);
    },
  );

  app.post(
    '/api/NotasFiscais/:id/enviarEmail',
    {
      schema: {
        operationId: 'notasFiscaisEnviarEmail',
        tags,
        summary:
          'Envia (de novo) ao e-mail do destinatário o XML da nota e o DANFE em PDF; o envio é feito pela fila',
        params: idParams,
        response: {
          202: {
            type: 'object',
            additionalProperties: false,
            required: ['para'],
            properties: {
              para: { type: 'string', description: 'E-mail do destinatário' },
              copia: { type: 'string', description: 'Cópia (configuração fiscal)' },
            },
          },
          ...errorResponses(400, 401, 403, 404, 422, 503),
        },
      },
    },
    async (request, reply) => {
      const scope = escopo(request, PermissionLevel.ALTERAR);
      const { id } = request.params as { id: number };
      // Checked now, so the user hears at once what is missing instead of a job that fails later.
      const nota = await notaComXml(app.db, scope, id);
      const destino = await destinoEmailNota(app.db, scope, nota.destinatarioId);
      if (app.jobs) await enviarNotaPorEmail(app.jobs, scope, id, { manual: true });
      else await enviarEmailNotaAgora({ db: app.db, mailer: app.mailer }, scope, id, true);
      reply.code(202);
      return { para: destino.para, ...(destino.copia ? { copia: destino.copia } : {}) };
    },
  );
}
