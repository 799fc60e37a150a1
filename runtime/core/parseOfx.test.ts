import { describe, expect, it } from 'vitest';
import { parseOfx, parseOfxContas } from './parseOfx.ts';

/** OFX 1.02 (SGML) as Brazilian banks export it: header lines, unclosed values, CRLF. */
const SGML = [
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
  '<SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>20250131120000[-3:BRT]<LANGUAGE>POR</SONRS></SIGNONMSGSRSV1>',
  '<BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS>',
  '<STMTRS><CURDEF>BRL',
  '<BANKACCTFROM><BANKID>0341<BRANCHID>1234<ACCTID>56789-0<ACCTTYPE>CHECKING</BANKACCTFROM>',
  '<BANKTRANLIST><DTSTART>20250101000000[-3:BRT]<DTEND>20250131235959[-3:BRT]',
  '<STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20250105120000[-3:BRT]<TRNAMT>1500.00<FITID>20250105001<CHECKNUM>001<MEMO>PIX RECEBIDO CLIENTE ANA &amp; CIA</STMTTRN>',
  '<STMTTRN>',
  '<TRNTYPE>DEBIT',
  '<DTPOSTED>20250110',
  '<TRNAMT>-89,90',
  '<FITID>20250110002',
  '<NAME>ENERGIA ELETRICA',
  '<MEMO>PAGTO CONTA LUZ',
  '</STMTTRN>',
  '</BANKTRANLIST><LEDGERBAL><BALAMT>1410.10<DTASOF>20250131</LEDGERBAL>',
  '</STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>',
].join('\r\n');

/** OFX 2.2 (XML): processing instructions and closed elements. */
const XML = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<?OFX OFXHEADER="200" VERSION="220" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>
<OFX>
  <BANKMSGSRSV1><STMTTRNRS><STMTRS>
    <CURDEF>BRL</CURDEF>
    <BANKACCTFROM><BANKID>001</BANKID><BRANCHID>4321-0</BRANCHID><ACCTID>998877</ACCTID><ACCTTYPE>CHECKING</ACCTTYPE></BANKACCTFROM>
    <BANKTRANLIST>
      <DTSTART>20250201</DTSTART><DTEND>20250228</DTEND>
      <STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20250203100000.000[-3:BRT]</DTPOSTED><TRNAMT>-250.5</TRNAMT><FITID>abc-1</FITID><NAME>Aluguel</NAME><MEMO>Aluguel</MEMO></STMTTRN>
    </BANKTRANLIST>
    <LEDGERBAL><BALAMT>-250.50</BALAMT><DTASOF>20250228</DTASOF></LEDGERBAL>
  </STMTRS></STMTTRNRS></BANKMSGSRSV1>
