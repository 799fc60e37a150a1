import { describe, expect, it } from 'vitest';
import { mvaAjustada } from './calcularIcms.ts';
import { calcularTributosNota } from './calcularTributosNota.ts';
import type { EntradaTributos, ItemTributavel, RegraIcms } from './tributacaoTipos.ts';

const produto = { ncm: '22030000', origem: 0 };
const semPisCofins = { cstPis: '49', aliquotaPis: 0, cstCofins: '49', aliquotaCofins: 0 };
const pisCofinsNaoCumulativo = { cstPis: '01', aliquotaPis: 1.65, cstCofins: '01', aliquotaCofins: 7.6 };

function item(icms: RegraIcms, extra: Partial<ItemTributavel> = {}): ItemTributavel {
  return {
    numeroItem: 1,
    produto,
    cfop: '5102',
    quantidade: 1,
    valorUnitario: 100,
    icms,
    federal: semPisCofins,
    ...extra,
  };
}

function nota(crt: 1 | 3, ufDestino: string, itens: ItemTributavel[], extra: Partial<EntradaTributos> = {}) {
  return {
    emitente: { crt, uf: 'SP', aliquotaCreditoSimples: 2.56 },
    destinatario: { uf: ufDestino, indIEDest: 1 as const, consumidorFinal: false },
    natureza: { tipoOperacao: 1 as const },
    modelo: 55 as const,
    itens,
    ...extra,
  };
}

describe('calcularTributosNota — Simples Nacional', () => {
  it('CSOSN 102 intra SP, 2 × 50,00 = 100,00: no ICMS; IBPT 13,45 + 18 = 31,45 % of 100,00 = 31,45; vNF 100,00', () => {
    const r = calcularTributosNota(
      nota(1, 'SP', [
        item(
          { csosn: '102', aliquota: 0 },
          {
            quantidade: 2,
            valorUnitario: 50,
            ibpt: { nacionalFederal: 13.45, importadosFederal: 15.45, estadual: 18, municipal: 0 },
          },
        ),
      ]),
    );
    expect(r.idDest).toBe(1);
    expect(r.itens[0]!.cfop).toBe('5102');
    expect(r.itens[0]!.icms).toMatchObject({ csosn: '102', vBC: 0, vICMS: 0, vCredICMSSN: 0 });
    expect(r.itens[0]!.ibsCbs).toBeUndefined();
    expect(r.totais).toMatchObject({ vProd: 100, vBC: 0, vICMS: 0, vNF: 100, vTotTrib: 31.45 });
    expect(r.totais.ibsCbs).toBeUndefined();
  });

  it('CSOSN 101, 3 × 33,33 = 99,99: crédito 2,56 % × 99,99 = 2,5597 → 2,56; imported IBPT 15,45 + 18 = 33,45 % → 33,45', () => {
    const r = calcularTributosNota(
      nota(1, 'SP', [
        item(
          { csosn: '101', aliquota: 0 },
          {
            quantidade: 3,
            valorUnitario: 33.33,
            produto: { ncm: '22030000', origem: 1 },
            ibpt: { nacionalFederal: 13.45, importadosFederal: 15.45, estadual: 18, municipal: 0 },
          },
        ),
      ]),
    );
    expect(r.itens[0]!.icms).toMatchObject({ pCredSN: 2.56, vCredICMSSN: 2.56, vICMS: 0 });
    expect(r.totais).toMatchObject({ vProd: 99.99, vNF: 99.99, vTotTrib: 33.45 });
  });

  it('CSOSN 201 intra with ST: BC ST 100 × 1,40 = 140,00; ST 140 × 18 % − 100 × 18 % = 25,20 − 18,00 = 7,20; vNF 107,20', () => {
    const r = calcularTributosNota(
      nota(1, 'SP', [
        item({ csosn: '201', aliquota: 18, modalidadeBcSt: 4, mvaSt: 40, aliquotaInternaDestino: 18 }),
      ]),
    );
    expect(r.itens[0]!.icms.st).toMatchObject({
      modBCST: 4,
      pMVAST: 40,
      vBCST: 140,
      pICMSST: 18,
      vICMSST: 7.2,
    });
    expect(r.itens[0]!.icms).toMatchObject({ vBC: 0, vICMS: 0, vCredICMSSN: 2.56 });
    expect(r.totais).toMatchObject({ vBCST: 140, vST: 7.2, vNF: 107.2 });
  });

  it('CSOSN 202 SP → RJ with ST: MVA 50 ajustada 1,5 × 0,88 / 0,82 − 1 = 60,9756 %; BC ST 160,98; ST 28,98 − 12,00 = 16,98', () => {
    const r = calcularTributosNota(
      nota(1, 'RJ', [
        item(
          { csosn: '202', aliquota: 12, modalidadeBcSt: 4, mvaSt: 50, aliquotaInternaDestino: 18 },
          { cfop: '5403' },
        ),
      ]),
    );
    expect(r.idDest).toBe(2);
    expect(r.itens[0]!.cfop).toBe('6403');
    expect(r.itens[0]!.icms.st).toMatchObject({ pMVAST: 60.9756, vBCST: 160.98, vICMSST: 16.98 });
    expect(r.totais.vNF).toBe(116.98);
  });
  it('CSOSN 900 with own ICMS: 100 × 18 % = 18,00 and crédito 2,56', () => {
    const r = calcularTributosNota(nota(1, 'SP', [item({ csosn: '900', aliquota: 18 })]));
    expect(r.itens[0]!.icms).toMatchObject({ csosn: '900', vBC: 100, vICMS: 18, vCredICMSSN: 2.56 });
    expect(r.itens[0]!.icms.st).toBeUndefined();
  });
});

