/** pt-BR names of the documents and ambientes of Sequência de filial. */
export const DOCUMENTO_LABELS: Record<string, string> = {
  NFE: 'NF-e (modelo 55)',
  NFCE: 'NFC-e (modelo 65)',
  NFSE: 'NFS-e',
};
export const AMBIENTE_LABELS: Record<number, string> = { 1: 'Produção', 2: 'Homologação' };
