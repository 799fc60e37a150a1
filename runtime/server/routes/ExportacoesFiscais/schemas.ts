/** JSON schemas of Exportações › Exportação para balança and Exportação para terminal. */

const id = { type: 'integer', minimum: 1 } as const;
const idNullable = { ...id, nullable: true } as const;

const categorias = {
  type: 'array',
  items: {
    type: 'object',
    required: ['id', 'descricao'],
    properties: {
      id: { type: 'integer' },
      descricao: { type: 'string' },
      categoriaPaiId: { type: 'integer', nullable: true },
    },
  },
} as const;

const marcas = {
  type: 'array',
  items: {
    type: 'object',
    required: ['id', 'descricao'],
    properties: { id: { type: 'integer' }, descricao: { type: 'string' } },
  },
} as const;

const aviso = {
  type: 'object',
  required: ['id', 'descricao', 'motivo'],
  properties: {
    id: { type: 'integer' },
    codigo: { type: 'string', nullable: true },
    descricao: { type: 'string' },
    motivo: { type: 'string' },
  },
} as const;

/** The generated file: base64 of its bytes, so the browser saves exactly what the scale reads. */
export const arquivoResponse = {
  type: 'object',
  required: ['nomeArquivo', 'codificacao', 'exportados', 'avisos', 'conteudo'],
  properties: {
    nomeArquivo: { type: 'string' },
    codificacao: { type: 'string' },
    exportados: { type: 'integer' },
    avisos: { type: 'integer', description: 'Produtos deixados de fora' },
    conteudo: { type: 'string', description: 'Bytes do arquivo em base64' },
  },
} as const;

export const balancaOpcoesResponse = {
  type: 'object',
  required: ['modelos', 'categorias'],
  properties: {
    modelos: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'label', 'nomeArquivo', 'usaDepartamento', 'descricaoMaxima'],
        properties: {
          id: { type: 'string' },
          label: { type: 'string' },
          nomeArquivo: { type: 'string' },
          usaDepartamento: { type: 'boolean' },
          descricaoMaxima: { type: 'integer' },
        },
      },
    },
    categorias,
  },
} as const;

export const balancaBody = {
  type: 'object',
  required: ['modelo'],
  additionalProperties: false,
  properties: {
    modelo: { type: 'string', enum: ['toledoMgv6', 'toledoMgv5', 'filizola'] },
    departamento: { type: 'integer', minimum: 1, maximum: 99, description: 'Toledo: departamento 01 a 99' },
    categoriaId: { ...idNullable, description: 'Inclui as subcategorias' },
  },
} as const;

export const balancaPreviewResponse = {
  type: 'object',
  required: ['modelo', 'nomeArquivo', 'total', 'exportados', 'itens', 'avisos', 'amostra'],
  properties: {
    modelo: { type: 'string' },
    nomeArquivo: { type: 'string' },
    total: { type: 'integer', description: 'Produtos ativos marcados para a balança' },
    exportados: { type: 'integer' },
    itens: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'plu', 'descricao', 'descricaoArquivo', 'preco', 'tipo', 'validadeDias'],
        properties: {
          id: { type: 'integer' },
          codigo: { type: 'string', nullable: true },
          plu: { type: 'integer' },
          descricao: { type: 'string' },
          descricaoArquivo: { type: 'string' },
          preco: { type: 'number' },
          tipo: { type: 'integer', enum: [0, 1], description: '0 por peso, 1 por unidade' },
          validadeDias: { type: 'integer' },
        },
      },
    },
    avisos: { type: 'array', items: aviso },
    amostra: { type: 'array', items: { type: 'string' }, description: 'As primeiras linhas do arquivo' },
  },
} as const;

export const terminalOpcoesResponse = {
  type: 'object',
  required: ['categorias', 'marcas'],
  properties: { categorias, marcas },
} as const;

export const terminalBody = {
  type: 'object',
  required: ['layout'],
  additionalProperties: false,
  properties: {
    layout: {
      type: 'object',
      required: ['tipo'],
      additionalProperties: false,
      properties: {
        tipo: { type: 'string', enum: ['delimitado', 'fixo'] },
        separador: { type: 'string', enum: [';', '|', ',', 'tab'], default: ';' },
        separadorDecimal: { type: 'string', enum: [',', '.'], default: ',' },
        incluirEstoque: { type: 'boolean', default: false },
      },
    },
    categoriaId: { ...idNullable, description: 'Inclui as subcategorias' },
    marcaId: idNullable,
    somenteAtivos: { type: 'boolean', default: true },
    somenteComCodigoBarras: { type: 'boolean', default: true },
  },
} as const;

export const terminalPreviewResponse = {
  type: 'object',
  required: ['nomeArquivo', 'total', 'exportados', 'itens', 'avisos', 'amostra'],
  properties: {
    nomeArquivo: { type: 'string' },
    total: { type: 'integer', description: 'Produtos que atendem aos filtros' },
    exportados: { type: 'integer' },
    itens: {
      type: 'array',
      description: 'As primeiras linhas (o arquivo leva todas)',
      items: {
        type: 'object',
        required: ['id', 'codigo', 'descricao', 'preco'],
        properties: {
          id: { type: 'integer' },
          codigo: { type: 'string' },
          codigoBarras: { type: 'string', nullable: true },
          descricao: { type: 'string' },
          preco: { type: 'number' },
          estoque: { type: 'number' },
        },
      },
    },
    avisos: { type: 'array', items: aviso },
    amostra: { type: 'array', items: { type: 'string' } },
  },
} as const;
