const objeto = (campos: Record<string, object>, obrigatorios = Object.keys(campos)) =>
  ({ type: 'object', additionalProperties: false, required: obrigatorios, properties: campos }) as const;
const anulavel = (tipo: 'string' | 'integer' | 'number' | 'boolean', description?: string) =>
  ({ type: [tipo, 'null'], ...(description ? { description } : {}) }) as const;

const situacao = {
  situacao: {
    type: 'integer',
    description:
      'situacaoDocumentoFiscal: 0 em digitação, 1 autorizado, 2 cancelado, 3 rejeitado, 4 denegado, 5 em contingência, 6 erro, 7 em processamento, 8 inutilizado',
  },
  situacaoDescricao: { type: 'string' },
} as const;

export const emitirBody = {
  type: ['object', 'null'],
  additionalProperties: false,
  properties: {
    modelo: { type: 'integer', enum: [55, 65], default: 55, description: '55 NF-e, 65 NFC-e' },
    versaoQrCode: {
      type: 'integer',
      enum: [2, 3],
      description:
        'NFC-e: versão do QR Code, a mesma na contingência offline. Padrão: a da configuração fiscal; sem ela, 2 quando a filial tem CSC e 3 quando não tem',
    },
  },
} as const;

export const estadoNotaResponse = objeto({
  id: { type: 'integer' },
  ...situacao,
  modelo: anulavel('integer'),
  serie: anulavel('integer'),
  numero: anulavel('integer'),
  chave: anulavel('string', 'Chave de acesso (muda com o tipo de emissão em contingência)'),
  protocolo: anulavel('string', 'Protocolo de autorização (nProt)'),
  tipoEmissao: anulavel('integer', 'tpEmis: 1 normal, 6 SVC-AN, 7 SVC-RS, 9 NFC-e offline'),
  cStat: anulavel('integer', 'Código de status da última resposta da SEFAZ'),
  xMotivo: anulavel('string', 'Motivo da SEFAZ ou do erro de transmissão'),
  recibo: anulavel('string', 'nRec do lote em processamento'),
  avisos: {
    type: 'array',
    items: { type: 'string' },
    description: 'O que não foi feito além da resposta da SEFAZ (um lançamento recusado, por exemplo)',
  },
});

export const cancelarBody = objeto({
  justificativa: { type: 'string', description: 'De 15 a 255 caracteres' },
});

export const cartaCorrecaoBody = objeto({
  correcao: { type: 'string', description: 'Texto da correção, de 15 a 1000 caracteres' },
});

export const eventoResponse = objeto({
  cStat: { type: 'integer' },
  xMotivo: { type: 'string' },
  protocolo: anulavel('string'),
  sequencia: { type: 'integer', description: 'nSeqEvento' },
  ...situacao,
  chave: { type: 'string' },
  avisos: { type: 'array', items: { type: 'string' } },
});

export const transmissoesResponse = {
  type: 'array',
  items: objeto({
    id: { type: 'integer' },
    servico: { type: 'string', description: 'Web service (NFeAutorizacao4…) ou contingenciaOffline' },
    url: anulavel('string'),
    ambiente: anulavel('integer'),
    tipoEmissao: anulavel('integer'),
    chave: anulavel('string'),
    tipoEvento: anulavel('string'),
    sequenciaEvento: anulavel('integer'),
    cStat: anulavel('integer'),
    xMotivo: anulavel('string'),
    protocolo: anulavel('string'),
    recibo: anulavel('string'),
    erro: anulavel('string', 'Erro de transmissão (sem resposta da SEFAZ)'),
    requisicao: { type: 'string', description: 'A mensagem enviada (XML)' },
    resposta: anulavel('string', 'O envelope SOAP recebido'),
    xmlProcessado: anulavel('string', 'procEventoNFe do evento registrado'),
    criadoEm: { type: 'string', format: 'date-time' },
    respondidoEm: { type: ['string', 'null'], format: 'date-time' },
  }),
} as const;

export const inutilizarBody = objeto({
  modelo: { type: 'integer', enum: [55, 65] },
  serie: { type: 'integer', minimum: 0, maximum: 999 },
  numeroInicial: { type: 'integer', minimum: 1, maximum: 999999999 },
  numeroFinal: { type: 'integer', minimum: 1, maximum: 999999999 },
  justificativa: { type: 'string', description: 'De 15 a 255 caracteres' },
});

export const inutilizarResponse = objeto({
  id: { type: 'integer', description: 'A inutilização registrada (NF-e › Inutilizações)' },
  cStat: { type: 'integer' },
  xMotivo: { type: 'string' },
  protocolo: anulavel('string'),
  ...situacao,
});

export const statusServicoQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    filialId: { type: 'integer', description: 'A filial selecionada (padrão)' },
    modelo: { type: 'integer', enum: [55, 65], default: 55 },
  },
} as const;

export const statusServicoResponse = objeto({
  emOperacao: { type: 'boolean' },
  cStat: anulavel('integer'),
  xMotivo: { type: 'string' },
  tempoMedio: anulavel('number', 'tMed em segundos'),
  uf: { type: 'string' },
  modelo: { type: 'integer' },
  ambiente: { type: 'integer' },
});

export const manifestarBody = objeto(
  {
    evento: { type: 'integer', enum: [210200, 210210, 210220, 210240] },
    justificativa: { type: 'string', description: 'Operação não Realizada: de 15 a 255 caracteres' },
  },
  ['evento'],
);

export const manifestarResponse = objeto({
  evento: { type: 'integer' },
  cStat: { type: 'integer' },
  xMotivo: { type: 'string' },
  protocolo: anulavel('string'),
});

export const sincronizarResponse = objeto({
  cStat: { type: 'integer', description: '137 nenhum documento novo, 138 documentos encontrados' },
  xMotivo: { type: 'string' },
  ultimoNsu: { type: 'string' },
  maximoNsu: { type: 'string' },
  novas: { type: 'integer', description: 'Notas incluídas em Manifestações' },
});
