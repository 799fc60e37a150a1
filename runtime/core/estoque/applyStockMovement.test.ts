import { describe, expect, it } from 'vitest';
import { applyStockMovement, EMPTY_STOCK, type StockState } from './applyStockMovement.ts';

describe('applyStockMovement (moving average, flows.md §6 item 1)', () => {
  it('entrada 10@10 then 10@12 averages 11; saída 5 keeps 11 with value 165; acerto to 20 adds 55', () => {
    const a = applyStockMovement(EMPTY_STOCK, { tipo: 'entrada', qtd: 10, custo: 10 });
    expect(a.after).toEqual({ qtd: 10, custoMedio: 10, valor: 100 });
    const b = applyStockMovement(a.after, { tipo: 'entrada', qtd: 10, custo: 12 });
    expect(b.after).toEqual({ qtd: 20, custoMedio: 11, valor: 220 });
    const c = applyStockMovement(b.after, { tipo: 'saida', qtd: 5 });
    expect(c).toMatchObject({ qtd: -5, custoUnitario: 11, difValor: -55 });
    expect(c.after).toEqual({ qtd: 15, custoMedio: 11, valor: 165 });
    const d = applyStockMovement(c.after, { tipo: 'balanco', contada: 20 });
    expect(d).toMatchObject({ qtd: 5, difValor: 55 });
    expect(d.after).toEqual({ qtd: 20, custoMedio: 11, valor: 220 });
  });

  it('restarts the average at the entrada cost when the balance was zero or negative', () => {
    const negative: StockState = { qtd: -2, custoMedio: 5, valor: -10 };
    const posted = applyStockMovement(negative, { tipo: 'entrada', qtd: 4, custo: 8 });
    expect(posted.after).toEqual({ qtd: 2, custoMedio: 8, valor: 16 });
    expect(posted.difValor).toBe(26);
  });

  it('a balanço at a given cost revalues the whole counted quantity (E8)', () => {
    const before: StockState = { qtd: 15, custoMedio: 11, valor: 165 };
    const posted = applyStockMovement(before, { tipo: 'balanco', contada: 10, custo: 9 });
    expect(posted.after).toEqual({ qtd: 10, custoMedio: 9, valor: 90 });
    expect(posted.difValor).toBe(90 - 165);
    expect(posted.qtd).toBe(-5);
  });

  it('keeps valor equal to the sum of difValor over a long run (E2), with 6-decimal averages', () => {
    let state = EMPTY_STOCK;
    let sum = 0;
    const steps = [
      { tipo: 'entrada', qtd: 3, custo: 1.01 },
      { tipo: 'entrada', qtd: 7, custo: 2.37 },
      { tipo: 'saida', qtd: 4.5 },
      { tipo: 'entrada', qtd: 0.3333, custo: 9.99 },
      { tipo: 'balanco', contada: 6 },
      { tipo: 'saida', qtd: 6 },
    ] as const;
    for (const step of steps) {
      const posted = applyStockMovement(state, step);
      sum = Math.round((sum + posted.difValor) * 100) / 100;
      if (step.tipo === 'saida') expect(posted.after.custoMedio).toBe(state.custoMedio);
      state = posted.after;
      expect(state.valor).toBe(sum);
      expect(Math.abs(state.valor - state.qtd * state.custoMedio)).toBeLessThanOrEqual(0.005 + 1e-9);
    }
    expect(state.qtd).toBe(0);
    expect(state.valor).toBe(0);
  });

  it('a valued movement carries its own value: a transfer destination and a reversal restore exactly', () => {
    const origem: StockState = { qtd: 3, custoMedio: 3.333333, valor: 10 };
    const saida = applyStockMovement(origem, { tipo: 'saida', qtd: 1 });
    const destino = applyStockMovement(
      { qtd: 2, custoMedio: 4, valor: 8 },
      { tipo: 'valorado', qtd: 1, valor: -saida.difValor },
    );
    expect(saida.difValor + destino.difValor).toBe(0);
    expect(destino.after).toEqual({ qtd: 3, custoMedio: 3.776667, valor: 11.33 });
    const volta = applyStockMovement(saida.after, { tipo: 'valorado', qtd: 1, valor: -saida.difValor });
    expect(volta.after).toEqual({ qtd: 3, custoMedio: 3.333333, valor: 10 });
  });
});
