import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../errors.ts';
import { CSV_TYPES } from './schemas.ts';

/** IBPT tables have ~13,000 lines (about 2 MB) per UF; 10 MB leaves room without inviting abuse. */
export const MAX_CSV_BYTES = 10 * 1024 * 1024;
const TOO_LARGE =
  'O arquivo excede o tamanho máximo de 10 MB. Confira se é o arquivo CSV da tabela e envie novamente.';
const WRONG_TYPE =
  'Envie o arquivo CSV no corpo da requisição (Content-Type text/csv ou application/octet-stream).';

/**
 * Lets this plugin's routes take a raw CSV body (bytes, decoded later as UTF-8 or Windows-1252) and
 * answers body problems of its uploads in pt-BR: 413 over 10 MB, 415 for another content type.
 */
export function registerCsvUpload(app: FastifyInstance): void {
  app.addContentTypeParser([...CSV_TYPES], { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.setErrorHandler((error: FastifyError, request) => {
    if (request.routeOptions.url?.endsWith('/importar')) {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
        throw new HttpError(413, 'ARQUIVO_GRANDE_DEMAIS', TOO_LARGE);
      if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
        throw new HttpError(415, 'TIPO_DE_ARQUIVO', WRONG_TYPE);
    }
    throw error;
  });
}

/** The uploaded bytes, or a 4xx when the body is not a file. */
export function uploadedBytes(request: FastifyRequest): Buffer {
  const bytes = request.body;
  if (!Buffer.isBuffer(bytes)) throw new HttpError(415, 'TIPO_DE_ARQUIVO', WRONG_TYPE);
  if (bytes.length === 0)
    throw new HttpError(400, 'ARQUIVO_VAZIO', 'Envie o arquivo CSV no corpo da requisição.');
  return bytes;
}

/** A file name as kept with the import: its last path segment, at most 255 characters. */
export function fileName(name: string | undefined): string {
  return (name ?? '').split(/[\\/]/).pop()?.trim().slice(0, 255) ?? '';
}
