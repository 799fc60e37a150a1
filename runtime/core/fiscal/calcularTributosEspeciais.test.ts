import { describe, expect, it } from 'vitest';
import { calcularTributosNota } from './calcularTributosNota.ts';
import type { EntradaTributos, ItemTributavel, RegraIcms } from './tributacaoTipos.ts';

/** CST 02/15/53/61 (ICMS monofásico on fuels), 51 (diferimento), ST retido, DIFAL of a Simples seller, indFinal. */

const semPisCofins = { cstPis: '49', aliquotaPis: 0, cstCofins: '49', aliquotaCofins: 0 };
const gasolina = { ncm: '27101259', origem: 0 };

function item(icms: RegraIcms, extra: Partial<ItemTributavel> = {}): ItemTributavel {
  return {
    numeroItem: 1,
    produto: gasolina,
    cfop: '5656',
    quantidade: 1,
    valorUnitario: 100,
    icms,
    federal: semPisCofins,
    ...extra,
  };
}

function nota(itens: ItemTributavel[], extra: Partial<EntradaTributos> = {}): EntradaTributos {
  return {
    emitente: { crt: 3, uf: 'SP', aliquotaCreditoSimples: 2.56 },
    destinatario: { uf: 'SP', indIEDest: 1, consumidorFinal: false },
    natureza: { tipoOperacao: 1 },
    modelo: 55,
    itens,
    ibsCbs: null,
    ...extra,
  };
}

describe('ICMS monofásico sobre combustíveis (ad rem, LC 192/2022)', () => {
  it.each([
    {
      caso: 'CST 02: 1.000 l × R$ 1,4700 = 1.470,00; vNF stays the products, 1.000 × 5,89 = 5.890,00',
      regra: { cst: '02', aliquota: 0, adRem: 1.47 },
      quantidade: 1000,
      valorUnitario: 5.89,
      icms: { monofasico: { qBCMono: 1000, adRemICMS: 1.47, vICMSMono: 1470 } },
      totais: {
        qBCMono: 1000,
        vICMSMono: 1470,
        qBCMonoReten: 0,
        vICMSMonoReten: 0,
        qBCMonoRet: 0,
        vICMSMonoRet: 0,
      },
      vNF: 5890,
    },
    {
      caso: 'CST 15: own 500 l × 1,0635 = 531,75 and retained 500 × 1,0635 = 531,75',
      regra: { cst: '15', aliquota: 0, adRem: 1.0635, adRemRetencao: 1.0635 },
      quantidade: 500,
      valorUnitario: 6,
      icms: {
        monofasico: {
          qBCMono: 500,
          adRemICMS: 1.0635,
          vICMSMono: 531.75,
          qBCMonoReten: 500,
          adRemICMSReten: 1.0635,
          vICMSMonoReten: 531.75,
        },
      },
      totais: { qBCMono: 500, vICMSMono: 531.75, qBCMonoReten: 500, vICMSMonoReten: 531.75 },
      vNF: 3000,
    },
    {
      caso: 'CST 53: operation 100 l × 1,47 = 147,00; deferred 40 % = 58,80; owed 88,20',
      regra: { cst: '53', aliquota: 0, adRem: 1.47, percentualDiferimento: 40 },
      quantidade: 100,
      valorUnitario: 5,
      icms: {
        monofasico: {
          qBCMono: 100,
          adRemICMS: 1.47,
          vICMSMonoOp: 147,
          pDif: 40,
          vICMSMonoDif: 58.8,
          vICMSMono: 88.2,
        },
      },
      totais: { qBCMono: 100, vICMSMono: 88.2 },
      vNF: 500,
    },
    {
      caso: 'CST 61: charged before, 40,5 l × 1,47 = 59,535 → 59,54 (informational)',
      regra: { cst: '61', aliquota: 0, adRem: 1.47 },
      quantidade: 40.5,
      valorUnitario: 6.2,
      icms: { monofasicoRetido: { qBCMonoRet: 40.5, adRemICMSRet: 1.47, vICMSMonoRet: 59.54 } },
      totais: { qBCMono: 0, vICMSMono: 0, qBCMonoRet: 40.5, vICMSMonoRet: 59.54 },
      vNF: 251.1,
    },
  ])('$caso', ({ regra, quantidade, valorUnitario, icms, totais, vNF }) => {
    const r = calcularTributosNota(nota([item(regra, { quantidade, valorUnitario })]));
    expect(r.itens[0]!.icms).toMatchObject({ vBC: 0, vICMS: 0, ...icms });
    expect(r.totais.monofasico).toMatchObject(totais);
    expect(r.totais).toMatchObject({ vBC: 0, vICMS: 0, vNF });
  });

  it('the ad rem quantity may differ from the sold quantity (qBCMono in litres of 2 cans of 18 l)', () => {
    const r = calcularTributosNota(
      nota([item({ cst: '02', aliquota: 0, adRem: 1.47 }, { quantidade: 2, quantidadeMonofasica: 36 })]),
    );
    expect(r.itens[0]!.icms.monofasico).toMatchObject({ qBCMono: 36, vICMSMono: 52.92 });
  });

  it('the IBS/CBS base leaves the ICMS monofásico out: 5.890 − 1.470 = 4.420 → CBS 0,9 % = 39,78', () => {
    const r = calcularTributosNota(
      nota([item({ cst: '02', aliquota: 0, adRem: 1.47 }, { quantidade: 1000, valorUnitario: 5.89 })], {
        ibsCbs: undefined,
      }),
    );
    expect(r.itens[0]!.ibsCbs).toMatchObject({ vBC: 4420, vCBS: 39.78 });
  });

  it.each([
    ['CST 02 without the ad rem rate', { cst: '02', aliquota: 0 }, /CST 02 .* exige a alíquota ad rem/],
    ['CST 15 without the retained rate', { cst: '15', aliquota: 0, adRem: 1 }, /ICMS retido/],
    ['CST 53 without pDif', { cst: '53', aliquota: 0, adRem: 1 }, /percentual do diferimento/],
  ])('%s: a pt-BR refusal', (_nome, regra, mensagem) => {
    expect(() => calcularTributosNota(nota([item(regra)]))).toThrow(mensagem);
  });
});

