import { importacaoBody } from '../Produtos/schemas.ts';

/** The same field list and result as the produto import (Estoque › Importar arquivo). */
export { importacaoCamposResponse, importacaoResponse } from '../Produtos/schemas.ts';

export const entidadeParams = {
  type: 'object',
  required: ['entidade'],
  properties: {
    entidade: {
      type: 'string',
      minLength: 1,
      maxLength: 60,
      description: 'Nome da entidade: cliente, fornecedor, transportador, produto, servico ou categoria',
    },
  },
} as const;

export const importacaoLinhasBody = {
  type: 'object',
  required: ['linhas'],
  additionalProperties: false,
  properties: {
    linhas: {
      ...importacaoBody.properties.linhas,
      items: {
        ...importacaoBody.properties.linhas.items,
        properties: {
          ...importacaoBody.properties.linhas.items.properties,
          valores: {
            ...importacaoBody.properties.linhas.items.properties.valores,
            description: 'Campo da entidade → texto da célula',
          },
        },
      },
    },
  },
} as const;

export const importacaoEntidadesResponse = {
  type: 'array',
  items: {
    type: 'object',
    required: ['entidade', 'label', 'labelPlural', 'genero', 'podeImportar'],
    properties: {
      entidade: { type: 'string' },
      label: { type: 'string' },
      labelPlural: { type: 'string' },
      genero: { type: 'string', enum: ['m', 'f'] },
      podeImportar: {
        type: 'boolean',
        description: 'Se o perfil tem CRIAR na chave da própria entidade',
      },
    },
  },
} as const;
