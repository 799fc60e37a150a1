/** JSON schemas of the Conciliação OFX tools under /api/Lancamentos/conciliacao-ofx. */

const date = { type: 'string', format: 'date' } as const;
const fitId = { type: 'string', minLength: 1, maxLength: 255 } as const;

export const contasResponse = {
  type: 'array',
  items: {
    type: 'object',
    required: ['id', 'descricao'],
    properties: {
      id: { type: 'integer' },
      descricao: { type: 'string' },
      bancoCodigo: { type: 'string', nullable: true },
      agencia: { type: 'string', nullable: true },
      numeroConta: { type: 'string', nullable: true },
    },
  },
} as const;

export const sugestoesBody = {
  type: 'object',
  required: ['contaId', 'transacoes'],
  additionalProperties: false,
  properties: {
    contaId: { type: 'integer', minimum: 1 },
    transacoes: {
      type: 'array',
      maxItems: 2000,
      items: {
        type: 'object',
        required: ['fitId', 'data', 'valor'],
        additionalProperties: false,
        properties: { fitId, data: date, valor: { type: 'number' } },
      },
    },
  },
} as const;

export const sugestoesResponse = {
  type: 'object',
  required: ['itens'],
  properties: {
    itens: {
      type: 'array',
      items: {
        type: 'object',
        required: ['fitId', 'baixaId', 'sugerido', 'candidatos'],
        properties: {
          fitId: { type: 'string' },
          baixaId: { type: 'integer', nullable: true, description: 'Baixa que já concilia a transação' },
          sugerido: { type: 'integer', nullable: true, description: 'Lançamento sugerido' },
          candidatos: {
            type: 'array',
            items: {
              type: 'object',
              required: ['id', 'descricao', 'tipo', 'dataVencimento', 'saldo'],
              properties: {
                id: { type: 'integer' },
                descricao: { type: 'string' },
                tipo: { type: 'integer', description: '1 receita, 2 despesa' },
                dataVencimento: { type: 'string' },
                saldo: { type: 'number', description: 'Valor em aberto' },
              },
            },
          },
        },
      },
    },
  },
} as const;

export const baixasBody = {
  type: 'object',
  required: ['contaId', 'itens'],
  additionalProperties: false,
  properties: {
    contaId: { type: 'integer', minimum: 1 },
    itens: {
      type: 'array',
      minItems: 1,
      maxItems: 500,
      items: {
        type: 'object',
        required: ['fitId', 'lancamentoId', 'data', 'valor'],
        additionalProperties: false,
        properties: {
          fitId,
          lancamentoId: { type: 'integer', minimum: 1 },
          data: date,
          valor: { type: 'number', not: { const: 0 } },
        },
      },
    },
  },
} as const;

export const baixasResponse = {
  type: 'object',
  required: ['baixas'],
  properties: { baixas: { type: 'integer', description: 'Baixas criadas' } },
} as const;
