import { describe, expect, it } from 'vitest';
import { linhasPrevia } from './linhasPrevia.ts';

const base = {
  numeroItem: 1,
  descricao: 'Cerveja Pilsen 350 ml',
  ncm: '22030000',
  cfop: '5102',
  vProd: 30,
  vDesc: 0,
  vItem: 30,
  vTotTrib: 0,
  pis: { cst: '01', vPIS: 0.5 },
  cofins: { cst: '01', vCOFINS: 2.28 },
};

describe('linhasPrevia', () => {
  it('reads the regime normal CST, ICMS, ST with FCP, IPI and IBS + CBS of each item', () => {
    const [linha] = linhasPrevia([
      {
        ...base,
        icms: {
          cst: '10',
          vBC: 30,
          pICMS: 18,
          vICMS: 5.4,
          st: { vBCST: 42, pICMSST: 18, vICMSST: 2.16, vFCPST: 0.84 },
        },
        ipi: { cst: '50', vIPI: 1.5 },
        ibsCbs: { cst: '000', vIBS: 0.03, vCBS: 0.27 },
      },
    ]);
    expect(linha).toEqual({
      numeroItem: 1,
      descricao: 'Cerveja Pilsen 350 ml',
      ncm: '22030000',
      cfop: '5102',
      cst: '10',
      base: 30,
      aliquota: 18,
      icms: 5.4,
      st: 3,
      ipi: 1.5,
      pis: 0.5,
      cofins: 2.28,
      ibsCbs: 0.3,
      total: 30,
    });
  });

  it('shows the CSOSN of a Simples Nacional item and zero for the taxes it lacks', () => {
    const [linha] = linhasPrevia([{ ...base, icms: { csosn: '102', vBC: 0, pICMS: 0, vICMS: 0 } }]);
    expect(linha).toMatchObject({ cst: 'CSOSN 102', st: 0, ipi: 0, ibsCbs: 0 });
  });
});
