import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeOfx, parseOfx, parseOfxContas } from './parseOfx.ts';

/** Fixtures written to reproduce each producer's quirk (tests/fixtures/ofx), read as bytes like an upload. */
const fixture = (name: string) =>
  decodeOfx(new Uint8Array(readFileSync(new URL(`../../tests/fixtures/ofx/${name}`, import.meta.url))));
const pick = (statement: ReturnType<typeof parseOfx>) =>
  statement.transacoes.map(({ fitId, data, valor, memo, informativo }) => ({
    fitId,
    data,
    valor,
    memo,
    informativo,
  }));

describe('parseOfx (ofx-js)', () => {
  it('Itaú SGML 1.02: CP1252 accents, DTPOSTED with [-3:BRT] on its own day, SALDO and future lines flagged', () => {
    const statement = parseOfx(fixture('itau-sgml-cp1252-saldo-futuro.ofx'));
    expect(statement).toMatchObject({
      banco: '0341',
      agencia: '1234',
      conta: '56789-0',
      cartao: false,
      moeda: 'BRL',
      inicio: '2026-03-01',
      fim: '2026-03-10',
      saldo: 1454.1,
      saldoData: '2026-03-10',
    });
    expect(pick(statement)).toEqual([
      { fitId: 'SALDO0301', data: '2026-03-01', valor: 0, memo: 'SALDO ANTERIOR', informativo: 'saldo' },
      {
        fitId: 'ITAU0001',
        data: '2026-03-02',
        valor: 1500,
        memo: 'PIX RECEBIDO JOSÉ DA CONCEIÇÃO',
        informativo: null,
      },
      {
        fitId: 'ITAU0002',
        data: '2026-03-05',
        valor: -45.9,
        memo: 'TARIFA MANUTENÇÃO CONTA',
        informativo: null,
      },
      { fitId: 'SALDO0305', data: '2026-03-05', valor: 1454.1, memo: 'SALDO DO DIA', informativo: 'saldo' },
      {
        fitId: 'ITAU0003',
        data: '2026-03-15',
        valor: -2000,
        memo: 'AGENDAMENTO ALUGUEL',
        informativo: 'futuro',
      },
    ]);
    expect(statement.transacoes[1]?.chave).toBe('F|ITAU0001|2026-03-02|1500.00');
  });

  it('Bradesco: comma decimals (386,80 and 1.234,56), a blank amount skipped with a notice, "S A L D O" flagged', () => {
    const statement = parseOfx(fixture('bradesco-virgula-decimal.ofx'));
    expect(statement.saldo).toBe(847.76);
    expect(pick(statement)).toEqual([
      { fitId: 'BRA001', data: '2026-02-03', valor: -386.8, memo: 'PAGTO FORNECEDOR', informativo: null },
      { fitId: 'BRA002', data: '2026-02-04', valor: 1234.56, memo: 'DEPOSITO', informativo: null },
      { fitId: 'BRA004', data: '2026-02-05', valor: 847.76, memo: 'S A L D O', informativo: 'saldo' },
    ]);
    expect(statement.avisos).toEqual([
      'A transação 3 do extrato ("SALDO DIA") não tem valor (TRNAMT) e foi ignorada.',
    ]);
  });

  it('Santander: CURDEF BRC is BRL, and a single STMTTRN (an object in ofx-js) is one line', () => {
    const statement = parseOfx(fixture('santander-brc-um-lancamento.ofx'));
    expect(statement.moeda).toBe('BRL');
    expect(statement.transacoes).toEqual([
      {
        fitId: 'SAN20260115001',
        chave: 'F|SAN20260115001|2026-01-15|-120.00',
        tipo: 'DEBIT',
        data: '2026-01-15',
        valor: -120,
        descricao: 'PAGAMENTO BOLETO INTERNET',
        memo: 'PAGAMENTO BOLETO INTERNET',
        nome: null,
        documento: '000123',
        informativo: null,
      },
    ]);
  });

  it('Banco do Brasil: a FITID repeated in the file falls back to (data, valor, memo, occurrence); identical lines with distinct FITIDs both kept', () => {
    const statement = parseOfx(fixture('bb-fitid-repetido.ofx'));
    const chaves = statement.transacoes.map((line) => line.chave);
    expect(new Set(chaves).size).toBe(6);
    expect(chaves[0]).toMatch(/^M\|2026-03-10\|-10\.00\|[0-9a-f]{8}\|1$/);
    expect(chaves[1]).toBe(chaves[0]?.replace(/\|1$/, '|2'));
    expect(chaves[2]).toMatch(/^M\|2026-03-10\|50\.00\|[0-9a-f]{8}\|1$/);
    expect(chaves.slice(3, 5)).toEqual(['F|20260311001|2026-03-11|-7.50', 'F|20260311002|2026-03-11|-7.50']);
    // No FITID (Rende Fácil): the fallback too.
    expect(chaves[5]).toMatch(/^M\|2026-03-12\|3\.21\|[0-9a-f]{8}\|1$/);
    expect(statement.transacoes[5]?.memo).toBe('Rende Fácil');
    expect(statement.transacoes[0]?.descricao).toBe('MARIA — Pix - Enviado');
    // Stable: the same file read again gives the same keys.
    expect(parseOfx(fixture('bb-fitid-repetido.ofx')).transacoes.map((line) => line.chave)).toEqual(chaves);
  });

  it('OFX 2.x XML in UTF-8 (closed elements, &amp;)', () => {
    const statement = parseOfx(fixture('nubank-xml-v2-utf8.ofx'));
    expect(statement).toMatchObject({
      banco: '0260',
      conta: '1234567-8',
      saldo: 749.5,
      inicio: '2026-03-01',
    });
    expect(pick(statement)).toEqual([
      {
        fitId: '6543a1b2-0001',
        data: '2026-03-03',
        valor: -250.5,
        memo: 'Compra no débito - Padaria São João',
        informativo: null,
      },
      {
        fitId: '6543a1b2-0002',
        data: '2026-03-04',
        valor: 1000,
        memo: 'Transferência recebida & creditada',
        informativo: null,
      },
    ]);
  });

  it('credit-card statements (CREDITCARDMSGSRSV1 / CCSTMTRS)', () => {
    const [statement, ...rest] = parseOfxContas(fixture('cartao-credito.ofx'));
    expect(rest).toEqual([]);
    expect(statement).toMatchObject({
      cartao: true,
      conta: '5555XXXXXXXX1234',
      saldo: -1250.35,
      fim: '2026-02-28',
    });
    expect(statement?.transacoes.map((line) => [line.fitId, line.valor])).toEqual([
      ['CC001', -89.9],
      ['CC002', 500],
    ]);
  });

  it('each account of a file on its own: the same FITID in two accounts keeps its own key in each', () => {
    const contas = parseOfxContas(fixture('duas-contas-mesmo-fitid.ofx'));
    expect(contas.map((conta) => [conta.conta, conta.transacoes.map((line) => line.chave)])).toEqual([
      ['11111-1', ['F|A1|2026-03-02|10.00']],
      ['22222-2', ['F|A1|2026-03-02|-3.00']],
    ]);
  });

  it('rejects what is not OFX, a malformed file and transactions without a valid date or amount, in pt-BR', () => {
    expect(() => parseOfx('Data;Valor\n01/01/2025;10')).toThrow('não é um extrato OFX');
    const santander = fixture('santander-brc-um-lancamento.ofx');
    expect(() => parseOfx(santander.replace('<TRNAMT>-120.00', '<TRNAMT>mil'))).toThrow(
      'A transação 1 do extrato',
    );
    expect(() => parseOfx(santander.replace('<DTPOSTED>20260115', '<DTPOSTED>20260231'))).toThrow(
      'transação 1',
    );
    expect(() => parseOfx(fixture('nubank-xml-v2-utf8.ofx').replace('</STMTRS>', ''))).toThrow('malformado');
    expect(() => parseOfx(`<OFX><${'A'.repeat(40)}>1</OFX>`)).toThrow('não é um extrato OFX válido');
  });

  it('accepts a statement without transactions', () => {
    expect(parseOfx('<OFX><BANKTRANLIST></BANKTRANLIST></OFX>').transacoes).toEqual([]);
  });

  it('decodes UTF-8 when the header says so or a BOM opens it, Windows-1252 otherwise', () => {
    const cp1252 = new Uint8Array([0x3c, 0x4d, 0x3e, 0x43, 0xc7, 0xc3]); // <M>CÇÃ
    expect(decodeOfx(cp1252)).toBe('<M>CÇÃ');
    const utf8 = new TextEncoder().encode('\uFEFF<M>CÇÃ');
    expect(decodeOfx(utf8)).toBe('<M>CÇÃ');
  });
});
