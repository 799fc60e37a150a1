import { describe, expect, it } from 'vitest';
import {
  janelaCancelamento,
  prazoCancelamentoNfce,
  recusaPrazoCancelamento,
  type TabelaPrazosNfce,
} from './prazoCancelamento.ts';
import tabela from './prazosCancelamentoNfce.json' with { type: 'json' };

const UFS = 'AC AL AM AP BA CE DF ES GO MA MG MS MT PA PB PE PI PR RJ RN RO RR RS SC SE SP TO'.split(' ');
// 29/11/2026 10:00 in Brasília.
const autorizadaEm = new Date('2026-11-29T13:00:00Z');
const depois = (minutos: number) => new Date(autorizadaEm.getTime() + minutos * 60_000);

describe('NFC-e cancellation windows per UF (data table)', () => {
  it('covers the 27 UFs, each within the national caps (30 min; 168 h by substituição)', () => {
    expect(Object.keys(tabela.ufs).sort()).toEqual([...UFS].sort());
    for (const uf of UFS) {
      const prazo = prazoCancelamentoNfce(uf);
      expect(prazo.cancelamentoMinutos).toBeGreaterThan(0);
      expect(prazo.cancelamentoMinutos).toBeLessThanOrEqual(30);
      expect(prazo.substituicaoHoras).toBeLessThanOrEqual(168);
    }
    expect(prazoCancelamentoNfce('ms')).toEqual({
      cancelamentoMinutos: 30,
      substituicaoHoras: 168,
      extemporaneo: null,
    });
  });

  it('SP: 30 minutes; at 30 it still cancels, at 31 the refusal names the window and the devolução', () => {
    expect(recusaPrazoCancelamento({ modelo: 65, uf: 'SP', autorizadaEm, agora: depois(30) })).toBeNull();
    expect(recusaPrazoCancelamento({ modelo: 65, uf: 'SP', autorizadaEm, agora: depois(31) })).toBe(
      'O prazo para cancelar a NFC-e em SP (30 minutos da autorização em 29/11/2026 10:00) terminou. Para desfazer a operação, emita uma nota de devolução.',
    );
  });

  it('MT: same 30 minutes, but the refusal points to its extemporaneous cancellation', () => {
    expect(recusaPrazoCancelamento({ modelo: 65, uf: 'MT', autorizadaEm, agora: depois(45) })).toBe(
      'O prazo para cancelar a NFC-e em MT (30 minutos da autorização em 29/11/2026 10:00) terminou. Em MT, a SEFAZ-MT admite o cancelamento extemporâneo: peça até o 5º dia útil do mês seguinte ao da autorização e pague a taxa (TSE); o cancelamento é feito até o 12º dia útil; sem isso, emita uma nota de devolução.',
    );
    expect(recusaPrazoCancelamento({ modelo: 65, uf: 'RJ', autorizadaEm, agora: depois(45) })).toContain(
      'em até 30 dias',
    );
  });

  it('a UF with a shorter window (the table is data) refuses earlier and names its own window', () => {
    const curta: TabelaPrazosNfce = {
      ...(tabela as TabelaPrazosNfce),
      ufs: { ...tabela.ufs, PR: { cancelamentoMinutos: 15, substituicaoHoras: 24, extemporaneo: null } },
    };
    expect(janelaCancelamento(65, 'PR', curta)).toEqual({ ms: 15 * 60_000, texto: '15 minutos' });
    expect(recusaPrazoCancelamento({ modelo: 65, uf: 'PR', autorizadaEm, agora: depois(16) }, curta)).toMatch(
      /^O prazo para cancelar a NFC-e em PR \(15 minutos da autorização em 29\/11\/2026 10:00\) terminou\./,
    );
    // SP in the same table keeps its 30 minutes.
    expect(
      recusaPrazoCancelamento({ modelo: 65, uf: 'SP', autorizadaEm, agora: depois(16) }, curta),
    ).toBeNull();
  });

  it('NF-e: 24 hours in every UF, the extemporaneous text only for the NFC-e', () => {
    expect(
      recusaPrazoCancelamento({ modelo: 55, uf: 'MT', autorizadaEm, agora: depois(24 * 60) }),
    ).toBeNull();
    expect(recusaPrazoCancelamento({ modelo: 55, uf: 'MT', autorizadaEm, agora: depois(24 * 60 + 1) })).toBe(
      'O prazo para cancelar a NF-e em MT (24 horas da autorização em 29/11/2026 10:00) terminou. Para desfazer a operação, emita uma nota de devolução.',
    );
  });
});
