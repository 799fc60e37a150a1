import { TRIAL_THRESHOLD_DAYS } from './constants.ts';

export type SubscriptionState = 'trial' | 'trial-expirado' | 'inadimplente' | 'ativo';

/** The subscription fields of spec 000 §3 that decide the state. */
export interface SubscriptionFlags {
  trial?: boolean | null;
  bloqueada?: boolean | null;
}

/** pt-BR labels; the spec names the states but shows no labels, so these are ours. */
export const SUBSCRIPTION_STATE_LABELS: Record<SubscriptionState, string> = {
  trial: 'Período de teste',
  'trial-expirado': 'Período de teste expirado',
  inadimplente: 'Inadimplente',
  ativo: 'Ativo',
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** State of spec 000 §4: trial → trial, trial + blocked → trial expired, blocked → defaulter, else active. */
export function subscriptionState({ trial, bloqueada }: SubscriptionFlags): SubscriptionState {
  if (trial) return bloqueada ? 'trial-expirado' : 'trial';
  return bloqueada ? 'inadimplente' : 'ativo';
}

/**
 * True for a trial whose due date is more than TRIAL_THRESHOLD_DAYS whole days after now (spec 000 §6);
 * a missing or invalid due date is not a long trial.
 */
export function isLongTrial(
  trial: boolean | null | undefined,
  dataVencimento: string | Date | null | undefined,
  now: Date,
): boolean {
  if (!trial || dataVencimento === null || dataVencimento === undefined || dataVencimento === '')
    return false;
  const due = dataVencimento instanceof Date ? dataVencimento : new Date(dataVencimento);
  if (Number.isNaN(due.getTime())) return false;
  const wholeDays = Math.floor((due.getTime() - now.getTime()) / DAY_MS);
  return wholeDays > TRIAL_THRESHOLD_DAYS;
}
