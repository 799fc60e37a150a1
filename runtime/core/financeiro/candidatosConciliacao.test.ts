import { describe, expect, it } from 'vitest';
import { type CandidatoConciliacao, pontuarCandidatos } from './candidatosConciliacao.ts';

const candidato = (over: Partial<CandidatoConciliacao>): CandidatoConciliacao => ({
  tipo: 'titulo',
  id: 1,
  data: '2026-03-10',
  valor: -100,
  descricao: 'Título',
  referencia: null,
  pessoaNome: null,
  pessoaDocumento: null,
  ...over,
});
const linha = {
  data: '2026-03-10',
  valor: -100,
  historico: 'PAGTO BOLETO 12345 FORNECEDOR ACME LTDA',
  documento: null,
};

describe('pontuarCandidatos', () => {
  it('scores 1 + amount + reference + party and ranks by score, then date distance', () => {
    const ranked = pontuarCandidatos(linha, [
      candidato({ id: 1, valor: -90 }),
      candidato({ id: 2, valor: -100, data: '2026-03-13' }),
      candidato({ id: 3, valor: -100, referencia: '12345', pessoaNome: 'Acme Ltda', data: '2026-03-06' }),
      candidato({ id: 4, valor: -100, data: '2026-03-11' }),
      // Part of a CNPJ in the history is not the party.
      candidato({ id: 5, valor: -100, pessoaDocumento: '12.345.678/0001-90', pessoaNome: 'Outra' }),
    ]);
    expect(ranked.map((c) => [c.id, c.pontuacao])).toEqual([
      [3, 4],
      [5, 2],
      [4, 2],
      [2, 2],
      [1, 1],
    ]);
    expect(ranked[0]).toMatchObject({
      valorIgual: true,
      referenciaIgual: true,
      pessoaIgual: true,
      distanciaDias: 4,
    });
  });

  it('keeps the same direction and the ±N days window only', () => {
    const ranked = pontuarCandidatos(linha, [
      candidato({ id: 1, valor: 100 }),
      candidato({ id: 2, data: '2026-03-16' }),
      candidato({ id: 3, data: '2026-03-04' }),
      candidato({ id: 4, data: '2026-03-05', tipo: 'movimento' }),
    ]);
    expect(ranked.map((c) => c.id)).toEqual([4]);
    expect(pontuarCandidatos(linha, [candidato({ id: 2, data: '2026-03-16' })], 6)).toHaveLength(1);
  });

  it('reads the party from the CPF/CNPJ in the history and the reference from CHECKNUM', () => {
    const [match] = pontuarCandidatos(
      { data: '2026-03-10', valor: 250, historico: 'PIX RECEBIDO 123.456.789-09', documento: '000777' },
      [candidato({ valor: 250, referencia: '777', pessoaDocumento: '12345678909', pessoaNome: 'José' })],
    );
    expect(match).toMatchObject({ pessoaIgual: true, referenciaIgual: true, pontuacao: 4 });
  });

  it('an alphanumeric CNPJ in the history (IN RFB 2.229/2024) names the party, letters and all', () => {
    const pix = {
      data: '2026-03-10',
      valor: 250,
      historico: 'PIX RECEBIDO 12.ABC.345/01DE-35',
      documento: null,
    };
    const [match] = pontuarCandidatos(pix, [
      candidato({ valor: 250, pessoaDocumento: '12.abc.345/01de-35', pessoaNome: 'Nova Ltda' }),
    ]);
    expect(match).toMatchObject({ pessoaIgual: true });
    const [outro] = pontuarCandidatos(pix, [
      candidato({ valor: 250, pessoaDocumento: '12.ABD.345/01DE-35', pessoaNome: 'Outra Ltda' }),
    ]);
    expect(outro).toMatchObject({ pessoaIgual: false });
  });

  it('prefers a movement to a title on a tie', () => {
    const ranked = pontuarCandidatos(linha, [candidato({ id: 1 }), candidato({ id: 9, tipo: 'movimento' })]);
    expect(ranked.map((c) => c.tipo)).toEqual(['movimento', 'titulo']);
  });
});