describe('calcularTributosNota — regime normal', () => {
  it('CST 00 intra, 10 × 12,34 − 3,40 = 120,00: ICMS 21,60; PIS 1,65 % × (120 − 21,60) = 1,62; COFINS 7,6 % × 98,40 = 7,48; CBS 0,9 % × 89,30 = 0,80; IBS 0,09', () => {
    const r = calcularTributosNota(
      nota(3, 'SP', [
        item(
          { cst: '00', aliquota: 18 },
          { quantidade: 10, valorUnitario: 12.34, valorDesconto: 3.4, federal: pisCofinsNaoCumulativo },
        ),
      ]),
    );
    const [calculado] = r.itens;
    expect(calculado!.icms).toMatchObject({ cst: '00', modBC: 3, vBC: 120, pICMS: 18, vICMS: 21.6 });
    expect(calculado!.pis).toEqual({ cst: '01', vBC: 98.4, pPIS: 1.65, vPIS: 1.62 });
    expect(calculado!.cofins).toEqual({ cst: '01', vBC: 98.4, pCOFINS: 7.6, vCOFINS: 7.48 });
    expect(calculado!.ibsCbs).toMatchObject({
      vBC: 89.3,
      pCBS: 0.9,
      vCBS: 0.8,
      pIBSUF: 0.1,
      vIBSUF: 0.09,
      vIBS: 0.09,
    });
    expect(r.totais).toMatchObject({
      vProd: 123.4,
      vDesc: 3.4,
      vBC: 120,
      vICMS: 21.6,
      vPIS: 1.62,
      vCOFINS: 7.48,
      vNF: 120,
    });
    expect(r.totais.ibsCbs).toEqual({ vBCIBSCBS: 89.3, vIBSUF: 0.09, vIBSMun: 0, vIBS: 0.09, vCBS: 0.8 });
  });

  it('CST 20 with reduction 33,33 %: BC 200 × 0,6667 = 133,34; ICMS 133,34 × 18 % = 24,0012 → 24,00', () => {
    const r = calcularTributosNota(
      nota(3, 'SP', [item({ cst: '20', aliquota: 18, reducaoBase: 33.33 }, { valorUnitario: 200 })]),
    );
    expect(r.itens[0]!.icms).toMatchObject({ vBC: 133.34, pRedBC: 33.33, vICMS: 24 });
  });

  it('CST 10 SP → MG to a contribuinte with IPI 10 %: ICMS 12 % × 1000 = 120,00; MVA 40 → 50,2439 %; BC ST 1100 × 1,502439 = 1652,68; ST 297,48 − 120 = 177,48; vNF 1000 + 177,48 + 100 = 1277,48', () => {
    const r = calcularTributosNota(
      nota(3, 'MG', [
        item(
          { cst: '10', aliquota: 12, modalidadeBcSt: 4, mvaSt: 40, aliquotaInternaDestino: 18 },
          {
            cfop: '5403',
            valorUnitario: 1000,
            federal: { ...pisCofinsNaoCumulativo, cstIpi: '50', aliquotaIpi: 10 },
          },
        ),
      ]),
    );
    const [calculado] = r.itens;
    expect(calculado!.cfop).toBe('6403');
    expect(calculado!.ipi).toEqual({ cst: '50', cEnq: '999', vBC: 1000, pIPI: 10, vIPI: 100 });
    expect(calculado!.icms).toMatchObject({ vBC: 1000, vICMS: 120 });
    expect(calculado!.icms.st).toMatchObject({
      pMVAST: 50.2439,
      vBCST: 1652.68,
      pICMSST: 18,
      vICMSST: 177.48,
    });
    expect(calculado!.pis.vPIS).toBe(14.52); // 1,65 % × (1000 − 120) = 14,52
    expect(calculado!.cofins.vCOFINS).toBe(66.88); // 7,6 % × 880 = 66,88
    expect(calculado!.ibsCbs).toMatchObject({ vBC: 798.6, vCBS: 7.19, vIBSUF: 0.8 }); // 1000 − 120 − 14,52 − 66,88
    expect(r.totais).toMatchObject({ vBCST: 1652.68, vST: 177.48, vIPI: 100, vNF: 1277.48 });
  });

  it('CST 00 SP → BA to a não contribuinte consumidor final: ICMS 7 % × 500 = 35,00; DIFAL 500 × (20,5 − 7) % = 67,50; FCP 2 % = 10,00; vNF stays 500,00', () => {
    const r = calcularTributosNota(
      nota(
        3,
        'BA',
        [
          item(
            { cst: '00', aliquota: 7, aliquotaInternaDestino: 20.5, aliquotaFcp: 2 },
            { valorUnitario: 500 },
          ),
        ],
        { destinatario: { uf: 'BA', indIEDest: 9, consumidorFinal: true } },
      ),
    );
    expect(r.itens[0]!.cfop).toBe('6102');
    expect(r.itens[0]!.icms.difal).toEqual({
      vBCUFDest: 500,
      vBCFCPUFDest: 500,
      pFCPUFDest: 2,
      pICMSUFDest: 20.5,
      pICMSInter: 7,
      pICMSInterPart: 100,
      vFCPUFDest: 10,
      vICMSUFDest: 67.5,
      vICMSUFRemet: 0,
    });
    expect(r.totais).toMatchObject({ vICMS: 35, vICMSUFDest: 67.5, vFCPUFDest: 10, vNF: 500 });
    // IBS/CBS base 500 − 35 − 67,50 − 10 = 387,50 → CBS 3,4875 → 3,49.
    expect(r.totais.ibsCbs).toMatchObject({ vBCIBSCBS: 387.5, vCBS: 3.49 });
  });

  it('CST 70: BC 100 × 0,90 = 90,00, ICMS 16,20; BC ST 100 × 1,30 × 0,90 = 117,00; ST 21,06 − 16,20 = 4,86', () => {
    const r = calcularTributosNota(
      nota(3, 'SP', [
        item({
          cst: '70',
          aliquota: 18,
          reducaoBase: 10,
          modalidadeBcSt: 4,
          mvaSt: 30,
          reducaoBaseSt: 10,
          aliquotaInternaDestino: 18,
        }),
      ]),
    );
    expect(r.itens[0]!.icms).toMatchObject({ vBC: 90, pRedBC: 10, vICMS: 16.2 });
    expect(r.itens[0]!.icms.st).toMatchObject({ pMVAST: 30, pRedBCST: 10, vBCST: 117, vICMSST: 4.86 });
    expect(r.totais.vNF).toBe(104.86);
  });

  it('CST 40 and 60 carry no ICMS values; vNF is the products', () => {
    const r = calcularTributosNota(
      nota(3, 'SP', [
        item({ cst: '40', aliquota: 18 }),
        item({ cst: '60', aliquota: 18 }, { numeroItem: 2 }),
      ]),
    );
    expect(r.itens.map((calculado) => calculado.icms.vICMS)).toEqual([0, 0]);
    expect(r.totais).toMatchObject({ vBC: 0, vICMS: 0, vNF: 200 });
  });

  it('IPI enters the ICMS base of a consumidor final: (100 + 5) × 18 % = 18,90', () => {
    const r = calcularTributosNota(
      nota(
        3,
        'SP',
        [item({ cst: '00', aliquota: 18 }, { federal: { ...semPisCofins, cstIpi: '50', aliquotaIpi: 5 } })],
        {
          destinatario: { uf: 'SP', indIEDest: 9, consumidorFinal: true },
        },
      ),
    );
    expect(r.itens[0]!.icms).toMatchObject({ vBC: 105, vICMS: 18.9 });
    expect(r.itens[0]!.icms.difal).toBeUndefined();
  });

  it('totals are sums of the rounded items: 3 items of 0,01 × 18 % give 0,00 each, total 0,00 (not 0,01)', () => {
    const itens = [1, 2, 3].map((numeroItem) =>
      item({ cst: '00', aliquota: 18 }, { numeroItem, valorUnitario: 0.01 }),
    );
    const r = calcularTributosNota(nota(3, 'SP', itens, { ibsCbs: null }));
    expect(r.itens.map((calculado) => calculado.icms.vICMS)).toEqual([0, 0, 0]);
    expect(r.totais).toMatchObject({ vBC: 0.03, vICMS: 0, vNF: 0.03 });
  });
});

