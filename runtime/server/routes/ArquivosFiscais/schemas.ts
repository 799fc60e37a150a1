/** JSON schemas of Fiscais › Arquivo SPED (EFD ICMS/IPI) and Arquivo Sintegra (Convênio ICMS 57/95). */

const filialId = {
  type: 'integer',
  minimum: 1,
  description: 'Filial (estabelecimento) do arquivo; sem ela, a filial selecionada na sessão',
} as const;

const confirmarErros = {
  type: 'boolean',
  description:
    'Baixar mesmo com erros do validador (o arquivo será rejeitado pelo PVA/validador oficial); sem ela, 422',
} as const;

export const opcoesResponse = {
  type: 'object',
  required: ['filiais', 'filialSelecionada'],
  properties: {
    filiais: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'nome'],
        properties: {
          id: { type: 'integer' },
          nome: { type: 'string' },
          apelido: { type: 'string', nullable: true },
          cnpj: { type: 'string', nullable: true },
        },
      },
    },
    filialSelecionada: { type: 'integer', nullable: true },
  },
} as const;

export const spedBody = {
  type: 'object',
  required: ['periodo', 'finalidade', 'perfil'],
  additionalProperties: false,
  properties: {
    filialId,
    periodo: { type: 'string', maxLength: 7, description: 'Mês de referência, AAAA-MM' },
    finalidade: { type: 'integer', enum: [0, 1], description: 'finalidadeSped (COD_FIN do 0000)' },
    perfil: { type: 'string', enum: ['A', 'B', 'C'], description: 'perfilSped (IND_PERFIL do 0000)' },
    codigoReceita: {
      type: 'string',
      maxLength: 20,
      description: 'COD_REC do E116 (código de receita da UF)',
    },
    codigoReceitaSt: {
      type: 'string',
      maxLength: 20,
      description: 'COD_REC dos E250 (ICMS-ST retido a recolher, por UF)',
    },
    codigoReceitaDifal: {
      type: 'string',
      maxLength: 20,
      description: 'COD_REC dos E316 do DIFAL (vendas a consumidor final não contribuinte de outra UF)',
    },
    codigoReceitaFcp: {
      type: 'string',
      maxLength: 20,
      description: 'COD_REC dos E316 do FCP da UF de destino',
    },
    dataVencimentoIcms: {
      type: 'string',
      format: 'date',
      description: 'DT_VCTO do E116; sem ela, dia 10 do mês seguinte',
    },
    saldoCredorAnterior: { type: 'number', minimum: 0, description: 'VL_SLD_CREDOR_ANT do E110' },
    indicadorAtividade: {
      type: 'integer',
      enum: [0, 1],
      description: 'IND_ATIV do 0000: 0 industrial ou equiparado (contribuinte do IPI), 1 outros (padrão)',
    },
    contaEstoque: {
      type: 'string',
      maxLength: 60,
      description:
        'COD_CTA do H010: código da conta contábil do estoque (obrigatório nos perfis A e B com inventário)',
    },
    blocoK: {
      type: 'string',
      enum: ['sem', 'saldos'],
      description:
        'Bloco K: sem (padrão, declarado sem movimento) ou saldos (leiaute restrito aos saldos de estoque: K010, K100 e um K200 por item com estoque próprio no fim do período)',
    },
    confirmarErros,
  },
} as const;

export const sintegraBody = {
  type: 'object',
  required: ['dataInicial', 'dataFinal', 'finalidade', 'natureza'],
  additionalProperties: false,
  properties: {
    filialId,
    dataInicial: { type: 'string', maxLength: 10, description: 'AAAA-MM-DD' },
    dataFinal: { type: 'string', maxLength: 10, description: 'AAAA-MM-DD, no mesmo mês' },
    finalidade: {
      type: 'integer',
      enum: [1, 2, 3, 5],
      description: 'finalidadeSintegra (campo 12 do registro 10)',
    },
    natureza: {
      type: 'integer',
      enum: [1, 2, 3],
      description:
        'Natureza das operações (campo 11 do registro 10): 1 interestaduais com ST, 2 interestaduais com ou sem ST, 3 totalidade',
    },
    confirmarErros,
  },
} as const;

const aviso = {
  type: 'object',
  required: ['tipo', 'referencia', 'mensagem'],
  properties: {
    tipo: { type: 'string', enum: ['documento', 'produto', 'participante', 'cadastro', 'apuracao'] },
    referencia: { type: 'string' },
    mensagem: { type: 'string' },
  },
} as const;

const registros = {
  type: 'array',
  items: {
    type: 'object',
    required: ['registro', 'quantidade'],
    properties: { registro: { type: 'string' }, quantidade: { type: 'integer' } },
  },
} as const;