</OFX>`;

describe('parseOfx', () => {
  it('reads OFX 1.x SGML: account, period, balance and transactions (unclosed values, comma decimals)', () => {
    const statement = parseOfx(SGML);
    expect(statement).toMatchObject({
      banco: '0341',
      agencia: '1234',
      conta: '56789-0',
      moeda: 'BRL',
      inicio: '2025-01-01',
      fim: '2025-01-31',
      saldo: 1410.1,
    });
    expect(statement.transacoes).toEqual([
      {
        fitId: '20250105001',
        tipo: 'CREDIT',
        data: '2025-01-05',
        valor: 1500,
        descricao: 'PIX RECEBIDO CLIENTE ANA & CIA',
        documento: '001',
      },
      {
        fitId: '20250110002',
        tipo: 'DEBIT',
        data: '2025-01-10',
        valor: -89.9,
        descricao: 'ENERGIA ELETRICA — PAGTO CONTA LUZ',
        documento: null,
      },
    ]);
  });

  it('reads OFX 2.x XML with closed elements (NAME equal to MEMO shown once)', () => {
    const statement = parseOfx(XML);
    expect(statement).toMatchObject({ banco: '001', agencia: '4321-0', conta: '998877', saldo: -250.5 });
    expect(statement.transacoes).toEqual([
      {
        fitId: 'abc-1',
        tipo: 'DEBIT',
        data: '2025-02-03',
        valor: -250.5,
        descricao: 'Aluguel',
        documento: null,
      },
    ]);
  });

  it('rejects what is not OFX and transactions without a valid date or amount', () => {
    expect(() => parseOfx('Data;Valor\n01/01/2025;10')).toThrow('não é um extrato OFX');
    const broken = SGML.replace('<TRNAMT>1500.00', '<TRNAMT>mil');
    expect(() => parseOfx(broken)).toThrow('A transação 1 do extrato');
    expect(() => parseOfx(SGML.replace('<DTPOSTED>20250110', '<DTPOSTED>20250231'))).toThrow('transação 2');
  });

  it('accepts a statement without transactions', () => {
    expect(parseOfx('<OFX><BANKTRANLIST></BANKTRANLIST></OFX>').transacoes).toEqual([]);
  });

  const stmt = (acct: string, lines: string[]) =>
    `<STMTRS><CURDEF>BRL<BANKACCTFROM><BANKID>077<BRANCHID>0001<ACCTID>${acct}<ACCTTYPE>CHECKING</BANKACCTFROM><BANKTRANLIST><DTSTART>20250301<DTEND>20250331\r\n${lines.join('\r\n')}\r\n</BANKTRANLIST><LEDGERBAL><BALAMT>0<DTASOF>20250331</LEDGERBAL></STMTRS>`;
  const trn = (fitId: string | null, date: string, amount: string | null, memo: string) =>
    `<STMTTRN><TRNTYPE>OTHER<DTPOSTED>${date}${amount === null ? '<TRNAMT>' : `<TRNAMT>${amount}`}${fitId === null ? '' : `<FITID>${fitId}`}<MEMO>${memo}</STMTTRN>`;
  const ofx = (...statements: string[]) =>
    `OFXHEADER:100\r\n\r\n<OFX><BANKMSGSRSV1><STMTTRNRS>${statements.join('')}</STMTTRNRS></BANKMSGSRSV1></OFX>`;

  it('gives lines sharing a FITID (Inter: one per day) the fallback key: date, amount, memo, occurrence', () => {
    const lines = [
      trn('20250305', '20250305', '-10.00', 'PIX ENVIADO JOAO'),
      trn('20250305', '20250305', '-10.00', 'PIX ENVIADO JOAO'),
      trn('20250305', '20250305', '25.50', 'PIX RECEBIDO MARIA'),
      trn('20250306-1', '20250306', '7.00', 'TARIFA'),
      trn(null, '20250306', '7.00', 'SEM FITID'),
    ];
    const [statement] = parseOfxContas(ofx(stmt('1234567', lines)));
    const ids = statement?.transacoes.map((t) => t.fitId) ?? [];
    expect(new Set(ids).size).toBe(5);
    expect(ids[3]).toBe('20250306-1');
    expect(ids[0]).toMatch(/^20250305~2025-03-05~-10\.00~[0-9a-f]{8}~1$/);
    expect(ids[1]).toBe(ids[0]?.replace(/~1$/, '~2'));
    expect(ids[2]).toMatch(/^20250305~2025-03-05~25\.50~[0-9a-f]{8}~1$/);
    expect(ids[4]).toMatch(/^~2025-03-06~7\.00~[0-9a-f]{8}~1$/);
    // Stable: the same file read again (or with more lines of another day) gives the same keys.
    const again = parseOfx(ofx(stmt('1234567', [...lines, trn('20250307', '20250307', '1.00', 'X')])));
    expect(again.transacoes.slice(0, 5).map((t) => t.fitId)).toEqual(ids);
    expect(statement?.transacoes.map((t) => t.valor)).toEqual([-10, -10, 25.5, 7, 7]);
  });

  it('skips a line with a blank amount (Caixa "SALDO DIA") with a notice, keeping the others', () => {
    const statement = parseOfx(
      ofx(
        stmt('99', [
          trn('1', '20250305', '-5,00', 'COMPRA'),
          trn('2', '20250305', null, 'SALDO DIA'),
          trn('3', '20250306', '12,34', 'DEPOSITO'),
        ]),
      ),
    );
    expect(statement.transacoes.map((t) => [t.fitId, t.valor])).toEqual([
      ['1', -5],
      ['3', 12.34],
    ]);
    expect(statement.avisos).toEqual([
      'A transação 2 do extrato ("SALDO DIA") não tem valor (TRNAMT) e foi ignorada.',
    ]);
    // An amount that is present but unreadable still refuses the file.
    expect(() => parseOfx(ofx(stmt('99', [trn('1', '20250305', 'abc', 'X')])))).toThrow(
      'A transação 1 do extrato não tem data (DTPOSTED) ou valor (TRNAMT) válidos.',
    );
  });

  it('offers each account of a multi-account file separately (FITIDs unique per account only)', () => {
    const contas = parseOfxContas(
      ofx(
        stmt('111', [trn('A1', '20250301', '10.00', 'UM')]),
        stmt('222', [trn('A1', '20250302', '-3.00', 'DOIS'), trn('B2', '20250303', '4.00', 'TRES')]),
      ),
    );
    expect(contas.map((c) => [c.conta, c.transacoes.map((t) => [t.fitId, t.valor])])).toEqual([
      ['111', [['A1', 10]]],
      [
        '222',
        [
          ['A1', -3],
          ['B2', 4],
        ],
      ],
    ]);
    expect(parseOfx(ofx(stmt('111', []), stmt('222', []))).conta).toBe('111');
  });
});
