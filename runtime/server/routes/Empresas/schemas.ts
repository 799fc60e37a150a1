/** Route schemas of /api/Empresas/{id}/exportacoes (a company's data export). */

export const exportacaoEmpresaSchema = {
  $id: 'ExportacaoEmpresa',
  type: 'object',
  description: 'Uma exportação dos dados de uma empresa (ZIP com JSON, CSV, XMLs, anexos e manifesto).',
  properties: {
    id: { type: 'integer' },
    empresaId: { type: 'integer' },
    usuarioId: { type: ['integer', 'null'] },
    solicitante: { type: ['string', 'null'], description: 'Nome de quem pediu a exportação' },
    status: { type: 'integer', enum: [0, 1, 2], description: '0 Processando, 1 Finalizado, 2 Erro' },
    progresso: { type: 'integer', minimum: 0, maximum: 100 },
    etapa: { type: ['string', 'null'], description: 'Tabela sendo exportada' },
    bytes: { type: ['integer', 'null'] },
    linhas: { type: ['integer', 'null'] },
    sha256: { type: ['string', 'null'], description: 'SHA-256 do arquivo ZIP' },
    erro: { type: ['string', 'null'] },
    criadoEm: { type: 'string', format: 'date-time' },
    finalizadoEm: { type: ['string', 'null'], format: 'date-time' },
  },
  required: ['id', 'empresaId', 'status', 'progresso', 'criadoEm'],
} as const;

export const empresaParams = {
  type: 'object',
  properties: { id: { type: 'integer', minimum: 1 } },
  required: ['id'],
  additionalProperties: false,
} as const;

export const exportacaoParams = {
  type: 'object',
  properties: { id: { type: 'integer', minimum: 1 }, exportacaoId: { type: 'integer', minimum: 1 } },
  required: ['id', 'exportacaoId'],
  additionalProperties: false,
} as const;
