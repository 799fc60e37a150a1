/**
 * The demo bank statement (OFX 1.02, Windows-1252, as Banco do Brasil exports it) that the demo data
 * reconciles on Financeiro › Conciliação OFX. Dates are days of one month, so the seed can write it for the
 * month before "today" (`extratoDemoOfx`) while scripts/demo/extrato-demo.ofx keeps a fixed sample.
 *
 * What the demo data must hold for every line to find its candidate (account "Banco do Brasil", bancoCodigo
 * 001, agência 1234-5, número 12345-6, the month's opening balance = `saldoAnterior`):
 *  - day 05, +1.850,00 PIX from MERCADO BOM PRECO → an open receita of 1.850,00 due on day 05 from
 *    pessoa "Mercado Bom Preço" (score 3: amount + party);
 *  - day 10, −2.500,00 ALUGUEL, CHECKNUM 2024 → the recurring rent (a despesa of 2.500,00 due day 10; with
 *    numeroDocumento 2024 it scores 4 when the pessoa is "Imobiliária Central");
 *  - day 12, −45,90 TARIFA PACOTE → no title: "criar movimento" (tarifa bancária);
 *  - day 15, −392,50 ENERGIA → a despesa of 380,00 due day 10: baixa with juros 12,50;
 *  - day 18, −50,00 twice, the same FITID (BB): two lines kept apart by the fallback key → two despesas of 50,00;
 *  - day 20, +3,21 RENDIMENTO → "criar movimento" (rendimento);
 *  - day 25, +600,00 from ANA SOUZA → half of a receita of 1.200,00 due day 25 (baixa parcial);
 *  - day 01 SALDO ANTERIOR (a balance line, left out by the import).
 */
export interface ExtratoDemoLinha {
  dia: number;
  valor: number;
  fitid: string;
  memo: string;
  checknum?: string;
  tipo: 'CREDIT' | 'DEBIT' | 'OTHER';
}

export const EXTRATO_DEMO_CONTA = { banco: '001', agencia: '1234-5', numeroConta: '12345-6' } as const;

export const EXTRATO_DEMO_LINHAS: ExtratoDemoLinha[] = [
  { dia: 1, valor: 0, fitid: 'SALDO01', memo: 'SALDO ANTERIOR', tipo: 'OTHER' },
  { dia: 5, valor: 1850, fitid: '202605050001', memo: 'PIX RECEBIDO MERCADO BOM PRECO', tipo: 'CREDIT' },
  {
    dia: 10,
    valor: -2500,
    fitid: '202605100001',
    memo: 'PAGTO ALUGUEL IMOBILIARIA CENTRAL',
    checknum: '2024',
    tipo: 'DEBIT',
  },
  { dia: 12, valor: -45.9, fitid: '202605120001', memo: 'TARIFA PACOTE SERVIÇOS', tipo: 'DEBIT' },
  { dia: 15, valor: -392.5, fitid: '202605150001', memo: 'PAGTO ENERGIA ELÉTRICA', tipo: 'DEBIT' },
  { dia: 18, valor: -50, fitid: '000000000000018', memo: 'PIX ENVIADO MOTOBOY', tipo: 'DEBIT' },
  { dia: 18, valor: -50, fitid: '000000000000018', memo: 'PIX ENVIADO MOTOBOY', tipo: 'DEBIT' },
  { dia: 20, valor: 3.21, fitid: '202605200001', memo: 'RENDIMENTO APLICAÇÃO AUTOMÁTICA', tipo: 'CREDIT' },
  { dia: 25, valor: 600, fitid: '202605250001', memo: 'PIX RECEBIDO ANA SOUZA', tipo: 'CREDIT' },
];

const pad = (n: number) => String(n).padStart(2, '0');
const amount = (value: number) => value.toFixed(2).replace('.', ',');

/**
 * The statement of month `mes` (YYYY-MM) for the demo account, opening at `saldoAnterior`: bytes in
 * Windows-1252 (Latin-1 holds every character used), with comma decimals and [-3:BRT] dates as BB writes them.
 */
export function extratoDemoOfx(mes: string, saldoAnterior: number): Buffer {
  const [year, month] = mes.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const date = (dia: number) => `${year}${pad(month)}${pad(dia)}`;
  const total = EXTRATO_DEMO_LINHAS.reduce((sum, line) => sum + line.valor, 0);
  const saldo = Math.round((saldoAnterior + total) * 100) / 100;
  const lines = EXTRATO_DEMO_LINHAS.map((line) =>
    [
      '<STMTTRN>',
      `<TRNTYPE>${line.tipo}`,
      `<DTPOSTED>${date(line.dia)}120000[-3:BRT]`,
      `<TRNAMT>${amount(line.valor)}`,
      `<FITID>${line.fitid}`,
      ...(line.checknum ? [`<CHECKNUM>${line.checknum}`] : []),
      `<MEMO>${line.memo}`,
      '</STMTTRN>',
    ].join('\r\n'),
  );
  const text = [
    'OFXHEADER:100',
    'DATA:OFXSGML',
    'VERSION:102',
    'SECURITY:NONE',
    'ENCODING:USASCII',
    'CHARSET:1252',
    'COMPRESSION:NONE',
    'OLDFILEUID:NONE',
    'NEWFILEUID:NONE',
    '',
    '<OFX>',
    '<SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS>',
    `<DTSERVER>${date(last)}235959[-3:BRT]<LANGUAGE>POR</SONRS></SIGNONMSGSRSV1>`,
    '<BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS>',
    '<STMTRS><CURDEF>BRL',
    `<BANKACCTFROM><BANKID>${EXTRATO_DEMO_CONTA.banco}<BRANCHID>${EXTRATO_DEMO_CONTA.agencia}<ACCTID>${EXTRATO_DEMO_CONTA.numeroConta}<ACCTTYPE>CHECKING</BANKACCTFROM>`,
    `<BANKTRANLIST><DTSTART>${date(1)}<DTEND>${date(last)}`,
    ...lines,
    '</BANKTRANLIST>',
    `<LEDGERBAL><BALAMT>${amount(saldo)}<DTASOF>${date(last)}</LEDGERBAL>`,
    '</STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>',
    '',
  ].join('\r\n');
  return Buffer.from(text, 'latin1');
}