describe('calcularTributosNota — refusals in pt-BR', () => {
  it.each([
    [
      'product without NCM',
      nota(3, 'SP', [item({ cst: '00', aliquota: 18 }, { produto: { ncm: '', origem: 0 } })]),
      /não tem NCM/,
    ],
    ['CST not handled', nota(3, 'SP', [item({ cst: '30', aliquota: 18 })]), /CST 30 ainda não é calculado/],
    [
      'rule without CSOSN for Simples',
      nota(1, 'SP', [item({ cst: '00', aliquota: 18 })]),
      /não informa o CSOSN/,
    ],
    [
      'ST without modalidade',
      nota(3, 'SP', [item({ cst: '10', aliquota: 18 })]),
      /modalidade da base do ICMS ST/,
    ],
    [
      'NFC-e to another UF',
      nota(3, 'RJ', [item({ cst: '00', aliquota: 12 })], { modelo: 65 }),
      /NFC-e só pode ser emitida em operação interna/,
    ],
    [
      'DIFAL with an internal rate',
      nota(3, 'BA', [item({ cst: '00', aliquota: 18, aliquotaInternaDestino: 20.5 })], {
        destinatario: { uf: 'BA', indIEDest: 9, consumidorFinal: true },
      }),
      /alíquota do ICMS deve ser a interestadual/,
    ],
  ])('%s', (_nome, entrada, mensagem) => {
    expect(() => calcularTributosNota(entrada as EntradaTributos)).toThrow(mensagem);
  });
});

describe('mvaAjustada', () => {
  it('keeps the original MVA when the interstate rate is not below the internal one', () => {
    expect(mvaAjustada(40, 18, 18)).toBe(40);
  });
  it('(1,40 × 0,93 / 0,83) − 1 = 56,8675 % for 7 % into an 17 % UF', () => {
    expect(mvaAjustada(40, 7, 17)).toBe(56.8675);
  });
});
