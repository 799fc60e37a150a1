/** JSON schemas of the Nps API (Pesquisa NPS of a white-label: configuration, results, the user's answer). */

import { errorResponses } from '../errorResponses.ts';

export const npsErrorResponses = errorResponses(400, 401, 403, 404, 409);

/** The question asked when the white-label did not write its own. */
export const PERGUNTA_PADRAO =
  'Em uma escala de 0 a 10, o quanto você recomendaria o sistema a um amigo ou colega?';
export const INTERVALO_PADRAO = 90;

const configProperties = {
  ativa: { type: 'boolean', description: 'A pesquisa é feita aos usuários' },
  pergunta: { type: 'string', minLength: 10, maxLength: 300 },
  intervaloDias: {
    type: 'integer',
    minimum: 1,
    maximum: 3650,
    description: 'Dias entre duas perguntas ao mesmo usuário',
  },
} as const;

export const npsConfigSchema = {
  $id: 'NpsConfig',
  type: 'object',
  required: ['configWhiteLabel', 'ativa', 'pergunta', 'intervaloDias'],
  properties: { configWhiteLabel: { type: 'integer' }, ...configProperties },
} as const;

export const npsConfigBody = {
  type: 'object',
  required: ['ativa', 'pergunta', 'intervaloDias'],
  properties: {
    configWhiteLabel: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
    ...configProperties,
  },
} as const;

export const npsResultadoSchema = {
  $id: 'NpsResultado',
  type: 'object',
  required: [
    'configWhiteLabel',
    'nps',
    'respostas',
    'promotores',
    'neutros',
    'detratores',
    'dispensas',
    'distribuicao',
    'comentarios',
  ],
  properties: {
    configWhiteLabel: { type: 'integer' },
    nps: {
      type: 'integer',
      nullable: true,
      description: '% promotores (9–10) − % detratores (0–6); nulo sem respostas',
    },
    respostas: { type: 'integer' },
    promotores: { type: 'integer' },
    neutros: { type: 'integer' },
    detratores: { type: 'integer' },
    dispensas: { type: 'integer', description: 'Vezes que um usuário fechou a pergunta sem responder' },
    distribuicao: {
      type: 'array',
      description: 'Quantidade de respostas por nota, de 0 a 10',
      items: { type: 'integer' },
    },
    comentarios: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'nota', 'comentario', 'empresa', 'usuario', 'data'],
        properties: {
          id: { type: 'integer' },
          nota: { type: 'integer' },
          comentario: { type: 'string' },
          empresa: { type: 'string' },
          usuario: { type: 'string' },
          data: { type: 'string', format: 'date-time' },
        },
      },
    },
  },
} as const;

export const npsResultadoQuery = {
  type: 'object',
  properties: {
    configWhiteLabel: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
    de: { type: 'string', maxLength: 10, description: 'AAAA-MM-DD (inclusive)' },
    ate: { type: 'string', maxLength: 10, description: 'AAAA-MM-DD (inclusive)' },
  },
} as const;

export const npsPendenteSchema = {
  $id: 'NpsPendente',
  type: 'object',
  required: ['perguntar'],
  properties: { perguntar: { type: 'boolean' }, pergunta: { type: 'string' } },
} as const;

export const npsRespostaBody = {
  type: 'object',
  required: ['nota'],
  properties: {
    nota: { type: 'integer', minimum: 0, maximum: 10 },
    comentario: { type: 'string', maxLength: 2000 },
  },
} as const;