describe('CST 51 — diferimento', () => {
  it.each([
    {
      caso: 'partial 33,33 %: 1.000 × 18 % = 180,00; deferred 59,994 → 59,99; owed 120,01',
      pDif: 33.33,
      reducao: null,
      esperado: {
        vBC: 1000,
        pICMS: 18,
        vICMS: 120.01,
        diferimento: { vICMSOp: 180, pDif: 33.33, vICMSDif: 59.99 },
      },
    },
    {
      caso: 'total 100 %: nothing owed on the note (vICMS 0,00), base still 1.000,00',
      pDif: 100,
      reducao: null,
      esperado: { vBC: 1000, vICMS: 0, diferimento: { vICMSOp: 180, pDif: 100, vICMSDif: 180 } },
    },
    {
      caso: 'with a 20 % reduction: base 800,00, 144,00 of which 50 % = 72,00 deferred',
      pDif: 50,
      reducao: 20,
      esperado: { vBC: 800, pRedBC: 20, vICMS: 72, diferimento: { vICMSOp: 144, pDif: 50, vICMSDif: 72 } },
    },
  ])('$caso', ({ pDif, reducao, esperado }) => {
    const r = calcularTributosNota(
      nota([
        item(
          { cst: '51', aliquota: 18, percentualDiferimento: pDif, reducaoBase: reducao },
          { produto: { ncm: '10063021', origem: 0 }, cfop: '5102', valorUnitario: 1000 },
        ),
      ]),
    );
    expect(r.itens[0]!.icms).toMatchObject(esperado);
    expect(r.totais.vICMS).toBe(esperado.vICMS);
    expect(r.totais.vNF).toBe(1000);
  });

  it('without the percentual do diferimento: 422 naming the field', () => {
    expect(() => calcularTributosNota(nota([item({ cst: '51', aliquota: 18 })]))).toThrow(
      /CST 51 \(diferimento\) exige o percentual do diferimento/,
    );
  });
});

