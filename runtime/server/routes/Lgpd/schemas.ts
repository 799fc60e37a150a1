/** Route schemas of /api/Lgpd (data subject requests of the company). */

export const lgpdBody = {
  type: 'object',
  properties: {
    termo: {
      type: 'string',
      minLength: 1,
      maxLength: 200,
      description: 'CPF ou CNPJ (com ou sem máscara), e-mail ou parte do nome do titular',
    },
  },
  required: ['termo'],
  additionalProperties: false,
} as const;

export const relatorioLgpdSchema = {
  $id: 'RelatorioLgpd',
  type: 'object',
  description:
    'O relatório de uma solicitação LGPD: que dados da pessoa a empresa tem, onde, desde quando, com quem são compartilhados e o que foi feito.',
  properties: {
    solicitacaoId: { type: 'integer' },
    tipo: { type: 'string', enum: ['consulta', 'anonimizacao'] },
    termo: { type: 'string' },
    criterio: { type: 'string', enum: ['cpf', 'email', 'nome'] },
    geradoEm: { type: 'string', format: 'date-time' },
    registros: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          entidade: { type: 'string' },
          rotulo: { type: 'string' },
          id: { type: 'integer' },
          desde: { type: ['string', 'null'] },
          dados: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                campo: { type: 'string' },
                rotulo: { type: 'string' },
                valor: { type: ['string', 'null'] },
              },
              required: ['campo', 'rotulo', 'valor'],
            },
          },
          retencao: { type: ['string', 'null'], description: 'Por que o registro é mantido (guarda legal)' },
          anonimizado: { type: 'boolean' },
        },
        required: ['entidade', 'rotulo', 'id', 'dados', 'retencao', 'anonimizado'],
      },
    },
    anonimizaveis: {
      type: 'integer',
      description: 'Registros que uma anonimização ainda alteraria (sem guarda legal, não anonimizados)',
    },
    compartilhamentos: { type: 'array', items: { type: 'string' } },
  },
  required: [
    'solicitacaoId',
    'tipo',
    'termo',
    'criterio',
    'geradoEm',
    'registros',
    'anonimizaveis',
    'compartilhamentos',
  ],
} as const;

export const solicitacaoLgpdSchema = {
  $id: 'SolicitacaoLgpd',
  type: 'object',
  properties: {
    id: { type: 'integer' },
    tipo: { type: 'string', enum: ['consulta', 'anonimizacao'] },
    termo: { type: 'string' },
    solicitante: { type: ['string', 'null'] },
    encontrados: { type: 'integer' },
    anonimizados: { type: 'integer' },
    mantidos: { type: 'integer' },
    criadoEm: { type: 'string', format: 'date-time' },
  },
  required: ['id', 'tipo', 'termo', 'encontrados', 'anonimizados', 'mantidos', 'criadoEm'],
} as const;
