/** Who and what a report file names at its top (spec 001 §9): company, tax id, user and generation time. */
export interface ReportHeader {
  empresa: string;
  cnpj: string;
  usuario: string;
  geradoEm: Date;
}
