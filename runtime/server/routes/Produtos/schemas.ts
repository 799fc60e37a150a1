/** JSON schemas of the Estoque tools under /api/Produtos (price change, CSV import, labels). */

const money = { type: 'number', nullable: true } as const;
const id = { type: 'integer', minimum: 1 } as const;

export const alteracaoPrecoBody = {
  type: 'object',
  required: ['acao', 'regra'],
  additionalProperties: false,
  properties: {
    acao: {
      type: 'string',
      enum: ['preview', 'aplicar'],
      description: 'preview: calcula sem gravar (VISUALIZAR); aplicar: grava numa transação (ALTERAR)',
    },
    filtro: {
      type: 'object',
      additionalProperties: false,
      properties: {
        categoriaId: { ...id, nullable: true, description: 'Inclui as subcategorias' },
        marcaId: { ...id, nullable: true },
        busca: {
          type: 'string',
          maxLength: 120,
          nullable: true,
          description: 'Parte da descrição, código ou GTIN',
        },
        incluirInativos: { type: 'boolean' },
      },
    },
    regra: {
      type: 'object',
      required: ['tipo', 'operacao', 'quantidade'],
      additionalProperties: false,
      properties: {
        tipo: { type: 'string', enum: ['percentual', 'valor'] },
        operacao: { type: 'string', enum: ['aumentar', 'diminuir', 'definir'] },
        quantidade: { type: 'number', description: 'Percentual ou valor em reais' },
        recalcularMargens: {
          type: 'boolean',
          description: 'Recalcula margem e markup pelo custo (runtime/core/pricing)',
        },
      },
    },
    skip: { type: 'integer', minimum: 0, maximum: 100000 },
    limit: { type: 'integer', minimum: 1, maximum: 200 },
  },
} as const;

const alteracaoItem = {
  type: 'object',
  required: ['id', 'codigo', 'descricao', 'custo', 'precoAtual', 'precoNovo', 'situacao'],
  properties: {
    id: { type: 'integer' },
    codigo: { type: 'string', nullable: true },
    descricao: { type: 'string' },
    custo: money,
    precoAtual: money,
    precoNovo: money,
    margemAtual: money,
    margemNova: money,
    markupAtual: money,
    markupNovo: money,
    situacao: { type: 'string', enum: ['alterado', 'semAlteracao', 'semPreco', 'invalido'] },
  },
} as const;

export const alteracaoPrecoResponse = {
  type: 'object',
  required: ['total', 'alterados'],
  properties: {
    total: { type: 'integer', description: 'Produtos que atendem aos filtros' },
    alterados: { type: 'integer', description: 'Produtos cujo preço muda (aplicar: gravados)' },
    semPreco: { type: 'integer' },
    invalidos: { type: 'integer', description: 'Produtos cujo preço ficaria zerado ou negativo' },
    abaixoDoCusto: { type: 'integer' },
    excedeLimite: { type: 'boolean' },
    limite: { type: 'integer' },
    skip: { type: 'integer' },
    itens: { type: 'array', items: alteracaoItem, description: 'Somente no preview: uma página' },
  },
} as const;

const option = {
  type: 'object',
  required: ['id', 'descricao'],
  properties: { id: { type: 'integer' }, descricao: { type: 'string' } },
} as const;

export const alteracaoPrecoOpcoesResponse = {
  type: 'object',
  required: ['categorias', 'marcas'],
  properties: {
    categorias: {
      type: 'array',
      items: {
        ...option,
        properties: { ...option.properties, categoriaPaiId: { type: 'integer', nullable: true } },
      },
    },
    marcas: { type: 'array', items: option },
  },
} as const;

export const importacaoCamposResponse = {
  type: 'array',
  items: {
    type: 'object',
    required: ['campo', 'label', 'tipo', 'obrigatorio', 'aliases'],
    properties: {
      campo: { type: 'string' },
      label: { type: 'string' },
      tipo: { type: 'string' },
      obrigatorio: { type: 'boolean' },
      descricao: { type: 'string' },
      opcoes: {
        type: 'array',
        items: {
          type: 'object',
          required: ['codigo', 'label'],
          properties: {
            codigo: { anyOf: [{ type: 'integer' }, { type: 'string' }] },
            label: { type: 'string' },
          },
        },
      },
      aliases: { type: 'array', items: { type: 'string' } },
    },
  },
} as const;

export const importacaoBody = {
  type: 'object',
  required: ['acao', 'linhas'],
  additionalProperties: false,
  properties: {
    acao: {
      type: 'string',
      enum: ['validar', 'importar'],
      description: 'validar: só confere (VISUALIZAR); importar: tudo ou nada numa transação (CRIAR)',
    },
    linhas: {
      type: 'array',
      minItems: 1,
      maxItems: 5000,
      items: {
        type: 'object',
        required: ['linha', 'valores'],
        additionalProperties: false,
        properties: {
          linha: { type: 'integer', minimum: 1, description: 'Linha do arquivo (o cabeçalho é a 1)' },
          valores: {
            type: 'object',
            additionalProperties: { type: 'string', maxLength: 20000 },
            description: 'Campo do produto → texto da célula',
          },
        },
      },
    },
  },
} as const;

export const importacaoResponse = {
  type: 'object',
  required: ['total', 'validas', 'invalidas', 'importados', 'erros'],
  properties: {
    total: { type: 'integer' },
    validas: { type: 'integer' },
    invalidas: { type: 'integer' },
    importados: { type: 'integer' },
    erros: {
      type: 'array',
      items: {
        type: 'object',
        required: ['linha', 'mensagens'],
        properties: { linha: { type: 'integer' }, mensagens: { type: 'array', items: { type: 'string' } } },
      },
    },
  },
} as const;

export const etiquetaModelosResponse = {
  type: 'array',
  items: {
    type: 'object',
    required: ['id', 'descricao', 'largura', 'altura', 'colunas'],
    properties: {
      id: { type: 'integer' },
      descricao: { type: 'string' },
      largura: { type: 'number', description: 'mm' },
      altura: { type: 'number', description: 'mm' },
      colunas: { type: 'integer', nullable: true },
    },
  },
} as const;

export const etiquetaProdutosQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    busca: { type: 'string', maxLength: 120 },
    ids: {
      type: 'string',
      pattern: '^\\d{1,12}(,\\d{1,12}){0,199}$',
      description: 'ids separados por vírgula',
    },
    limit: { type: 'integer', minimum: 1, maximum: 100 },
  },
} as const;

export const etiquetaProdutosResponse = {
  type: 'array',
  items: {
    type: 'object',
    required: ['id', 'descricao', 'codigo', 'codigoBarras', 'unidade', 'precoVenda'],
    properties: {
      id: { type: 'integer' },
      descricao: { type: 'string' },
      codigo: { type: 'string', nullable: true },
      codigoBarras: { type: 'string', nullable: true },
      unidade: { type: 'string', nullable: true },
      precoVenda: money,
    },
  },
} as const;
