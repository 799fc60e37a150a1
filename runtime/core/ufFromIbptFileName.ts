/**
 * The UF an IBPT table's file name carries (TabelaIBPTaxSP26.1.A.csv → "SP"), upper-cased; null when
 * the name does not follow the IBPT pattern. The caller checks it against the list of UFs.
 */
export function ufFromIbptFileName(name: string): string | null {
  const match = /IBPTax([A-Za-z]{2})/i.exec(name);
  return match?.[1] ? match[1].toUpperCase() : null;
}
