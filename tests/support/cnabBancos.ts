/**
 * Return files (arquivo de retorno de cobrança) per bank and layout, written field by field at the positions
 * each bank's manual prints — independently of runtime/core/cnab/layouts.ts, so a wrong position there
 * fails the tests. Header, details and trailers with the right lengths and sequence numbers.
 */

type Fields = Array<[number, string]>;

/** A fixed-width record: blanks with each [start (1-based), text] written in place. */
export function record(size: number, fields: Fields): string {
  const chars = ' '.repeat(size).split('');
  for (const [start, text] of fields) chars.splice(start - 1, text.length, ...text.split(''));
  return chars.join('').slice(0, size);
}
const cents = (value: number, size: number) => String(Math.round(value * 100)).padStart(size, '0');
const seq = (n: number) => String(n).padStart(6, '0');

/** One title's occurrence, with dates as ISO (yyyy-mm-dd). */
export interface Titulo {
  nossoNumero: string;
  codigo: string;
  seuNumero?: string;
  ocorrencia?: string;
  credito?: string;
  vencimento?: string;
  valor?: number;
  pago?: number;
  tarifa?: number;
  desconto?: number;
  abatimento?: number;
  juros?: number;
  multa?: number;
}

const ddmmaa = (iso: string) => `${iso.slice(8, 10)}${iso.slice(5, 7)}${iso.slice(2, 4)}`;
const ddmmaaaa = (iso: string) => `${iso.slice(8, 10)}${iso.slice(5, 7)}${iso.slice(0, 4)}`;
const aaaammdd = (iso: string) => iso.replaceAll('-', '');

const DEFAULTS = { ocorrencia: '2025-03-14', credito: '2025-03-17', vencimento: '2025-03-10' };

/** Fields shared by the CNAB 400 banks that follow Bradesco's positions (all but the nosso número). */
function comuns400(t: Titulo, i: number): Fields {
  return [
    [109, t.codigo],
    [111, ddmmaa(t.ocorrencia ?? DEFAULTS.ocorrencia)],
    [117, (t.seuNumero ?? `DOC${i + 1}`).padEnd(10, ' ')],
    [147, ddmmaa(t.vencimento ?? DEFAULTS.vencimento)],
    [153, cents(t.valor ?? 0, 13)],
    [166, '00000'],
    [176, cents(t.tarifa ?? 0, 13)],
    [228, cents(t.abatimento ?? 0, 13)],
    [241, cents(t.desconto ?? 0, 13)],
    [254, cents(t.pago ?? 0, 13)],
    [267, cents(t.juros ?? 0, 13)],
    [296, ddmmaa(t.credito ?? DEFAULTS.credito)],
  ];
}

