import { describe, expect, it } from 'vitest';
import { validadeSituacao } from './validadeSituacao.ts';

const now = new Date('2026-03-10T12:00:00Z');
const plus = (days: number, hours = 0) => new Date(now.getTime() + (days * 24 + hours) * 3600 * 1000);

describe('validadeSituacao', () => {
  it('success with 30 days or more left', () => {
    expect(validadeSituacao(plus(200), now)).toEqual({
      diasRestantes: 200,
      severity: 'success',
      texto: 'Válido por mais 200 dias',
    });
    expect(validadeSituacao(plus(30, 1), now).severity).toBe('success');
  });

  it('warning under 30 days, with singular and today', () => {
    expect(validadeSituacao(plus(29), now)).toMatchObject({ diasRestantes: 29, severity: 'warning' });
    // Calendar days (São Paulo): 22:00 on the last day is still that day.
    expect(validadeSituacao('2026-03-23T01:00:00Z', now)).toMatchObject({
      diasRestantes: 12,
      texto: 'Vence em 12 dias',
    });
    expect(validadeSituacao(plus(1, 2), now).texto).toBe('Vence em 1 dia');
    expect(validadeSituacao(plus(0, 5), now).texto).toBe('Vence hoje');
  });

  it('error once expired, with the date', () => {
    const expired = validadeSituacao('2026-03-01T15:00:00Z', now);
    expect(expired.severity).toBe('error');
    expect(expired.diasRestantes).toBeLessThan(0);
    expect(expired.texto).toBe('Vencido em 01/03/2026');
    expect(validadeSituacao(now, now).severity).toBe('error');
  });

  it('another warning threshold', () => {
    expect(validadeSituacao(plus(40), now, 60).severity).toBe('warning');
    expect(validadeSituacao(plus(20), now, 10).texto).toBe('Válido por mais 20 dias');
  });
});
