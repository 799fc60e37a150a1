import { describe, expect, it } from 'vitest';
import { parseOfx } from './parseOfx.ts';

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

  it('rejects what is not OFX and transactions without date, amount or id', () => {
    expect(() => parseOfx('Data;Valor\n01/01/2025;10')).toThrow('não é um extrato OFX');
    const broken = SGML.replace('<TRNAMT>1500.00', '<TRNAMT>mil');
    expect(() => parseOfx(broken)).toThrow('A transação 1 do extrato');
    expect(() => parseOfx(SGML.replace('<DTPOSTED>20250110', '<DTPOSTED>20250231'))).toThrow('transação 2');
  });

  it('accepts a statement without transactions', () => {
    expect(parseOfx('<OFX><BANKTRANLIST></BANKTRANLIST></OFX>').transacoes).toEqual([]);
  });
});
