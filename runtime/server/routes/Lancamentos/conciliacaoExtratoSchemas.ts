/** JSON schemas of the statement import and reconciliation under /api/Lancamentos/conciliacao-ofx. */
import { OFX_MAX_BYTES } from '../../services/conciliacaoOfx/importarExtrato.ts';

const money = { type: 'number' } as const;
const nullableMoney = { type: 'number', nullable: true } as const;
const text = { type: 'string', nullable: true } as const;

/** Body limit of the import: the file base64-encoded plus the JSON around it. */
export const importarBodyLimit = Math.ceil(OFX_MAX_BYTES / 3) * 4 + 64 * 1024;

export const importarBody = {
  type: 'object',
  required: ['contaId', 'nomeArquivo', 'conteudo'],
  additionalProperties: false,
  properties: {
    contaId: { type: 'integer', minimum: 1 },
    nomeArquivo: { type: 'string', minLength: 1, maxLength: 255 },
    conteudo: { type: 'string', minLength: 1, description: 'Bytes do arquivo OFX em base64' },
    indiceConta: {
      type: 'integer',
      minimum: 0,
      description: 'Conta do arquivo (0, 1…) quando ele traz várias',
    },
  },
} as const;

export const importarResponse = {
  type: 'object',
  required: [
    'importacaoId',
    'linhasNovas',
    'linhasExistentes',
    'linhasInformativas',
    'saldoAnterior',
    'somaLancamentos',
    'saldoFinal',
    'diferenca',
    'avisos',
  ],
  properties: {
    importacaoId: { type: 'integer' },
    linhasNovas: { type: 'integer', description: 'Linhas incluídas agora' },
    linhasExistentes: { type: 'integer', description: 'Linhas já importadas antes (mesma chave)' },
    linhasInformativas: {
      type: 'integer',
      description: 'Linhas de saldo e lançamentos futuros, não importados',
    },
    saldoAnterior: {
      ...money,
      description: 'Saldo da conta no sistema no dia anterior ao início do extrato',
    },
    somaLancamentos: { ...money, description: 'Soma das transações importáveis do arquivo' },
    saldoFinal: { ...nullableMoney, description: 'LEDGERBAL do arquivo' },
    diferenca: { ...nullableMoney, description: 'saldoAnterior + somaLancamentos − saldoFinal' },
    avisos: { type: 'array', items: { type: 'string' } },
  },
} as const;

export const linhasQuery = {
  type: 'object',
  required: ['contaId'],
  additionalProperties: false,
  properties: {
    contaId: { type: 'integer', minimum: 1 },
    situacao: { type: 'integer', enum: [0, 1, 2], description: '0 pendente, 1 conciliado, 2 ignorado' },
    dias: {
      type: 'integer',
      minimum: 0,
      maximum: 60,
      description: 'Janela de datas dos candidatos (padrão 5)',
    },
  },
} as const;

const candidato = {
  type: 'object',
  required: [
    'tipo',
    'id',
    'data',
    'valor',
    'descricao',
    'pontuacao',
    'valorIgual',
    'referenciaIgual',
    'pessoaIgual',
  ],
  properties: {
    tipo: { type: 'string', enum: ['movimento', 'titulo'] },
    id: { type: 'integer' },
    data: { type: 'string', description: 'Data do movimento ou vencimento do título' },
    valor: { ...money, description: 'Valor do movimento ou valor em aberto do título, com o sinal da conta' },
    descricao: { type: 'string' },
    referencia: text,
    pessoaNome: text,
    pontuacao: { type: 'integer', description: '1 + valor igual + referência igual + pessoa igual' },
    valorIgual: { type: 'boolean' },
    referenciaIgual: { type: 'boolean' },
    pessoaIgual: { type: 'boolean' },
    distanciaDias: { type: 'integer' },
  },
} as const;

export const linhasResponse = {
  type: 'array',
  items: {
    type: 'object',
    required: ['id', 'data', 'valor', 'situacao', 'candidatos'],
    properties: {
      id: { type: 'integer' },
      data: { type: 'string' },
      valor: money,
      memo: text,
      nome: text,
      documento: text,
      fitid: text,
      situacao: { type: 'integer', description: '0 pendente, 1 conciliado, 2 ignorado' },
      candidatos: { type: 'array', items: candidato },
    },
  },
} as const;

export const linhaParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1 } },
} as const;

export const linhaResponse = {
  type: 'object',
  required: ['id', 'situacao'],
  properties: {
    id: { type: 'integer' },
    situacao: { type: 'integer' },
    movimentos: { type: 'array', items: { type: 'integer' }, description: 'Movimentos ligados à linha' },
  },
} as const;

export const conciliarBody = {
  type: 'object',
  additionalProperties: false,
  description:
    'Uma linha pode ser conciliada com vários movimentos e títulos; a soma deve ser o valor da linha (um movimento novo leva a diferença).',
  properties: {
    movimentos: {
      type: 'array',
      maxItems: 100,
      items: { type: 'integer', minimum: 1 },
      description: 'Movimentos da conta ainda não conciliados',
    },
    titulos: {
      type: 'array',
      maxItems: 100,
      items: {
        type: 'object',
        required: ['lancamentoId'],
        additionalProperties: false,
        properties: { lancamentoId: { type: 'integer', minimum: 1 } },
      },
      description: 'Títulos em aberto a baixar (na ordem) na data da linha',
    },
    diferenca: {
      type: 'string',
      enum: ['juros', 'desconto', 'parcial'],
      description:
        'Linha maior que o aberto dos títulos: juros. Menor: desconto (quita) ou parcial (baixa parcial, padrão).',
    },
    novoMovimento: {
      type: 'object',
      required: ['descricao'],
      additionalProperties: false,
      properties: {
        descricao: { type: 'string', minLength: 1, maxLength: 200 },
        categoriaFinanceiraId: { type: 'integer', minimum: 1, nullable: true },
      },
      description: 'Cria um movimento avulso (tarifa, rendimento) com o restante do valor da linha',
    },
  },
} as const;
