/**
 * The server-side queries a report's `source.dataset` may name, with the parameters its filters may set
 * and the fields its columns may show (runtime/server/services/reports/datasets/ implements them; the
 * schema checks read this list).
 */
export const REPORT_DATASET_FIELDS: Readonly<Record<string, { params: string[]; fields: string[] }>> = {
  dre: {
    params: ['regime', 'de', 'ate', 'comparacao'],
    fields: ['descricao', 'valor', 'anterior', 'variacao'],
  },
  'fluxo-caixa': {
    params: ['tipo', 'de', 'ate', 'agrupamento'],
    fields: ['inicio', 'fim', 'entradas', 'saidas', 'resultado', 'saldo'],
  },
};
