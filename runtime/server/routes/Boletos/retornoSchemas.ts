/** JSON schemas of the Atualizar transações tools (arquivo de retorno) under /api/Boletos/retorno. */

/** Largest return file accepted (bytes): about 25,000 CNAB 400 occurrences. */
export const MAX_RETORNO_BYTES = 10 * 1024 * 1024;

const nullableDate = { type: 'string', format: 'date', nullable: true } as const;

export const gatewaysResponse = {
  type: 'array',
  items: {
    type: 'object',
    required: ['id', 'descricao', 'banco', 'convenio'],
    properties: {
      id: { type: 'integer' },
      descricao: { type: 'string' },
      banco: { type: 'string' },
      convenio: { type: 'string' },
      carteira: { type: 'string', nullable: true },
    },
  },
} as const;

export const retornoBody = {
  type: 'object',
  required: ['gatewayBoletoId', 'arquivo', 'conteudo'],
  additionalProperties: false,
  properties: {
    gatewayBoletoId: { type: 'integer', minimum: 1 },
    arquivo: { type: 'string', minLength: 1, maxLength: 255, description: 'Nome do arquivo enviado' },
    conteudo: {
      type: 'string',
      maxLength: Math.ceil(MAX_RETORNO_BYTES / 3) * 4,
      description: 'Bytes do arquivo de retorno (CNAB 400 ou 240) em base64',
    },
  },
} as const;

export const previaResponse = {
  type: 'object',
  required: ['arquivo', 'layout', 'banco', 'gateway', 'itens'],
  properties: {
    arquivo: { type: 'string' },
    layout: { type: 'string', enum: ['CNAB400', 'CNAB240'] },
    banco: { type: 'string' },
    gateway: { type: 'string', description: 'Descrição do gateway escolhido' },
    itens: {
      type: 'array',
      items: {
        type: 'object',
        required: [
          'linha',
          'nossoNumero',
          'seuNumero',
          'codigo',
          'ocorrencia',
          'dataOcorrencia',
          'dataCredito',
          'valorPago',
          'tarifa',
          'boleto',
          'acao',
          'acaoTexto',
          'receita',
          'aviso',
        ],
        properties: {
          linha: { type: 'integer', description: 'Linha do arquivo (detalhe ou segmento T)' },
          nossoNumero: { type: 'string' },
          seuNumero: { type: 'string' },
          codigo: { type: 'string', description: 'Código de ocorrência / movimento do banco' },
          ocorrencia: { type: 'string', description: 'Texto da ocorrência' },
          dataOcorrencia: nullableDate,
          dataCredito: nullableDate,
          valorPago: { type: 'number' },
          tarifa: { type: 'number' },
          boleto: {
            type: 'object',
            nullable: true,
            required: ['id', 'nossoNumero', 'cliente', 'dataVencimento', 'valor', 'situacao'],
            properties: {
              id: { type: 'integer' },
              nossoNumero: { type: 'string' },
              cliente: { type: 'string', nullable: true },
              dataVencimento: { type: 'string', format: 'date' },
              valor: { type: 'number' },
              situacao: { type: 'integer', description: 'situacaoBoleto antes do processamento' },
            },
          },
          acao: {
            type: 'string',
            enum: [
              'registrarPagamento',
              'baixar',
              'confirmarRegistro',
              'apenasRegistrar',
              'revisar',
              'jaProcessado',
            ],
          },
          acaoTexto: { type: 'string' },
          receita: {
            type: 'object',
            nullable: true,
            required: ['id', 'descricao'],
            properties: { id: { type: 'integer' }, descricao: { type: 'string' } },
            description: 'Receita que recebe a baixa',
          },
          aviso: { type: 'string', nullable: true },
        },
      },
    },
  },
} as const;

export const aplicarResponse = {
  type: 'object',
  required: [
    'ocorrencias',
    'pagamentos',
    'baixados',
    'registrados',
    'baixasReceita',
    'transacoes',
    'jaProcessadas',
    'retidas',
  ],
  properties: {
    ocorrencias: { type: 'integer', description: 'Ocorrências processadas agora' },
    pagamentos: { type: 'integer', description: 'Boletos que passaram a pagos' },
    baixados: { type: 'integer', description: 'Boletos baixados (cancelados)' },
    registrados: { type: 'integer', description: 'Boletos com registro confirmado' },
    baixasReceita: { type: 'integer', description: 'Baixas de receitas criadas' },
    transacoes: { type: 'integer', description: 'Transações do extrato do gateway criadas' },
    jaProcessadas: { type: 'integer', description: 'Ocorrências ignoradas por já terem sido processadas' },
    retidas: {
      type: 'integer',
      description: 'Ocorrências retidas para revisão (valores fora de proporção): nada lançado',
    },
  },
} as const;