/** Per bank: code and name for the header, and the detail's fields (type in position 1 included). */
const DETALHE_400: Record<string, { nome: string; detalhe: (t: Titulo, i: number) => Fields }> = {
  // Bradesco: nosso número 71–81 and its DV 82 (the fixture's number carries it).
  '237': {
    nome: 'BRADESCO',
    detalhe: (t, i) => [[1, '102'], [71, t.nossoNumero.padStart(12, '0')], ...comuns400(t, i)],
  },
  // Itaú: nosso número 63–70, carteira 83–85, nosso número again 86–93 and its DAC in 94.
  '341': {
    nome: 'BANCO ITAU SA',
    detalhe: (t, i) => [
      [1, '102'],
      [63, t.nossoNumero.padStart(8, '0')],
      [83, '109'],
      [86, t.nossoNumero.padStart(8, '0')],
      [94, '7'],
      [108, 'I'],
      ...comuns400(t, i),
    ],
  },
  // Santander: nosso número 63–70 (7 digits and DV).
  '033': {
    nome: 'SANTANDER',
    detalhe: (t, i) => [[1, '102'], [63, t.nossoNumero.padStart(8, '0')], ...comuns400(t, i)],
  },
  // Caixa SIGCB 400: nosso número 57–73 (17), credit date 294–299.
  '104': {
    nome: 'C ECON FEDERAL',
    detalhe: (t, i) => [
      [1, '102'],
      [57, t.nossoNumero.padStart(17, '0')],
      ...comuns400(t, i).filter(([start]) => start !== 296),
      [294, ddmmaa(t.credito ?? DEFAULTS.credito)],
    ],
  },
  // Sicredi 400: nosso número 48–62, multa 280–292, credit date 329–336 AAAAMMDD.
  '748': {
    nome: 'SICREDI',
    detalhe: (t, i) => [
      [1, '1'],
      [48, t.nossoNumero.padStart(15, '0')],
      ...comuns400(t, i).filter(([start]) => start !== 296),
      [280, cents(t.multa ?? 0, 13)],
      [329, aaaammdd(t.credito ?? DEFAULTS.credito)],
    ],
  },
  // Banrisul: nosso número 63–72 (8 digits and 2 check digits), multa 280–292.
  '041': {
    nome: 'BANRISUL',
    detalhe: (t, i) => [
      [1, '102'],
      [63, `${t.nossoNumero.padStart(8, '0')}57`],
      ...comuns400(t, i),
      [280, cents(t.multa ?? 0, 13)],
    ],
  },
  // Banco do Nordeste: nosso número 63–69 and its DV 70.
  '004': {
    nome: 'B.DO NORDESTE',
    detalhe: (t, i) => [[1, '102'], [63, `${t.nossoNumero.padStart(7, '0')}3`], ...comuns400(t, i)],
  },
  // BRB: its own positions, dates in DDMMAAAA (occurrence 111, due 149, credit 300), nosso número 71–82.
  '070': {
    nome: 'BRB',
    detalhe: (t, i) => [
      [1, '1'],
      [71, t.nossoNumero.padStart(12, '0')],
      [93, (t.seuNumero ?? `DOC${i + 1}`).padEnd(13, ' ')],
      [109, t.codigo],
      [111, ddmmaaaa(t.ocorrencia ?? DEFAULTS.ocorrencia)],
      [149, ddmmaaaa(t.vencimento ?? DEFAULTS.vencimento)],
      [157, cents(t.valor ?? 0, 13)],
      [180, cents(t.tarifa ?? 0, 13)],
      [206, cents(t.juros ?? 0, 13)],
      [232, cents(t.abatimento ?? 0, 13)],
      [245, cents(t.desconto ?? 0, 13)],
      [258, cents(t.pago ?? 0, 13)],
      [300, ddmmaaaa(t.credito ?? DEFAULTS.credito)],
    ],
  },
  // Banco Inter's own layout: code 90, dates 92/119/173, valor 125, pago 160; nosso número 71–81 with DV.
  '077': {
    nome: 'BANCO INTER',
    detalhe: (t, i) => [
      [1, '1'],
      [71, `${t.nossoNumero.padStart(10, '0')}7`],
      [90, t.codigo],
      [92, ddmmaa(t.ocorrencia ?? DEFAULTS.ocorrencia)],
      [98, (t.seuNumero ?? `DOC${i + 1}`).padEnd(10, ' ')],
      [119, ddmmaa(t.vencimento ?? DEFAULTS.vencimento)],
      [125, cents(t.valor ?? 0, 13)],
      [160, cents(t.pago ?? 0, 13)],
      [173, ddmmaa(t.credito ?? DEFAULTS.credito)],
    ],
  },
  // Unicred 136: nosso número 46–62 (zero-padded, DV last), fee 182–188 (7 digits), seu número 280–305,
  // no credit date of its own.
  '136': {
    nome: 'UNICRED',
    detalhe: (t, i) => [
      [1, '1'],
      [46, `${t.nossoNumero.padStart(10, '0')}4`.padStart(17, '0')],
      ...comuns400(t, i).filter(([start]) => start !== 117 && start !== 176 && start !== 296),
      [182, cents(t.tarifa ?? 0, 7)],
      [280, (t.seuNumero ?? `DOC${i + 1}`).padEnd(26, ' ')],
    ],
  },
  // Mercantil do Brasil (layout not supported: only its header matters).
  '389': { nome: 'MERCANTIL', detalhe: (t, i) => [[1, '1'], [40, t.nossoNumero], ...comuns400(t, i)] },
  // Fibra, Pine, HSBC: nosso número 63–73 (10 digits and DV), no credit date.
  '224': { nome: 'BANCO FIBRA', detalhe: (t, i) => semCredito(t, i) },
  '643': { nome: 'BANCO PINE', detalhe: (t, i) => semCredito(t, i) },
  '399': { nome: 'HSBC', detalhe: (t, i) => semCredito(t, i) },
  // Delbank: the same plus multa 280–292 and the credit date 386–391.
  '435': {
    nome: 'DELBANK',
    detalhe: (t, i) => [
      ...semCredito(t, i),
      [280, cents(t.multa ?? 0, 13)],
      [386, ddmmaa(t.credito ?? DEFAULTS.credito)],
    ],
  },
};

function semCredito(t: Titulo, i: number): Fields {
  return [
    [1, '1'],
    [63, `${t.nossoNumero.padStart(10, '0')}2`],
    ...comuns400(t, i).filter(([start]) => start !== 296),
  ];
}

/** Banco do Brasil CBR643 detail: type 7 (convênio of 7 digits) or 1 (convênio of 6 digits). */
function detalheBB(t: Titulo, i: number, tipo: '1' | '7'): Fields {
  const base = comuns400(t, i).filter(([start]) => start !== 176 && start !== 296);
  return [
    [1, tipo],
    ...(tipo === '7'
      ? ([[64, `1234567${t.nossoNumero.padStart(10, '0')}`]] as Fields)
      : ([
          [63, `123456${t.nossoNumero.padStart(5, '0')}`],
          [74, '9'],
        ] as Fields)),
    [81, '17019'],
    ...base,
    // Credit date 176–181 and the fee, 7 digits, 182–188: glued, they read as one absurd amount.
    [176, ddmmaa(t.credito ?? DEFAULTS.credito)],
    [182, cents(t.tarifa ?? 0, 7)],
  ];
}