const problema = {
  type: 'object',
  required: ['tipo', 'gravidade', 'local', 'registro', 'linha', 'campo', 'mensagem', 'correcao'],
  properties: {
    gravidade: { type: 'string', description: 'Erro ou Advertência, como o usuário lê' },
    local: {
      type: 'string',
      description:
        'Onde está, como o usuário lê: "registro 0150, linha 6, campo COD_MUN", ou o documento ou cadastro',
    },
    tipo: { type: 'string', enum: ['erro', 'advertencia'], description: 'erro: o validador oficial rejeita' },
    registro: { type: 'string' },
    linha: { type: 'integer', description: 'Linha do arquivo (0: o arquivo todo)' },
    campo: { type: 'string' },
    mensagem: { type: 'string' },
    correcao: { type: 'string', description: 'Como corrigir' },
  },
} as const;

const preview = (totais: object) =>
  ({
    type: 'object',
    required: [
      'nomeArquivo',
      'totalLinhas',
      'registros',
      'totais',
      'avisos',
      'amostra',
      'problemas',
      'erros',
      'advertencias',
    ],
    properties: {
      problemas: { type: 'array', items: problema, description: 'Erros e advertências do validador' },
      erros: { type: 'integer' },
      advertencias: { type: 'integer' },
      nomeArquivo: { type: 'string' },
      totalLinhas: { type: 'integer' },
      registros,
      totais,
      avisos: { type: 'array', items: aviso },
      amostra: { type: 'array', items: { type: 'string' }, description: 'As primeiras linhas do arquivo' },
    },
  }) as const;

export const spedPreviewResponse = preview({
  type: 'object',
  required: [
    'documentos',
    'cancelados',
    'itens',
    'debitos',
    'creditos',
    'saldoCredorAnterior',
    'saldoApurado',
    'icmsRecolher',
    'saldoCredorTransportar',
  ],
  properties: {
    documentos: { type: 'integer' },
    cancelados: { type: 'integer' },
    itens: { type: 'integer' },
    debitos: { type: 'number' },
    creditos: { type: 'number' },
    saldoCredorAnterior: { type: 'number' },
    saldoApurado: { type: 'number' },
    icmsRecolher: { type: 'number' },
    saldoCredorTransportar: { type: 'number' },
    icmsStRecolher: { type: 'number', description: 'Σ VL_ICMS_RECOL_ST dos E210 (todas as UFs)' },
    difalRecolher: { type: 'number', description: 'Σ VL_RECOL_DIFAL dos E310 (todas as UFs)' },
    fcpRecolher: { type: 'number', description: 'Σ VL_RECOL_FCP dos E310 (todas as UFs)' },
  },
});

export const sintegraPreviewResponse = preview({
  type: 'object',
  required: ['documentos', 'cupons', 'valorContabil', 'icmsSaidas', 'icmsEntradas'],
  properties: {
    documentos: { type: 'integer' },
    cupons: { type: 'integer' },
    valorContabil: { type: 'number' },
    icmsSaidas: { type: 'number' },
    icmsEntradas: { type: 'number' },
  },
});

/** The generated file: base64 of its Latin-1 bytes (CRLF), saved as is by the browser. */
export const arquivoFiscalResponse = {
  type: 'object',
  required: ['nomeArquivo', 'codificacao', 'linhas', 'avisos', 'conteudo'],
  properties: {
    nomeArquivo: { type: 'string' },
    codificacao: { type: 'string' },
    linhas: { type: 'integer' },
    avisos: { type: 'integer' },
    conteudo: { type: 'string', description: 'Bytes do arquivo em base64' },
  },
} as const;

export const inscricoesInvalidasQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    busca: { type: 'string', maxLength: 100, description: 'Parte do nome, do CPF/CNPJ ou da IE' },
  },
} as const;

export const inscricoesInvalidasResponse = {
  type: 'object',
  required: ['total', 'pessoas'],
  properties: {
    total: { type: 'integer' },
    pessoas: {
      type: 'array',
      items: {
        type: 'object',
        required: [
          'id',
          'tipoPessoa',
          'tipo',
          'nome',
          'cpfCnpj',
          'uf',
          'inscricaoEstadual',
          'problema',
          'rota',
        ],
        properties: {
          id: { type: 'integer' },
          tipoPessoa: {
            type: 'integer',
            description: 'tipoPessoa (0 cliente, 1 fornecedor, 2 filial, 5 transportadora)',
          },
          tipo: {
            type: 'string',
            description: 'Cadastro onde corrigir: Cliente, Fornecedor, Filial, Transportadora',
          },
          nome: { type: 'string' },
          cpfCnpj: { type: 'string', nullable: true },
          uf: { type: 'string', nullable: true },
          inscricaoEstadual: { type: 'string' },
          problema: { type: 'string', description: 'Por que a IE não vale para a UF, em pt-BR' },
          rota: {
            type: 'string',
            nullable: true,
            description: 'Rota do formulário onde corrigir a IE (sem "#/"); null para a pessoa da filial',
          },
        },
      },
    },
  },
} as const;
