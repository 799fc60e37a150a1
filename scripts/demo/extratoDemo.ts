/**
 * The demo bank statement (OFX 1.02, Windows-1252, as Banco do Brasil exports it) of one month of the demo
 * company's account "Banco do Brasil — conta movimento" (001, agência 1234-5, conta 98765-0), matching what
 * runtime/server/db/seed/seedDemoFinanceiro.ts posts for LAST month (k = 1) — to reconcile on Financeiro ›
 * Conciliação OFX:
 *  - day 01 −39,90 tarifa de pacote → the avulso movement of that day (vincular);
 *  - day 02 −1.500,00 → the transfer to the shop's cash box (vincular);
 *  - day 05 −1.400,00 salários and day 10 −950,00 aluguel → the baixas' movements (vincular);
 *  - day 16 −191,00 energia → the open title "Energia e telefone" due day 15 (baixar);
 *  - day 20 −152,00 DAS → the baixa's movement (vincular);
 *  - day 22 −7,50 twice, one FITID (BB repeats it): two lines kept apart by the fallback key (criar movimento);
 *  - day 28 +2.500,00 resgate → the transfer from the Itaú investment account (vincular);
 *  - day 01 SALDO ANTERIOR: a balance line, left out by the import.
 * `npx tsx scripts/demo/extratoDemo.ts [AAAA-MM] [saldo anterior]` writes scripts/demo/extrato-demo.ofx for
 * that month (default: last month; give the account's balance on the day before the 1st, as the Extrato
 * bancário shows it, for the balance check to close — otherwise the import shows the difference as a warning).
 */
export interface ExtratoDemoLinha {
  dia: number;
  valor: number;
  fitid: string;
  memo: string;
  checknum?: string;
  tipo: 'CREDIT' | 'DEBIT' | 'OTHER';
}

export const EXTRATO_DEMO_CONTA = { banco: '001', agencia: '1234-5', numeroConta: '98765-0' } as const;

export const EXTRATO_DEMO_LINHAS: ExtratoDemoLinha[] = [
  { dia: 1, valor: 0, fitid: 'SALDO01', memo: 'SALDO ANTERIOR', tipo: 'OTHER' },
  { dia: 1, valor: -39.9, fitid: '10001', memo: 'TARIFA PACOTE DE SERVIÇOS', tipo: 'DEBIT' },
  { dia: 2, valor: -1500, fitid: '20001', memo: 'TRANSFERÊNCIA ENVIADA CAIXA LOJA', tipo: 'DEBIT' },
  { dia: 5, valor: -1400, fitid: '50001', memo: 'PAGAMENTO SALÁRIOS', tipo: 'DEBIT' },
  { dia: 10, valor: -950, fitid: '100001', memo: 'PAGTO ALUGUEL LOJA', checknum: '1010', tipo: 'DEBIT' },
  { dia: 16, valor: -191, fitid: '160001', memo: 'PAGTO ENERGIA E TELEFONE', tipo: 'DEBIT' },
  { dia: 20, valor: -152, fitid: '200001', memo: 'DAS SIMPLES NACIONAL', tipo: 'DEBIT' },
  { dia: 22, valor: -7.5, fitid: '000000000000022', memo: 'TARIFA PIX', tipo: 'DEBIT' },
  { dia: 22, valor: -7.5, fitid: '000000000000022', memo: 'TARIFA PIX', tipo: 'DEBIT' },
  { dia: 28, valor: 2500, fitid: '280001', memo: 'RESGATE APLICAÇÃO ITAÚ', tipo: 'CREDIT' },
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

// CLI: writes scripts/demo/extrato-demo.ofx (see the header comment).
if (import.meta.url === `file://${process.argv[1]}`) {
  const { writeFileSync } = await import('node:fs');
  const lastMonth = new Date();
  lastMonth.setUTCDate(1);
  lastMonth.setUTCMonth(lastMonth.getUTCMonth() - 1);
  const mes = process.argv[2] ?? lastMonth.toISOString().slice(0, 7);
  const saldo = Number(process.argv[3] ?? 10000);
  const out = new URL('./extrato-demo.ofx', import.meta.url);
  writeFileSync(out, extratoDemoOfx(mes, saldo));
  console.log(`${out.pathname}: ${mes}, saldo anterior ${saldo}`);
}
