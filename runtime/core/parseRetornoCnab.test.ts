import { describe, expect, it } from 'vitest';
import {
  linhas240,
  record,
  retorno240,
  retorno400,
  retornoBB400,
  type Titulo,
} from '../../tests/support/cnabBancos.ts';
import { parseRetornoCnab } from './parseRetornoCnab.ts';

/** One liquidation, one write-off and one registration of every bank and layout, read back field by field. */
const titulos: Titulo[] = [
  {
    nossoNumero: '4821',
    codigo: '06',
    valor: 250,
    pago: 245.5,
    desconto: 7,
    juros: 2.5,
    tarifa: 1.95,
    ocorrencia: '2025-03-14',
    credito: '2025-03-17',
    vencimento: '2025-03-12',
    seuNumero: 'NF1001',
  },
  { nossoNumero: '4822', codigo: '09', valor: 80, tarifa: 0.5 },
  { nossoNumero: '4823', codigo: '02', valor: 60 },
];

const read = (text: string) => {
  const file = parseRetornoCnab(text);
  return {
    banco: file.banco,
    layout: file.layout,
    itens: file.ocorrencias.map((o) => ({
      nossoNumero: o.nossoNumero,
      codigo: o.codigo,
      efeito: o.efeito,
      valorTitulo: o.valorTitulo,
      valorPago: o.valorPago,
      tarifa: o.tarifa,
      desconto: o.desconto,
      juros: o.juros,
      dataOcorrencia: o.dataOcorrencia,
      dataCredito: o.dataCredito,
      dataVencimento: o.dataVencimento,
    })),
  };
};

/** What every bank must yield for `titulos`, given how it writes the nosso número. */
const expected = (banco: string, layout: string, numero: (n: string) => string) => ({
  banco,
  layout,
  itens: [
    {
      nossoNumero: numero('4821'),
      codigo: '06',
      efeito: 'liquidacao',
      valorTitulo: 250,
      valorPago: 245.5,
      tarifa: 1.95,
      desconto: 7,
      juros: 2.5,
      dataOcorrencia: '2025-03-14',
      dataCredito: '2025-03-17',
      dataVencimento: '2025-03-12',
    },
    expect.objectContaining({ nossoNumero: numero('4822'), codigo: '09', efeito: 'baixa', tarifa: 0.5 }),
    expect.objectContaining({
      nossoNumero: numero('4823'),
      codigo: '02',
      efeito: 'entrada',
      valorTitulo: 60,
    }),
  ],
});

