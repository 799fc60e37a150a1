/** JSON schemas of the white-label configuration API (spec 001 §3.6, §7.1). */

import { errorResponses } from '../errorResponses.ts';

export const configErrorResponses = errorResponses(400, 401, 403, 404, 409);

const text = { type: 'string' } as const;
const flag = { type: 'boolean' } as const;

/** Members shared by the configuration returned and the one sent (POST/PUT). */
const settingsProperties = {
  idConfig: { type: 'string', minLength: 1, maxLength: 60, pattern: '^[A-Za-z0-9_.-]+$' },
  title: { type: 'string', minLength: 1, maxLength: 120 },
  tema: { type: 'string', description: 'Nome do tema (schemas/tenant/themes.json)' },
  misc: {
    type: 'object',
    additionalProperties: true,
    properties: {
      textoDestaqueCadastro: text,
      textoAlertaCadastro: text,
      exibirCpfCnpjTelaCadastro: flag,
      exibirNomeUsuarioTelaCadastro: flag,
      exibirNomeEmpresaTelaCadastro: flag,
      exibirTelefoneTelaCadastro: flag,
      exibirRegimeTelaCadastro: flag,
      customThemeColor: text,
      secondaryThemeColor: text,
      linkFavicon: text,
      scriptIncorporar: text,
      scriptLink: text,
      adobeAnalytics: flag,
      integracaoPloomes: {
        type: 'object',
        description:
          'TOKEN só se grava (nunca é devolvido; vazio mantém o atual, null apaga); a leitura mostra TOKENDefinido',
        properties: {
          STAGE_ID: { type: ['integer', 'string'] },
          TOKEN: { ...text, writeOnly: true },
          URL: text,
        },
      },
    },
  },
  modulos: {
    type: 'array',
    items: {
      type: 'object',
      properties: { id: text, ativo: flag, menus: { type: 'array', items: text } },
    },
  },
  planoModulos: {
    type: 'array',
    items: {
      type: 'object',
      properties: { id: text, nome: text, descricao: text, valor: { type: 'number' }, visivel: flag },
    },
  },
  imagens: {
    type: 'object',
    description: 'Endereços carregáveis pelo navegador (caminhos de tenants/<slug>/ viram /tenants/<slug>/…)',
    properties: { logo: text, capa: text },
  },
  documentos: { type: 'object', properties: { termoUso: text, politicaPrivacidade: text } },
  API_ENDPOINT: { type: 'string', description: 'Base da API; vazio = mesma origem' },
  cacheAtivo: flag,
  cadastroAtivo: flag,
  telaLogin: {
    type: 'object',
    properties: { tipo: { type: 'string', enum: ['imagem', 'iframe', 'html'] }, iframeUrl: text, html: text },
  },
  planoPadrao: {
    type: 'object',
    properties: { idExterno: text, diasTrial: { type: 'integer' } },
  },
  enderecoDownloadPdv: text,
  ajuda: {
    type: 'object',
    description:
      'Ajuda vista pelos usuários: links (só https) e contato do suporte (telefones só com dígitos); links substitui a lista inteira',
    properties: {
      links: {
        type: 'array',
        items: {
          type: 'object',
          required: ['titulo', 'url'],
          properties: { titulo: text, url: text, descricao: text },
        },
      },
      contato: {
        type: 'object',
        properties: { email: text, telefone: text, whatsapp: text, horarioAtendimento: text },
      },
    },
  },
  dominios: { type: 'array', items: { type: 'string', maxLength: 253 } },
} as const;

/** What a read shows of the CRM settings: the stage and URL to the white-label's operators, never the token. */
const integracaoPloomesOutput = {
  type: 'object',
  description:
    'Só a equipe da plataforma e o master do white-label veem STAGE_ID e TOKENDefinido; o TOKEN nunca é devolvido',
  properties: { STAGE_ID: { type: ['integer', 'string'] }, TOKENDefinido: flag, URL: text },
} as const;

export const configWhiteLabelSchema = {
  $id: 'ConfigWhiteLabel',
  type: 'object',
  required: ['id', 'idConfig', 'title', 'tema', 'misc', 'modulos', 'imagens', 'dominios'],
  properties: {
    id: { type: 'integer' },
    ...settingsProperties,
    misc: {
      ...settingsProperties.misc,
      properties: { ...settingsProperties.misc.properties, integracaoPloomes: integracaoPloomesOutput },
    },
  },
} as const;

/** PUT body: any subset of the members (objects merge into the current value, arrays replace). */
export const configWhiteLabelInputSchema = {
  $id: 'ConfigWhiteLabelInput',
  type: 'object',
  properties: { id: { type: 'integer' }, ...settingsProperties },
} as const;

/** POST body: a new configuration needs its idConfig, title and at least one domain. */
export const configWhiteLabelCreateSchema = {
  $id: 'ConfigWhiteLabelCreate',
  type: 'object',
  required: ['idConfig', 'title', 'dominios'],
  properties: {
    ...settingsProperties,
    modelo: {
      type: 'string',
      minLength: 1,
      maxLength: 60,
      description:
        'idConfig de um white-label existente: o novo começa com as telas dele (arquivos de tenants/ e a versão publicada no estúdio) como versão 1 do estúdio',
    },
  },
} as const;

export const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } },
} as const;
