/** Request and response schemas of the Frente de caixa routes (runtime/server/routes/Caixas). */

const id = { type: 'integer', minimum: 1, maximum: 2_147_483_647 } as const;
// Cents are checked by the services (multipleOf 0.01 fails on binary fractions such as 0.07).
const money = { type: 'number', minimum: 0, maximum: 9_999_999_999.99 } as const;
const nullableId = { ...id, nullable: true } as const;

export const caixaParams = {
  type: 'object',
  required: ['id'],
  properties: { id },
} as const;

export const abrirBody = {
  type: 'object',
  required: ['pdvId', 'operadorPdvId'],
  additionalProperties: false,
  properties: {
    pdvId: { ...id, description: 'Terminal (PDV) da filial' },
    operadorPdvId: { ...id, description: 'Operador que assume o caixa' },
    valorAbertura: { ...money, default: 0, description: 'Fundo de troco em dinheiro' },
  },
} as const;

export const gavetaBody = {
  type: 'object',
  required: ['valor', 'motivo'],
  additionalProperties: false,
  properties: {
    valor: { ...money, description: 'Valor em dinheiro' },
    motivo: { type: 'string', maxLength: 200, description: 'Motivo (obrigatório)' },
  },
} as const;

export const fecharBody = {
  type: 'object',
  required: ['contado'],
  additionalProperties: false,
  properties: {
    contado: {
      type: 'array',
      maxItems: 50,
      description: 'Valor contado por forma de pagamento (a forma não informada conta zero)',
      items: {
        type: 'object',
        required: ['formaPagamentoId', 'valor'],
        additionalProperties: false,
        properties: { formaPagamentoId: id, valor: money },
      },
    },
    observacoes: { type: 'string', maxLength: 2000, nullable: true },
  },
} as const;

export const venderBody = {
  type: 'object',
  required: ['itens', 'pagamentos'],
  additionalProperties: false,
  properties: {
    itens: {
      type: 'array',
      minItems: 1,
      maxItems: 990,
      items: {
        type: 'object',
        required: ['quantidade'],
        additionalProperties: false,
        properties: {
          produtoId: { ...id, description: 'Produto pelo id' },
          codigo: {
            type: 'string',
            maxLength: 60,
            description: 'Ou pelo código de barras ou código do produto',
          },
          quantidade: { type: 'number', minimum: 0, maximum: 999_999, description: 'Quantidade' },
          desconto: { ...money, description: 'Desconto no item (R$)' },
        },
      },
    },
    desconto: { ...money, description: 'Desconto na venda (R$), além dos descontos dos itens' },
    pagamentos: {
      type: 'array',
      maxItems: 20,
      items: {
        type: 'object',
        required: ['formaPagamentoId', 'valor'],
        additionalProperties: false,
        properties: {
          formaPagamentoId: id,
          valor: { ...money, description: 'Valor entregue (em dinheiro pode passar do total: o troco)' },
        },
      },
    },
    clienteId: { ...nullableId, description: 'Cliente identificado na NFC-e (opcional)' },
    documentoConsumidor: {
      type: ['string', 'null'],
      maxLength: 18,
      description:
        'CPF ou CNPJ que o consumidor pediu na nota ("CPF na nota?"), com ou sem máscara, quando não há cliente cadastrado (opcional)',
    },
    operadorPdvId: { ...nullableId, description: 'Operador que registra (deve ser o do caixa)' },
  },
} as const;

const forma = {
  type: 'object',
  required: ['formaPagamentoId', 'descricao', 'dinheiro', 'esperado'],
  properties: {
    formaPagamentoId: { type: 'integer' },
    descricao: { type: 'string' },
    dinheiro: { type: 'boolean' },
    esperado: {
      type: 'number',
      nullable: true,
      description: 'O que a gaveta deve ter nesta forma (null para o operador de um PDV com fechamento cego)',
    },
  },
} as const;

const fechamento = {
  type: 'object',
  required: ['formaPagamentoId', 'descricao', 'esperado', 'contado', 'diferenca'],
  properties: {
    formaPagamentoId: { type: 'integer' },
    descricao: { type: 'string' },
    esperado: { type: 'number', nullable: true },
    contado: { type: 'number' },
    diferenca: {
      type: 'number',
      nullable: true,
      description: 'Contado − esperado (null para o operador de um PDV com fechamento cego)',
    },
  },
} as const;

