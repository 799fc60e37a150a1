/** JSON schemas of the Conciliação OFX tools under /api/Lancamentos/conciliacao-ofx. */

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