describe('CNAB retorno per bank (layouts as data)', () => {
  it.each([
    ['237', 'Bradesco', (n: string) => n.padStart(12, '0')],
    ['341', 'Itaú', (n: string) => n.padStart(8, '0')],
    ['033', 'Santander', (n: string) => n.padStart(8, '0')],
    // Banrisul: the two check digits are dropped; BNB: its one DV.
    ['041', 'Banrisul', (n: string) => n.padStart(8, '0')],
    ['004', 'Banco do Nordeste', (n: string) => n.padStart(7, '0')],
    ['748', 'Sicredi', (n: string) => n.padStart(15, '0')],
  ])('CNAB 400 %s (%s): nosso número, amounts, dates and occurrence', (banco, _nome, numero) => {
    expect(read(retorno400(banco, titulos))).toEqual(expected(banco, 'CNAB400', numero));
  });

  it.each([
    ['001', (n: string) => n],
    ['237', (n: string) => n.padStart(12, '0')],
    ['033', (n: string) => n.padStart(13, '0')],
    ['104', (n: string) => `14${n.padStart(15, '0')}`],
    ['756', (n: string) => n.padStart(10, '0')],
    ['748', (n: string) => n],
    ['208', (n: string) => n],
    ['085', (n: string) => n.padStart(17, '0')],
  ])('CNAB 240 %s: segmentos T/U read at the bank’s positions', (banco, numero) => {
    const file = parseRetornoCnab(retorno240(banco, titulos));
    expect(read(retorno240(banco, titulos))).toEqual(expected(banco, 'CNAB240', numero));
    expect(file.ocorrencias.map((o) => o.linha)).toEqual([3, 5, 7]);
  });

  // Banks with their own occurrence tables: [bank, liquidation, write-off, registration codes, nosso
  // número as read (check digit dropped), whether the layout carries fee/discount/interest, credit date].
  it.each([
    ['070', 'BRB', ['06', '00', '02'], (n: string) => n.padStart(12, '0'), true, '2025-03-17'],
    ['077', 'Banco Inter', ['06', '07', '02'], (n: string) => n.padStart(10, '0'), false, '2025-03-17'],
    ['136', 'Unicred', ['06', null, '02'], (n: string) => n.padStart(16, '0'), true, '2025-03-14'],
    ['224', 'Banco Fibra', ['06', '09', '02'], (n: string) => n.padStart(10, '0'), true, null],
    ['643', 'Banco Pine', ['06', '09', '02'], (n: string) => n.padStart(10, '0'), true, null],
    ['435', 'Delbank', ['06', '09', '02'], (n: string) => n.padStart(10, '0'), true, '2025-03-17'],
    ['399', 'HSBC', ['06', '09', '02'], (n: string) => n.padStart(10, '0'), true, null],
  ] as const)(
    'CNAB 400 %s (%s): its own positions and occurrence table',
    (banco, nome, codigos, numero, extras, credito) => {
      const [liquida, baixa, entrada] = codigos;
      const proprios = titulos
        .map((t, i) => ({ ...t, codigo: [liquida, baixa, entrada][i] ?? '' }))
        .filter((t) => t.codigo !== '');
      const file = parseRetornoCnab(retorno400(banco, proprios));
      expect(file).toMatchObject({ banco, layout: 'CNAB400', nomeBanco: nome });
      const [pago, ...resto] = file.ocorrencias;
      expect(pago).toMatchObject({
        nossoNumero: numero('4821'),
        efeito: 'liquidacao',
        valorTitulo: 250,
        valorPago: 245.5,
        tarifa: extras ? 1.95 : 0,
        desconto: extras ? 7 : 0,
        juros: extras ? 2.5 : 0,
        dataOcorrencia: '2025-03-14',
        dataVencimento: '2025-03-12',
        dataCredito: credito,
      });
      expect(resto.map((o) => [o.nossoNumero, o.efeito])).toEqual(
        baixa
          ? [
              [numero('4822'), 'baixa'],
              [numero('4823'), 'entrada'],
            ]
          : [[numero('4823'), 'entrada']],
      );
    },
  );

  it('BRB 09 and Unicred 01/09 are liquidations, Inter 09 is unknown: each bank its own table', () => {
    const codes = (banco: string, codigo: string) =>
      parseRetornoCnab(retorno400(banco, [{ nossoNumero: '5', codigo, valor: 10, pago: 10 }])).ocorrencias[0];
    expect(codes('070', '09')).toMatchObject({
      efeito: 'liquidacao',
      ocorrencia: 'Liquidado (baixa por pagamento)',
    });
    expect(codes('136', '01')).toMatchObject({ efeito: 'liquidacao' });
    expect(codes('136', '09')).toMatchObject({
      efeito: 'liquidacao',
      ocorrencia: 'Liquidação de título descontado',
    });
    expect(codes('077', '09')).toMatchObject({ efeito: 'informativa', ocorrencia: 'Ocorrência 09' });
    // Fibra's 10 follows a 06 already booked: it must not settle the boleto twice.
    expect(codes('224', '10')).toMatchObject({ efeito: 'informativa' });
    expect(codes('399', '31')).toMatchObject({ efeito: 'liquidacao' });
  });

  it('CrediSIS sends the CBR643 layout under 097: types 1 and 7, fee and credit date apart', () => {
    const file = parseRetornoCnab(retornoBB400(titulos, '7', '097'));
    expect(file).toMatchObject({ banco: '097', nomeBanco: 'CrediSIS' });
    expect(read(retornoBB400(titulos, '1', '097'))).toEqual(
      expected('097', 'CNAB400', (n) => `123456${n.padStart(5, '0')}`),
    );
  });

  it('Banco do Brasil CBR643: detail type 7 and type 1 are both read, date and fee not glued', () => {
    const tipo7 = read(retornoBB400(titulos, '7'));
    expect(tipo7).toEqual(expected('001', 'CNAB400', (n) => `1234567${n.padStart(10, '0')}`));
    const tipo1 = read(retornoBB400(titulos, '1'));
    expect(tipo1).toEqual(expected('001', 'CNAB400', (n) => `123456${n.padStart(5, '0')}`));
  });

  it('Unicred under code 001 (BB layout): credit date 18/05/15 next to a R$ 1,60 fee reads as both', () => {
    const text = retornoBB400([
      { nossoNumero: '77', codigo: '06', valor: 320, pago: 320, tarifa: 1.6, credito: '2015-05-18' },
    ]);
    expect(text.split('\r\n')[1]?.slice(175, 188)).toBe('1805150000160');
    const [item] = parseRetornoCnab(text).ocorrencias;
    expect(item).toMatchObject({ tarifa: 1.6, dataCredito: '2015-05-18', valorPago: 320 });
  });

  it('Caixa SIGCB 400 uses its own codes: 01 entrada, 02 baixa, 21 liquidação, 06 only informs', () => {
    const file = parseRetornoCnab(
      retorno400('104', [
        { nossoNumero: '1', codigo: '01' },
        { nossoNumero: '2', codigo: '02' },
        { nossoNumero: '3', codigo: '21', valor: 10, pago: 10 },
        { nossoNumero: '4', codigo: '06' },
      ]),
    );
    expect(file.ocorrencias.map((o) => [o.nossoNumero, o.ocorrencia, o.efeito])).toEqual([
      ['00000000000000001', 'Entrada confirmada', 'entrada'],
      ['00000000000000002', 'Baixa confirmada', 'baixa'],
      ['00000000000000003', 'Liquidação', 'liquidacao'],
      ['00000000000000004', 'Uso da empresa alterado', 'informativa'],
    ]);
    expect(file.ocorrencias[2]?.dataCredito).toBe('2025-03-17');
  });

  it('Itaú reads its own table (08 liquidação em cartório) and Bradesco its (08 unknown, informative)', () => {
    const itau = parseRetornoCnab(retorno400('341', [{ nossoNumero: '9', codigo: '08' }]));
    expect(itau.ocorrencias[0]).toMatchObject({ ocorrencia: 'Liquidação em cartório', efeito: 'liquidacao' });
    const bradesco = parseRetornoCnab(retorno400('237', [{ nossoNumero: '9', codigo: '08' }]));
    expect(bradesco.ocorrencias[0]).toMatchObject({ ocorrencia: 'Ocorrência 08', efeito: 'informativa' });
  });

  it('tolerates whitespace where unambiguous: BOM, trimmed blanks, 241-character lines, blank last line', () => {
    const lines = linhas240('756', titulos);
    const clean = read(lines.join('\r\n'));
    const variants = [
      `\uFEFF${lines.join('\r\n')}`,
      lines.map((line) => line.trimEnd()).join('\n'),
      lines.map((line) => `${line} `).join('\r\n'),
      `${lines.join('\r\n')}\r\n\r\n   \r\n`,
      lines.map((line) => `${line}\r`).join('\n'),
    ];
    for (const text of variants) expect(read(text)).toEqual(clean);
    expect(clean.itens).toHaveLength(3);
    // CNAB 400 with a BOM and a trailing blank line.
    expect(read(`\uFEFF${retorno400('237', titulos)}\r\n`)).toEqual(read(retorno400('237', titulos)));
  });

  it('still refuses what is ambiguous: a 400 record cut short, text beyond a record', () => {
    const lines = retorno400('237', titulos).split('\r\n');
    const cut = [lines[0], (lines[1] as string).slice(0, 300), ...lines.slice(2)].join('\r\n');
    expect(() => parseRetornoCnab(cut)).toThrow(
      'Linha 2: registro de detalhe com 300 caracteres; o CNAB 400 tem 400.',
    );
    const extra = [lines[0], `${lines[1]}X`, ...lines.slice(2)].join('\r\n');
    expect(() => parseRetornoCnab(extra)).toThrow('Linha 2: registro de detalhe com 401 caracteres');
  });

  it('names an unsupported bank or layout and lists the supported ones', () => {
    expect(() => parseRetornoCnab(retorno400('389', titulos))).toThrow(
      /^Layout não suportado: banco 389 CNAB 400\. Suportados: 001 Banco do Brasil \(CBR643\) CNAB 400; .*104 Caixa \(SIGCB\) CNAB 240;/,
    );
    expect(() => parseRetornoCnab(retorno240('341', titulos))).toThrow(
      /^Layout não suportado: banco 341 CNAB 240\./,
    );
    const header = record(400, [
      [1, '02RETORNO01COBRANCA'],
      [77, '999XPTO'],
      [395, '000001'],
    ]);
    expect(() => parseRetornoCnab(`${header}\r\n`)).toThrow(/^Layout não suportado: banco 999 CNAB 400/);
  });
});
