import { describe, expect, it } from 'vitest';
import { isLongTrial, SUBSCRIPTION_STATE_LABELS, subscriptionState } from './subscriptionState.ts';

describe('subscriptionState', () => {
  it('trial and not blocked is trial', () => {
    expect(subscriptionState({ trial: true, bloqueada: false })).toBe('trial');
  });

  it('trial and blocked is trial expired', () => {
    expect(subscriptionState({ trial: true, bloqueada: true })).toBe('trial-expirado');
  });

  it('not trial and blocked is a defaulter', () => {
    expect(subscriptionState({ trial: false, bloqueada: true })).toBe('inadimplente');
  });

  it('not trial and not blocked is active, also with the flags missing', () => {
    expect(subscriptionState({ trial: false, bloqueada: false })).toBe('ativo');
    expect(subscriptionState({})).toBe('ativo');
    expect(subscriptionState({ trial: null, bloqueada: null })).toBe('ativo');
  });

  it('has a pt-BR label for every state', () => {
    expect(SUBSCRIPTION_STATE_LABELS[subscriptionState({ trial: true, bloqueada: true })]).toBe(
      'Período de teste expirado',
    );
    expect(SUBSCRIPTION_STATE_LABELS.inadimplente).toBe('Inadimplente');
  });
});

describe('isLongTrial', () => {
  const now = new Date('2024-01-01T12:00:00Z');
  const daysLater = (days: number, extraHours = 0) =>
    new Date(now.getTime() + (days * 24 + extraHours) * 3_600_000).toISOString();

  it('is true for a trial due 1000 days from now', () => {
    expect(isLongTrial(true, daysLater(1000), now)).toBe(true);
  });

  it('is false for a trial due exactly 999 days from now, or 999 and a half', () => {
    expect(isLongTrial(true, daysLater(999), now)).toBe(false);
    expect(isLongTrial(true, daysLater(999, 12), now)).toBe(false);
  });

  it('is false when not a trial, however far the due date', () => {
    expect(isLongTrial(false, daysLater(5000), now)).toBe(false);
  });

  it('accepts a Date', () => {
    expect(isLongTrial(true, new Date(daysLater(1500)), now)).toBe(true);
  });

  it('is false without a valid due date', () => {
    expect(isLongTrial(true, null, now)).toBe(false);
    expect(isLongTrial(true, 'not a date', now)).toBe(false);
  });
});
