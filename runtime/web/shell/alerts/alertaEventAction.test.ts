import { describe, expect, it } from 'vitest';
import { alertaEventAction } from './alertaEventAction.ts';

describe('alertaEventAction', () => {
  it('prepends a complete alert', () => {
    const alerta = {
      id: 7,
      tipo: 'info',
      texto: 'Olá',
      data: '2025-01-02T03:04:05.000Z',
      link: null,
      permiteExcluir: true,
      lido: false,
    };
    expect(alertaEventAction(alerta)).toEqual({ kind: 'prepend', alerta });
  });

  it('fetches an alert by id when the payload lacks fields', () => {
    expect(alertaEventAction({ id: 9 })).toEqual({ kind: 'fetch', id: 9 });
    expect(alertaEventAction({ id: '12', texto: 'x' })).toEqual({ kind: 'fetch', id: 12 });
  });

  it('refetches the list without an id (general alert) or with garbage', () => {
    expect(alertaEventAction({ tipo: 'warning', texto: 'Manutenção' })).toEqual({ kind: 'refetch' });
    expect(alertaEventAction(undefined)).toEqual({ kind: 'refetch' });
    expect(alertaEventAction({ id: -1 })).toEqual({ kind: 'refetch' });
    expect(alertaEventAction('texto')).toEqual({ kind: 'refetch' });
  });
});
