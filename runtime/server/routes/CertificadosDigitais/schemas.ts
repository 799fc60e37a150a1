/** JSON schemas of the CertificadosDigitais API (the branch's A1 certificate). */

/** Largest accepted file: A1 certificates with their chain have a few KiB. */
export const MAX_CERTIFICADO_BYTES = 64 * 1024;

export const certificadoSchema = {
  type: 'object',
  required: [
    'id',
    'versao',
    'titular',
    'cnpj',
    'emissor',
    'numeroSerie',
    'validoDe',
    'validoAte',
    'nomeArquivo',
    'alteradoEm',
  ],
  properties: {
    id: { type: 'integer' },
    versao: { type: 'integer' },
    titular: { type: 'string', description: 'Nome comum (CN) do titular, sem o CNPJ' },
    cnpj: {
      type: 'string',
      nullable: true,
      description: 'CNPJ (14 dígitos) do titular, lido do certificado',
    },
    emissor: { type: 'string', description: 'Autoridade certificadora emissora' },
    numeroSerie: { type: 'string' },
    validoDe: { type: 'string', format: 'date-time' },
    validoAte: { type: 'string', format: 'date-time' },
    nomeArquivo: { type: 'string', nullable: true },
    alteradoEm: { type: 'string', format: 'date-time' },
  },
} as const;

export const uploadBody = {
  type: 'object',
  required: ['arquivo', 'senha'],
  additionalProperties: false,
  properties: {
    arquivo: {
      type: 'string',
      minLength: 1,
      // base64 of at most MAX_CERTIFICADO_BYTES.
      maxLength: Math.ceil(MAX_CERTIFICADO_BYTES / 3) * 4,
      pattern: '^[A-Za-z0-9+/]+={0,2}$',
      description: 'O arquivo .pfx/.p12 em base64',
    },
    senha: {
      type: 'string',
      minLength: 1,
      maxLength: 200,
      description: 'Senha do certificado (não é devolvida)',
    },
    nomeArquivo: { type: 'string', maxLength: 255 },
  },
} as const;

export const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1 } },
} as const;