function lines400(banco: string, nome: string, detalhes: Fields[]): string[] {
  return [
    record(400, [
      [1, '02RETORNO01COBRANCA'],
      [27, '12340012345'],
      [47, 'EMPRESA DEMONSTRACAO LTDA'],
      [77, `${banco}${nome}`],
      [95, '170325'],
      [395, seq(1)],
    ]),
    ...detalhes.map((fields, i) => record(400, [...fields, [395, seq(i + 2)]])),
    record(400, [
      [1, `9201${banco}`],
      [395, seq(detalhes.length + 2)],
    ]),
  ];
}

/** A CNAB 400 return file of a bank that follows its own detail positions (CRLF). */
export function retorno400(banco: string, titulos: Titulo[]): string {
  const def = DETALHE_400[banco];
  if (!def) throw new Error(`fixture: no CNAB 400 writer for ${banco}`);
  return `${lines400(banco, def.nome, titulos.map(def.detalhe)).join('\r\n')}\r\n`;
}

/** Banco do Brasil CBR643 (also what correspondent cooperatives such as Unicred send under 001). */
export function retornoBB400(titulos: Titulo[], tipo: '1' | '7' = '7', banco = '001'): string {
  return `${lines400(
    banco,
    banco === '001' ? 'BANCO DO BRASIL' : 'CREDISIS',
    titulos.map((t, i) => detalheBB(t, i, tipo)),
  ).join('\r\n')}\r\n`;
}

/** Per bank, the segmento T's nosso número (and Santander's moved fields). */
const SEGMENTO_T: Record<string, (t: Titulo) => Fields> = {
  '001': (t) => [[38, t.nossoNumero.padEnd(20, ' ')]],
  '237': (t) => [[38, t.nossoNumero.padStart(12, '0')]],
  '748': (t) => [[38, t.nossoNumero.padEnd(20, ' ')]],
  '208': (t) => [[38, t.nossoNumero.padEnd(20, ' ')]],
  '085': (t) => [[38, t.nossoNumero.padStart(17, '0')]],
  // Sicoob: nosso número with DV 38–47, parcela 48–49, modalidade 50–51, formulário 52.
  '756': (t) => [[38, `${t.nossoNumero.padStart(10, '0')}01014`]],
  // Caixa SIGCB: modalidade 40–41 and the 15-digit nosso número 42–56.
  '104': (t) => [[40, `14${t.nossoNumero.padStart(15, '0')}`]],
};

function detalhe240(banco: string, t: Titulo, i: number): [string, string] {
  const santander = banco === '033';
  const head = (n: number, segmento: string): Fields => [
    [1, `${banco}00013`],
    [9, String(n).padStart(5, '0')],
    [14, segmento],
    [16, t.codigo],
  ];
  const tFields: Fields = santander
    ? [
        [41, t.nossoNumero.padStart(13, '0')],
        [55, (t.seuNumero ?? `DOC${i + 1}`).padEnd(15, ' ')],
        [70, ddmmaaaa(t.vencimento ?? DEFAULTS.vencimento)],
        [78, cents(t.valor ?? 0, 15)],
        [194, cents(t.tarifa ?? 0, 15)],
      ]
    : [
        ...(SEGMENTO_T[banco]?.(t) ?? []),
        [59, (t.seuNumero ?? `DOC${i + 1}`).padEnd(15, ' ')],
        [74, ddmmaaaa(t.vencimento ?? DEFAULTS.vencimento)],
        [82, cents(t.valor ?? 0, 15)],
        [199, cents(t.tarifa ?? 0, 15)],
      ];
  return [
    record(240, [...head(i * 2 + 1, 'T'), ...tFields]),
    record(240, [
      ...head(i * 2 + 2, 'U'),
      [18, cents(t.juros ?? 0, 15)],
      [33, cents(t.desconto ?? 0, 15)],
      [48, cents(t.abatimento ?? 0, 15)],
      [78, cents(t.pago ?? 0, 15)],
      [93, cents(t.pago ?? 0, 15)],
      [138, ddmmaaaa(t.ocorrencia ?? DEFAULTS.ocorrencia)],
      [146, ddmmaaaa(t.credito ?? DEFAULTS.credito)],
    ]),
  ];
}

/** The records of a FEBRABAN CNAB 240 return file (header de arquivo/lote, T + U pairs, trailers). */
export function linhas240(banco: string, titulos: Titulo[]): string[] {
  const detalhes = titulos.flatMap((t, i) => detalhe240(banco, t, i));
  return [
    record(240, [
      [1, `${banco}00000`],
      [18, '212345678000199'],
      [73, 'EMPRESA DEMONSTRACAO LTDA'],
      [143, '2'],
      [144, '17032025'],
      [164, '040'],
    ]),
    record(240, [[1, `${banco}00011T01  040`]]),
    ...detalhes,
    record(240, [
      [1, `${banco}00015`],
      [18, String(detalhes.length + 2).padStart(6, '0')],
    ]),
    record(240, [
      [1, `${banco}99999`],
      [18, '000001'],
      [24, String(detalhes.length + 4).padStart(6, '0')],
    ]),
  ];
}

export const retorno240 = (banco: string, titulos: Titulo[]) =>
  `${linhas240(banco, titulos).join('\r\n')}\r\n`;
