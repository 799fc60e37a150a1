import { describe, expect, it } from 'vitest';
import { certificadoSituacao } from './certificadoSituacao.ts';

const now = new Date('2026-03-10T12:00:00Z');
const plus = (days: number, hours = 0) => new Date(now.getTime() + (days * 24 + hours) * 3600 * 1000);

describe('certificadoSituacao', () => {
  it('success with 30 days or more left', () => {
    expect(certificadoSituacao(plus(200), now)).toEqual({
      diasRestantes: 200,
      severity: 'success',
      texto: 'Válido por mais 200 dias',
    });
    expect(certificadoSituacao(plus(30, 1), now).severity).toBe('success');
  });

  it('warning under 30 days, with singular and today', () => {
    expect(certificadoSituacao(plus(29), now)).toMatchObject({ diasRestantes: 29, severity: 'warning' });
    // Calendar days (São Paulo): 22:00 on the last day is still that day.
    expect(certificadoSituacao('2026-03-23T01:00:00Z', now)).toMatchObject({
      diasRestantes: 12,
      texto: 'Vence em 12 dias',
    });
    expect(certificadoSituacao(plus(1, 2), now).texto).toBe('Vence em 1 dia');
    expect(certificadoSituacao(plus(0, 5), now).texto).toBe('Vence hoje');
  });

  it('error once expired, with the date', () => {
    const expired = certificadoSituacao('2026-03-01T15:00:00Z', now);
    expect(expired.severity).toBe('error');
    expect(expired.diasRestantes).toBeLessThan(0);
    expect(expired.texto).toBe('Vencido em 01/03/2026');
    expect(certificadoSituacao(now, now).severity).toBe('error');
  });
});