describe('ST retido (CST 60, CSOSN 500)', () => {
  const stRetido = { baseUnitaria: 11.7, aliquota: 18, icmsProprioUnitario: 1.8 };
  it.each([
    ['CST 60, regime normal', 3 as const, { cst: '60', aliquota: 0 }],
    ['CSOSN 500, Simples Nacional', 1 as const, { csosn: '500', aliquota: 0 }],
  ])(
    '%s: 10 × 11,70 = 117,00; 117 × 18 % − 10 × 1,80 = 21,06 − 18,00 = 3,06; not in vNF',
    (_nome, crt, regra) => {
      const r = calcularTributosNota(
        nota([item(regra, { quantidade: 10, valorUnitario: 10, cfop: '5405', stRetido })], {
          emitente: { crt, uf: 'SP' },
        }),
      );
      expect(r.itens[0]!.icms.stRetido).toEqual({
        vBCSTRet: 117,
        pST: 18,
        vICMSSubstituto: 18,
        vICMSSTRet: 3.06,
      });
      expect(r.totais).toMatchObject({ vST: 0, vBCST: 0, vNF: 100 });
    },
  );

  it('another CST ignores the retained values', () => {
    const r = calcularTributosNota(nota([item({ cst: '00', aliquota: 18 }, { stRetido })]));
    expect(r.itens[0]!.icms.stRetido).toBeUndefined();
  });
});

describe('DIFAL of a Simples Nacional seller', () => {
  it('SP → BA to a não contribuinte: no ICMSUFDest (ADI 5464, cl. 9ª of Convênio ICMS 93/2015); a regime normal seller owes 500 × 13,5 % = 67,50', () => {
    const venda = (crt: 1 | 3, icms: RegraIcms) =>
      calcularTributosNota(
        nota([item(icms, { produto: { ncm: '22030000', origem: 0 }, cfop: '5102', valorUnitario: 500 })], {
          emitente: { crt, uf: 'SP', aliquotaCreditoSimples: 2.56 },
          destinatario: { uf: 'BA', indIEDest: 9, consumidorFinal: true },
        }),
      );
    const simples = venda(1, { csosn: '102', aliquota: 7, aliquotaInternaDestino: 20.5, aliquotaFcp: 2 });
    expect(simples.itens[0]!.icms.difal).toBeUndefined();
    expect(simples.totais).toMatchObject({ vICMSUFDest: 0, vFCPUFDest: 0, vNF: 500 });
    const normal = venda(3, { cst: '00', aliquota: 7, aliquotaInternaDestino: 20.5, aliquotaFcp: 2 });
    expect(normal.totais).toMatchObject({ vICMSUFDest: 67.5, vFCPUFDest: 10 });
  });
});

describe('indFinal from the natureza de operação', () => {
  const venda = (naturezaConsumidorFinal: boolean | null, indIEDest: 1 | 9, modelo: 55 | 65 = 55) =>
    calcularTributosNota(
      nota(
        [
          item(
            { cst: '00', aliquota: 18 },
            {
              produto: { ncm: '22030000', origem: 0 },
              cfop: '5102',
              federal: { ...semPisCofins, cstIpi: '50', aliquotaIpi: 10 },
            },
          ),
        ],
        {
          modelo,
          natureza: { tipoOperacao: 1, consumidorFinal: naturezaConsumidorFinal },
          destinatario: { uf: 'SP', indIEDest, consumidorFinal: indIEDest === 9 },
        },
      ),
    );

  it.each([
    [
      'a contribuinte buying for its own use, as the natureza states: IPI enters the base, (100 + 10) × 18 % = 19,80',
      true,
      1,
      true,
      19.8,
    ],
    ['a contribuinte and a natureza that states nothing: resale, 100 × 18 % = 18,00', null, 1, false, 18],
    ['a não contribuinte and a natureza that states nothing: consumidor final, 19,80', null, 9, true, 19.8],
    ['a natureza stating normal (resale) to a contribuinte: 18,00', false, 1, false, 18],
  ] as const)('%s', (_nome, natureza, indIEDest, consumidorFinal, vICMS) => {
    const r = venda(natureza, indIEDest);
    expect(r.consumidorFinal).toBe(consumidorFinal);
    expect(r.itens[0]!.icms.vICMS).toBe(vICMS);
  });

  it('an NFC-e is always to the consumidor final', () => {
    expect(venda(false, 1, 65).consumidorFinal).toBe(true);
  });

  it('a natureza stating normal to a não contribuinte is refused before SEFAZ does (rejeição 696)', () => {
    expect(() => venda(false, 9)).toThrow(/venda a não contribuinte é sempre a consumidor final/);
  });
});
