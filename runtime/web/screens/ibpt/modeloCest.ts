/**
 * The CEST model file: our import format (cest;ncm;descricao;segmento;item) with lines of the Convênio
 * ICMS 142/2018 annexes; several NCM/SH positions of one CEST go in the same cell, separated by spaces.
 * UTF-8 with BOM so spreadsheet programs open the accents right.
 */
export const MODELO_CEST = `\uFEFF${[
  'cest;ncm;descricao;segmento;item',
  '01.001.00;3815.12.10 3815.12.90;Catalisadores em colmeia cerâmica ou metálica para conversão catalítica de gases de escape de veículos e outros catalisadores;Autopeças;1.0',
  '03.001.00;2201.10.00 2201.90.00;"Água mineral, gasosa ou não, ou potável, naturais, inclusive gaseificadas ou aromatizadas artificialmente, exceto os refrescos e refrigerantes";Cervejas, chopes, refrigerantes, águas e outras bebidas;1.0',
  '10.001.00;3917;Tubos e seus acessórios (por exemplo, juntas, cotovelos, flanges, uniões), de plásticos;Materiais de construção e congêneres;1.0',
].join('\r\n')}\r\n`;