export const resumoCaixaResponse = {
  type: 'object',
  required: [
    'id',
    'pdvId',
    'pdv',
    'situacao',
    'abertura',
    'valorAbertura',
    'fechamentoCego',
    'vendas',
    'formas',
    'fechamentos',
  ],
  properties: {
    id: { type: 'integer' },
    pdvId: { type: 'integer' },
    pdv: { type: 'string' },
    operadorPdvId: { type: 'integer', nullable: true },
    operador: { type: 'string', nullable: true },
    situacao: { type: 'string', nullable: true, description: 'aberto ou fechado' },
    abertura: { type: 'string', format: 'date-time' },
    fechamento: { type: 'string', format: 'date-time', nullable: true },
    valorAbertura: { type: 'number' },
    fechamentoCego: { type: 'boolean', description: 'O PDV conta o caixa às cegas (fechamento cego)' },
    vendas: {
      type: 'object',
      required: ['quantidade', 'total'],
      properties: {
        quantidade: { type: 'integer' },
        total: {
          type: 'number',
          nullable: true,
          description: 'null para o operador de um PDV com fechamento cego',
        },
      },
    },
    formas: { type: 'array', items: forma },
    fechamentos: { type: 'array', items: fechamento },
  },
} as const;

export const vendaResponse = {
  type: 'object',
  required: ['venda', 'nfce', 'erroNfce'],
  properties: {
    venda: {
      type: 'object',
      required: [
        'notaFiscalId',
        'caixaId',
        'serie',
        'numero',
        'valorProdutos',
        'valorDesconto',
        'valorTotal',
        'valorPago',
        'troco',
      ],
      properties: {
        notaFiscalId: { type: 'integer', description: 'A NFC-e (nota fiscal modelo 65) da venda' },
        caixaId: { type: 'integer' },
        serie: { type: 'integer' },
        numero: { type: 'integer' },
        valorProdutos: { type: 'number' },
        valorDesconto: { type: 'number' },
        valorTotal: { type: 'number' },
        valorPago: { type: 'number' },
        troco: { type: 'number' },
      },
    },
    nfce: {
      type: 'object',
      nullable: true,
      additionalProperties: true,
      description: 'Situação da NFC-e depois da transmissão (como em POST /api/NotasFiscais/{id}/emitir)',
    },
    erroNfce: {
      type: 'string',
      nullable: true,
      description: 'Por que a NFC-e não foi emitida (a venda está lançada; corrija e reenvie a mesma venda)',
    },
  },
} as const;

export const previaBody = {
  type: 'object',
  required: ['itens'],
  additionalProperties: false,
  properties: {
    itens: venderBody.properties.itens,
    desconto: venderBody.properties.desconto,
  },
} as const;

export const previaResponse = {
  type: 'object',
  required: ['itens', 'valorProdutos', 'valorDesconto', 'valorTotal'],
  properties: {
    itens: {
      type: 'array',
      items: {
        type: 'object',
        required: [
          'numeroItem',
          'produtoId',
          'codigo',
          'descricao',
          'unidade',
          'quantidade',
          'precoUnitario',
          'desconto',
          'valorTotal',
        ],
        properties: {
          numeroItem: { type: 'integer' },
          produtoId: { type: 'integer' },
          codigo: { type: 'string' },
          descricao: { type: 'string' },
          unidade: { type: 'string' },
          quantidade: { type: 'number' },
          precoUnitario: { type: 'number', description: 'Preço de venda com a promoção do dia' },
          desconto: { type: 'number' },
          valorTotal: { type: 'number' },
        },
      },
    },
    valorProdutos: { type: 'number' },
    valorDesconto: { type: 'number' },
    valorTotal: { type: 'number' },
  },
} as const;

const opcao = {
  type: 'object',
  required: ['id', 'descricao'],
  properties: { id: { type: 'integer' }, descricao: { type: 'string' } },
} as const;

export const cadastrosFrenteResponse = {
  type: 'object',
  required: ['pdvs', 'operadores', 'formas'],
  properties: {
    pdvs: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'descricao', 'caixaAbertoId'],
        properties: {
          id: { type: 'integer' },
          descricao: { type: 'string' },
          caixaAbertoId: {
            type: 'integer',
            nullable: true,
            description: 'A sessão aberta do PDV, se houver',
          },
        },
      },
    },
    operadores: { type: 'array', items: opcao },
    formas: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'descricao', 'dinheiro'],
        properties: { id: { type: 'integer' }, descricao: { type: 'string' }, dinheiro: { type: 'boolean' } },
      },
    },
  },
} as const;

export const produtosFrenteQuery = {
  type: 'object',
  required: ['texto'],
  properties: {
    texto: {
      type: 'string',
      maxLength: 120,
      description: 'Parte da descrição, início do código ou o código de barras',
    },
  },
} as const;

export const produtosFrenteResponse = {
  type: 'array',
  items: {
    type: 'object',
    required: ['id', 'descricao', 'codigo', 'codigoBarras', 'precoVenda'],
    properties: {
      id: { type: 'integer' },
      descricao: { type: 'string' },
      codigo: { type: 'string' },
      codigoBarras: { type: 'string', nullable: true },
      precoVenda: { type: 'number', nullable: true },
    },
  },
} as const;
