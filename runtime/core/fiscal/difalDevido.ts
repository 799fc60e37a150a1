/**
 * Whether an item carries the DIFAL and FCP of the destination UF in the XML (group ICMSUFDest): an NF-e
 * (model 55), interstate, to a consumidor final não contribuinte (EC 87/2015; LC 190/2022), issued by a
 * regime normal seller (CRT 2/3).
 *
 * A Simples Nacional seller (CRT 1/4) does not: the clause that extended the DIFAL of these sales to Simples
 * sellers (cl. 9ª of Convênio ICMS 93/2015) was suspended by the STF in 2016 and declared unconstitutional
 * (ADI 5464), and LC 190/2022 did not create that obligation; LC 123/2006 art. 13 §1º XIII "h" only covers the
 * DIFAL a Simples company owes as a *buyer* (its entries from other UFs, paid by guia — never in the seller's
 * XML). So a Simples sale carries no ICMSUFDest group and no guia of DIFAL is generated for it.
 */
export function difalDevido(operacao: {
  modelo: 55 | 65;
  idDest: 1 | 2 | 3;
  consumidorFinal: boolean;
  indIEDest: 1 | 2 | 9;
  simplesNacional: boolean;
}): boolean {
  return (
    operacao.modelo === 55 &&
    operacao.idDest === 2 &&
    operacao.consumidorFinal &&
    operacao.indIEDest === 9 &&
    !operacao.simplesNacional
  );
}
