/** JSON schemas of NF-e › Exportar XML and Compras › Entrada de nota fiscal › Importar XML. */

/** Largest XML accepted (an NF-e with 990 items is about 1.5 MB). */
export const MAX_XML_BYTES = 5 * 1024 * 1024;
/** Request body limit: the XML inside JSON (escaped quotes) plus the item choices; the handler answers 413 past 5 MB of XML. */
export const XML_BODY_LIMIT = 8 * 1024 * 1024;

const date = { type: 'string', format: 'date' } as const;
const money = { type: 'number' } as const;
const id = { type: 'integer', minimum: 1 } as const;
const idNullable = { ...id, nullable: true } as const;

const xml = {
  type: 'string',
  minLength: 1,
  description: 'O XML da NF-e (nfeProc ou NFe 4.00), UTF-8',
} as const;

const operacao = {
  type: 'string',
  enum: ['revenda', 'industrializacao', 'usoConsumo', 'ativo'],
  description: 'Destino da mercadoria, que escolhe o CFOP de entrada na tabela; vazio: revenda',
} as const;
const aceitarDivergencias = {
  type: 'boolean',
  description:
    'Importa mesmo que os totais do XML não confiram (vNF recalculado, duplicatas); a entrada fica sinalizada',
} as const;

export const previaImportacaoBody = {
  type: 'object',
  required: ['xml'],
  additionalProperties: false,
  properties: { xml, operacao, aceitarDivergencias },
} as const;

export const confirmarImportacaoBody = {
  type: 'object',
  required: ['xml'],
  additionalProperties: false,
  properties: {
    xml,
    operacao,
    aceitarDivergencias,
    dataEntrada: { ...date, description: 'Dia em que a mercadoria chegou; vazio: hoje' },
    depositoId: idNullable,
    naturezaOperacaoId: idNullable,
    pedidoCompraId: {
      ...idNullable,
      description:
        'Pedido de compra aprovado que a nota recebe: ao confirmar a entrada, os itens do mesmo produto ficam recebidos',
    },
    itens: {
      type: 'array',
      maxItems: 990,
      description: 'Escolhas por item; um item não enviado fica com a sugestão',
      items: {
        type: 'object',
        required: ['numeroItem'],
        additionalProperties: false,
        properties: {
          numeroItem: { type: 'integer', minimum: 1, maximum: 990 },
          produtoId: idNullable,
          cadastrarProduto: { type: 'boolean' },
          cfop: { type: 'string', pattern: '^[1-3][0-9]{3}$' },
          fatorConversao: {
            type: 'number',
            exclusiveMinimum: 0,
            maximum: 100000,
            description:
              'Unidades de estoque por unidade da nota (CX12 → 12); fica salvo para as próximas notas',
          },
        },
      },
    },
  },
} as const;

const sugestao = {
  type: 'object',
  nullable: true,
  required: ['produtoId', 'descricao', 'motivo'],
  properties: {
    produtoId: { type: 'integer' },
    descricao: { type: 'string' },
    codigo: { type: 'string', nullable: true },
    motivo: { type: 'string', enum: ['codigoFornecedor', 'ean'] },
    fator: { type: 'number' },
  },
} as const;

export const previaImportacaoResponse = {
  type: 'object',
  required: [
    'chave',
    'numero',
    'serie',
    'dataEmissao',
    'emitente',
    'fornecedor',
    'totais',
    'itens',
    'avisos',
  ],
  properties: {
    chave: { type: 'string' },
    numero: { type: 'integer' },
    serie: { type: 'integer' },
    dataEmissao: date,
    naturezaOperacao: { type: 'string' },
    protocolo: { type: 'string', nullable: true },
    emitente: {
      type: 'object',
      required: ['cpfCnpj', 'nome'],
      properties: {
        cpfCnpj: { type: 'string' },
        nome: { type: 'string' },
        nomeFantasia: { type: 'string', nullable: true },
        inscricaoEstadual: { type: 'string', nullable: true },
        uf: { type: 'string', nullable: true },
      },
    },
    duplicatas: {
      type: 'array',
      description: 'As duplicatas do XML (cobr/dup): uma conta a pagar cada na confirmação da entrada',
      items: {
        type: 'object',
        required: ['numero', 'vencimento', 'valor'],
        properties: { numero: { type: 'string' }, vencimento: date, valor: money },
      },
    },
    divergencias: {
      type: 'array',
      description: 'Onde os totais do XML não conferem (aceitas com aceitarDivergencias)',
      items: { type: 'string' },
    },
    fornecedor: {
      type: 'object',
      nullable: true,
      description: 'O fornecedor cadastrado com o CNPJ do emitente; null: será cadastrado na confirmação',
      required: ['id', 'nome'],
      properties: { id: { type: 'integer' }, nome: { type: 'string' } },
    },
    totais: {
      type: 'object',
      required: ['valorProdutos', 'valorDesconto', 'valorFrete', 'valorIpi', 'valorIcmsSt', 'valorTotal'],
      properties: {
        valorProdutos: money,
        valorDesconto: money,
        valorFrete: money,
        valorSeguro: money,
        valorOutras: money,
        valorIpi: money,
        valorIpiDevolvido: money,
        valorIcmsSt: money,
        valorFcpSt: money,
        valorIcms: money,
        valorIcmsDesonerado: money,
        valorFcp: money,
        valorIi: money,
        valorPis: money,
        valorCofins: money,
        valorServicos: money,
        valorIbs: money,
        valorCbs: money,
        valorTotal: money,
      },
    },
    itens: {
      type: 'array',
      items: {
        type: 'object',
        required: [
          'numeroItem',
          'codigo',
          'descricao',
          'cfop',
          'cfopEntrada',
          'unidade',
          'quantidade',
          'valorUnitario',
          'valorTotal',
          'sugestao',
        ],
        properties: {
          numeroItem: { type: 'integer' },
          codigo: { type: 'string' },
          ean: { type: 'string', nullable: true },
          descricao: { type: 'string' },
          ncm: { type: 'string', nullable: true },
          cfop: { type: 'string' },
          cfopEntrada: { type: 'string' },
          unidade: { type: 'string' },
          quantidade: { type: 'number' },
          valorUnitario: { type: 'number' },
          valorTotal: money,
          sugestao,
        },
      },
    },
    avisos: { type: 'array', items: { type: 'string' } },
  },
} as const;

