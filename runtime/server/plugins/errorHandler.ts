import type { ErrorObject } from 'ajv';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { localizePtBR } from '../../core/createSchemaValidator.ts';
import { FilterError } from '../../core/loopbackFilter.ts';
import { DATABASE_UNAVAILABLE_MESSAGE, isConnectionError } from '../db/connectionErrors.ts';
import { envelope, HttpError } from '../errors.ts';
import { translatePgError } from '../services/errors/translatePgError.ts';

const FRAMEWORK_ERRORS: Record<string, [number, string, string]> = {
  FST_ERR_BAD_URL: [
    400,
    'TEXTO_INVALIDO',
    'O endereço da requisição contém caracteres inválidos (codificação que não é UTF-8).',
  ],
  FST_ERR_MAX_PARAM_LENGTH: [414, 'PARAMETRO_LONGO_DEMAIS', 'Um parâmetro do endereço é longo demais.'],
};

/**
 * Fastify's `frameworkErrors` (the router's own errors, raised before any hook or the error handler): the
 * same envelope and pt-BR messages as every other error.
 */
export function sendFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const [status, code, message] = FRAMEWORK_ERRORS[error.code] ?? [
    400,
    'REQUISICAO_INVALIDA',
    'Requisição inválida.',
  ];
  reply.code(status).send(envelope(status, code, message));
}

/** Turns every error into the LoopBack envelope with a pt-BR message; never a stack trace. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setNotFoundHandler((request, reply) => {
    reply
      .code(404)
      .send(
        envelope(
          404,
          'ROTA_NAO_ENCONTRADA',
          `Recurso não encontrado: ${request.method} ${request.url.split('?')[0]}`,
        ),
      );
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply
        .code(error.statusCode)
        .send(envelope(error.statusCode, error.code, error.message, error.details, error.codigo));
    }
    if (error instanceof FilterError) {
      return reply.code(400).send(envelope(400, error.code, error.message));
    }
    if (isConnectionError(error)) {
      request.log.warn({ err: error }, 'banco de dados indisponível');
      return reply
        .code(503)
        .header('retry-after', '5')
        .send(envelope(503, 'BANCO_INDISPONIVEL', DATABASE_UNAVAILABLE_MESSAGE));
    }
    const translated = translatePgError(error, { schemas: request.tenant?.schemas });
    if (translated) {
      return reply
        .code(translated.statusCode)
        .send(envelope(translated.statusCode, translated.code, translated.message, translated.details));
    }
    if (error.validation) {
      localizePtBR(error.validation as unknown as ErrorObject[]);
      const details = error.validation.map((issue) => ({
        campo: (
          issue.instancePath ||
          `/${String((issue.params as { missingProperty?: string }).missingProperty ?? '')}`
        )
          .replace(/^\//, '')
          .replaceAll('/', '.'),
        mensagem: issue.message ?? 'inválido',
      }));
      const first = details[0];
      const where = error.validationContext === 'querystring' ? 'parâmetro' : 'campo';
      // The body (or the query) as a whole has the wrong shape: an empty body where one is needed, an array…
      const whole =
        first?.campo === '' &&
        (error.validationContext === 'body'
          ? 'Dados inválidos: envie no corpo da requisição um objeto JSON com os campos pedidos.'
          : 'Dados inválidos: parâmetros da requisição em formato inesperado.');
      const message =
        whole ||
        (first ? `Dados inválidos: ${where} "${first.campo}" ${first.mensagem}.` : 'Dados inválidos.');
      return reply.code(400).send(envelope(400, 'DADOS_INVALIDOS', message, { fields: details }));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const known: Record<string, string> = {
        FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Tipo de conteúdo não suportado; envie application/json.',
        FST_ERR_CTP_EMPTY_JSON_BODY: 'O corpo da requisição está vazio; envie um JSON.',
        FST_ERR_CTP_BODY_TOO_LARGE: 'O corpo da requisição é grande demais.',
        FST_ERR_CTP_INVALID_JSON_BODY: 'O corpo da requisição não é um JSON válido.',
      };
      const message =
        known[error.code] ?? (/[ãçéáíóú]/i.test(error.message) ? error.message : 'Requisição inválida.');
      return reply.code(status).send(envelope(status, error.code ?? 'REQUISICAO_INVALIDA', message));
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply
      .code(500)
      .send(
        envelope(
          500,
          'ERRO_INTERNO',
          'Erro interno do servidor. Tente novamente; se persistir, contate o suporte.',
        ),
      );
  });
}
