/** JSON schemas of the Usuarios area (they become components of the OpenAPI document). */

import { alertaItemSchema } from '../Alertas/schemas.ts';
import { errorResponses as sharedErrorResponses } from '../errorResponses.ts';

const nullableString = { type: 'string', nullable: true } as const;
const nullableInteger = { type: 'integer', nullable: true } as const;

export const errorResponses = sharedErrorResponses(400, 401, 403, 404, 409, 429);

export const filialObjSchema = {
  $id: 'FilialSelecionada',
  type: 'object',
  required: ['id', 'nome'],
  properties: {
    id: { type: 'integer' },
    nome: { type: 'string' },
    apelido: nullableString,
    cpfCnpj: nullableString,
    ramoAtividade: nullableString,
    contratoId: nullableString,
    trial: { type: 'boolean' },
    integracoes: {
      type: 'array',
      items: {
        type: 'object',
        properties: { sistema: { type: ['integer', 'string'] }, id: { type: ['integer', 'string'] } },
      },
    },
    integracaoSerasa: { type: 'boolean' },
  },
} as const;

export const userInfoSchema = {
  $id: 'UserInfo',
  type: 'object',
  required: ['id', 'email', 'nome', 'permissoes', 'filialSelecionadaObj', 'configWhiteLabel', 'alertas'],
  properties: {
    id: { type: 'integer' },
    email: { type: 'string' },
    nome: { type: 'string' },
    avatar: nullableString,
    perfilAdmin: { type: 'boolean' },
    suporteWhiteLabel: { type: 'boolean' },
    isContador: { type: 'boolean' },
    isAvanco: { type: 'boolean' },
    master: { type: 'boolean' },
    painelAdministrativo: { type: 'boolean' },
    perfil: {
      type: 'object',
      nullable: true,
      properties: { id: { type: 'integer' }, nome: { type: 'string' } },
    },
    permissoes: {
      description: 'Chave de permissão → nível (0 NENHUMA … 4 TOTAL); null = sem restrição (administrador)',
      type: 'object',
      nullable: true,
      additionalProperties: { type: 'integer', minimum: 0, maximum: 4 },
    },
    favoritos: { type: 'array', items: { type: 'string' } },
    dialogos: { type: 'object', additionalProperties: true },
    filialSelecionada: nullableInteger,
    filialSelecionadaObj: { anyOf: [{ $ref: 'FilialSelecionada#' }, { type: 'null' }] },
    filiais: {
      type: 'array',
      items: {
        type: 'object',
        properties: { id: { type: 'integer' }, nome: { type: 'string' }, apelido: nullableString },
      },
    },
    empresaObj: {
      type: 'object',
      properties: {
        id: { type: 'integer' },
        nome: { type: 'string' },
        cpfCnpj: nullableString,
        trial: { type: 'boolean' },
        bloqueada: { type: 'boolean' },
        dataVencimento: { type: 'string', format: 'date', nullable: true },
      },
    },
    configWhiteLabel: {
      type: 'object',
      properties: {
        id: { type: 'integer' },
        idConfig: { type: 'string' },
        title: { type: 'string' },
        modulos: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              id: { type: 'string' },
              ativo: { type: 'boolean' },
              menus: { type: 'array', items: { type: 'string' } },
            },
          },
        },
        planoModulos: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              id: { type: 'string' },
              nome: { type: 'string' },
              descricao: { type: 'string' },
              valor: { type: 'number' },
              visivel: { type: 'boolean' },
            },
          },
        },
      },
    },
    menuContext: {
      description: 'O que o filtro de menus (spec 000 §6) precisa além do usuário',
      type: 'object',
      properties: {
        boletoGateway: { type: 'boolean' },
        stockCount: { type: 'integer' },
        hasContract: { type: 'boolean' },
        hasBillingIntegration: { type: 'boolean' },
        trial: { type: 'boolean' },
        dataVencimento: { type: 'string', nullable: true },
        planModulesCount: { type: 'integer' },
        posAddress: nullableString,
      },
    },
    alertas: {
      type: 'array',
      description: 'Os 20 alertas mais recentes do usuário',
      items: alertaItemSchema,
    },
  },
} as const;

export const loginUserSchema = {
  $id: 'LoginUser',
  type: 'object',
  properties: {
    id: { type: 'integer' },
    email: { type: 'string' },
    nome: { type: 'string' },
    empresaId: { type: 'integer' },
    isAvanco: { type: 'boolean' },
    master: { type: 'boolean' },
    isContador: { type: 'boolean' },
    perfilAdmin: { type: 'boolean' },
    painelAdministrativo: { type: 'boolean' },
  },
} as const;

export const accessTokenSchema = {
  $id: 'AccessToken',
  type: 'object',
  required: ['id', 'ttl', 'created', 'userId'],
  properties: {
    id: { type: 'string', description: 'Token da sessão (enviar em Authorization)' },
    ttl: { type: 'integer', description: 'Validade em segundos' },
    created: { type: 'string', format: 'date-time' },
    userId: { type: 'integer' },
    user: { $ref: 'LoginUser#' },
  },
} as const;
