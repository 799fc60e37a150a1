import { describe, expect, it } from 'vitest';
import {
  MAX_OCORRENCIAS,
  ocorrenciasAte,
  type Recorrencia,
  RecorrenciaInvalidaError,
  validarRecorrencia,
  vencimentoDaOcorrencia,
} from './recorrencia.ts';

const serie = (over: Partial<Recorrencia>): Recorrencia => ({
  intervalo: 'M',
  aCada: 1,
  dataInicio: '2026-01-31',
  diaVencimento: null,
  ocorrencias: null,
  dataFim: null,
  ...over,
});
const datas = (s: Recorrencia, ate: string, options = {}) =>
  ocorrenciasAte(s, ate, options).map((o) => o.vencimento);

describe('recorrência', () => {
  it('monthly on day 31 falls on each month end without drifting', () => {
    expect(datas(serie({}), '2026-05-31')).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
      '2026-05-31',
    ]);
  });
  it('diaVencimento before the start day begins next month; every 2 months', () => {
    expect(datas(serie({ dataInicio: '2026-01-20', diaVencimento: 10, aCada: 2 }), '2026-07-31')).toEqual([
      '2026-02-10',
      '2026-04-10',
      '2026-06-10',
    ]);
  });
  it('weekly and yearly step from the start (29 Feb → 28 Feb)', () => {
    expect(datas(serie({ intervalo: 'S', dataInicio: '2026-03-02', aCada: 2 }), '2026-04-01')).toEqual([
      '2026-03-02',
      '2026-03-16',
      '2026-03-30',
    ]);
    expect(datas(serie({ intervalo: 'A', dataInicio: '2024-02-29' }), '2028-12-31')).toEqual([
      '2024-02-29',
      '2025-02-28',
      '2026-02-28',
      '2027-02-28',
      '2028-02-29',
    ]);
  });
  it('stops at ocorrencias, at dataFim and at the 366 cap; numbers occurrences from 1', () => {
    expect(ocorrenciasAte(serie({ ocorrencias: 2 }), '2027-01-01')).toEqual([
      { parcela: 1, vencimento: '2026-01-31' },
      { parcela: 2, vencimento: '2026-02-28' },
    ]);
    expect(datas(serie({ dataFim: '2026-03-30' }), '2027-01-01')).toEqual(['2026-01-31', '2026-02-28']);
    const weekly = ocorrenciasAte(serie({ intervalo: 'S' }), '2040-01-01');
    expect(weekly).toHaveLength(MAX_OCORRENCIAS);
    expect(vencimentoDaOcorrencia(serie({ intervalo: 'S' }), 367)).toBeNull();
  });
  it('keeps at least `minimoApos` occurrences after today even past the horizon', () => {
    const anual = serie({ intervalo: 'A', dataInicio: '2026-06-01' });
    expect(datas(anual, '2026-03-01', { hoje: '2026-01-01', minimoApos: 2 })).toEqual([
      '2026-06-01',
      '2027-06-01',
    ]);
    expect(datas(anual, '2026-03-01', { hoje: '2026-01-01' })).toEqual([]);
  });
  it('refuses a series it cannot date, in pt-BR', () => {
    expect(validarRecorrencia(serie({ ocorrencias: 400 }))).toBe(
      'Uma recorrência tem no máximo 366 ocorrências (informado: 400).',
    );
    expect(validarRecorrencia(serie({ dataFim: '2025-01-01' }))).toContain('anterior à data de início');
    expect(() => ocorrenciasAte(serie({ aCada: 0 }), '2026-12-31')).toThrow(RecorrenciaInvalidaError);
  });
});
