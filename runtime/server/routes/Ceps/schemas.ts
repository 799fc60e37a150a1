/** JSON schemas of the address reference data (municipalities, UFs, banks). */

import { errorResponses } from '../errorResponses.ts';

export const referenceErrorResponses = errorResponses(400, 404);

export const cidadeSchema = {
  $id: 'Cidade',
  type: 'object',
  properties: {
    codigo: { type: 'integer', description: 'Código IBGE do município (7 dígitos)' },
    nome: { type: 'string', description: 'Nome com acentos' },
    uf: { type: 'string', description: 'Sigla da UF' },
  },
} as const;

export const ufSchema = {
  $id: 'Uf',
  type: 'object',
  required: ['sigla', 'nome', 'codigo'],
  properties: {
    sigla: { type: 'string' },
    nome: { type: 'string' },
    codigo: { type: 'integer', description: 'Código IBGE da UF (EX = 99, exterior)' },
  },
} as const;

export const bancoSchema = {
  $id: 'Banco',
  type: 'object',
  required: ['codigo', 'ispb', 'nome', 'nomeCurto'],
  properties: {
    codigo: { type: 'string', description: 'Código COMPE (3 dígitos)' },
    ispb: { type: 'string' },
    nome: { type: 'string' },
    nomeCurto: { type: 'string' },
  },
} as const;