export const confirmarImportacaoResponse = {
  type: 'object',
  required: ['id', 'numero', 'serie', 'fornecedorId', 'fornecedorCadastrado', 'produtosCadastrados', 'itens'],
  properties: {
    id: { type: 'integer', description: 'A entrada de nota criada (Pendente)' },
    numero: { type: 'integer' },
    serie: { type: 'integer' },
    fornecedorId: { type: 'integer' },
    fornecedorCadastrado: { type: 'boolean' },
    produtosCadastrados: { type: 'integer' },
    itens: { type: 'integer' },
  },
} as const;

export const exportacaoXmlBody = {
  type: 'object',
  required: ['dataInicial', 'dataFinal', 'tipos'],
  additionalProperties: false,
  properties: {
    dataInicial: date,
    dataFinal: date,
    tipos: {
      type: 'array',
      minItems: 1,
      uniqueItems: true,
      items: { type: 'string', enum: ['nfe', 'nfce', 'entrada'] },
      description: 'nfe: NF-e emitidas; nfce: NFC-e; entrada: notas de entrada (XML do fornecedor)',
    },
    situacao: {
      type: 'string',
      enum: ['autorizadas', 'canceladas', 'denegadas', 'todas'],
      default: 'autorizadas',
    },
  },
} as const;

export const exportacaoXmlPreviaResponse = {
  type: 'object',
  required: ['nomeArquivo', 'total', 'comXml', 'semXml', 'tamanhoBytes', 'tipos', 'avisos'],
  properties: {
    nomeArquivo: { type: 'string' },
    total: { type: 'integer' },
    comXml: { type: 'integer' },
    semXml: { type: 'integer' },
    tamanhoBytes: { type: 'integer', description: 'Soma dos XMLs (antes de compactar)' },
    tipos: {
      type: 'array',
      items: {
        type: 'object',
        required: ['tipo', 'descricao', 'total', 'comXml', 'semXml'],
        properties: {
          tipo: { type: 'string', enum: ['nfe', 'nfce', 'entrada'] },
          descricao: { type: 'string' },
          total: { type: 'integer' },
          comXml: { type: 'integer' },
          semXml: {
            type: 'integer',
            description: 'Documentos do tipo sem XML armazenado (não vão no arquivo)',
          },
        },
      },
    },
    avisos: {
      type: 'array',
      description: 'Documentos sem XML armazenado (no máximo 500; semXml conta todos)',
      items: {
        type: 'object',
        required: ['tipo', 'descricaoTipo', 'id', 'data', 'motivo'],
        properties: {
          tipo: { type: 'string', enum: ['nfe', 'nfce', 'entrada'] },
          descricaoTipo: { type: 'string' },
          id: { type: 'integer' },
          numero: { type: 'integer', nullable: true },
          serie: { type: 'integer', nullable: true },
          chave: { type: 'string', nullable: true },
          data: date,
          motivo: { type: 'string' },
        },
      },
    },
  },
} as const;

export const cancelamentoBody = {
  type: 'object',
  required: ['xml'],
  additionalProperties: false,
  properties: {
    xml: {
      type: 'string',
      minLength: 1,
      description:
        'O XML do evento de cancelamento (procEventoNFe, tpEvento 110111) ou o XML da nota que o traz, UTF-8',
    },
  },
} as const;

export const cancelamentoResponse = {
  type: 'object',
  required: ['id', 'numero', 'chave', 'protocolo', 'jaCancelada'],
  properties: {
    id: { type: 'integer' },
    numero: { type: 'integer' },
    chave: { type: 'string' },
    protocolo: { type: 'string' },
    jaCancelada: {
      type: 'boolean',
      description: 'A entrada já estava cancelada: nada foi estornado de novo',
    },
  },
} as const;
