import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sugerirLotesFefo } from './sugerirLotesFefo.ts';

const lotes = [
  { loteId: 1, numero: 'L-C', validade: '2026-09-30', disponivel: 10 },
  { loteId: 2, numero: 'L-A', validade: '2026-03-31', disponivel: 4 },
  { loteId: 3, numero: 'L-V', validade: '2026-01-31', disponivel: 50 },
  { loteId: 4, numero: 'L-B', validade: '2026-06-30', disponivel: 3 },
];

describe('sugerirLotesFefo', () => {
  it('takes the first valid lot to expire first and skips an expired one', () => {
    expect(sugerirLotesFefo(lotes, 9, '2026-02-15')).toEqual({
      lotes: [
        { loteId: 2, numero: 'L-A', validade: '2026-03-31', quantidade: 4 },
        { loteId: 4, numero: 'L-B', validade: '2026-06-30', quantidade: 3 },
        { loteId: 1, numero: 'L-C', validade: '2026-09-30', quantidade: 2 },
      ],
      faltante: 0,
    });
  });

  it('a lot expiring on the day can still leave; what valid lots do not cover is the shortfall', () => {
    const sugestao = sugerirLotesFefo(lotes, 20, '2026-03-31');
    expect(sugestao.lotes.map((lote) => lote.numero)).toEqual(['L-A', 'L-B', 'L-C']);
    expect(sugestao.faltante).toBe(3);
  });

  it('never suggests more than asked nor than a lot has, nor an expired lot', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            validade: fc.integer({ min: 1, max: 28 }).map((d) => `2026-02-${String(d).padStart(2, '0')}`),
            disponivel: fc.integer({ min: 0, max: 20 }),
          }),
          { maxLength: 8 },
        ),
        fc.integer({ min: 1, max: 100 }),
        fc.integer({ min: 1, max: 28 }),
        (gerados, quantidade, dia) => {
          const data = `2026-02-${String(dia).padStart(2, '0')}`;
          const todos = gerados.map((lote, i) => ({ ...lote, loteId: i + 1, numero: `L${i}` }));
          const { lotes: escolhidos, faltante } = sugerirLotesFefo(todos, quantidade, data);
          const total = escolhidos.reduce((sum, lote) => sum + lote.quantidade, 0);
          expect(total + faltante).toBe(quantidade);
          for (const lote of escolhidos) {
            const origem = todos.find((candidato) => candidato.loteId === lote.loteId);
            expect(lote.validade >= data).toBe(true);
            expect(lote.quantidade).toBeLessThanOrEqual(origem?.disponivel ?? 0);
          }
          const validades = escolhidos.map((lote) => lote.validade);
          expect(validades).toEqual([...validades].sort());
        },
      ),
    );
  });
});
