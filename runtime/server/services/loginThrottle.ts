import { setTimeout as sleep } from 'node:timers/promises';
import type { Database, Tx } from '../db/database.ts';
import { assertNotBlocked, clearRateLimit, countHit, currentHits, type RateLimit } from './rateLimit.ts';

/** Not fixed by the spec (no 429 text there); kept from the first release. */
export const TOO_MANY_LOGINS = 'Muitas tentativas de login. Aguarde alguns minutos e tente novamente.';

const MINUTES_15 = 900;
/** Failures of one address on one account: blocked from the 5th, 1 min doubling per further failure. */
const PAIR = { limit: 5, windowSeconds: MINUTES_15, blockSeconds: 60 };
/** Failures of one address on any account (spraying): blocked from the 30th, 15 min doubling. */
const ADDRESS = { limit: 30, windowSeconds: MINUTES_15, blockSeconds: MINUTES_15 };
/** Failures on one account from any address: never a block (a victim would be locked out), a delay. */
const ACCOUNT = { limit: 10, windowSeconds: MINUTES_15 };
const ACCOUNT_DELAY_BASE_MS = 100;
export const ACCOUNT_DELAY_MAX_MS = 3000;

/** The limiter keys of one login attempt. */
export interface LoginKeys {
  address: string;
  account: string;
  pair: string;
}

/** Keys of an attempt on `email` of white-label `tenantId` from `ip`. */
export function loginKeys(ip: string, tenantId: number, email: string): LoginKeys {
  return {
    address: `login:ip:${ip}`,
    account: `login:conta:${tenantId}:${email}`,
    pair: `login:par:${tenantId}:${email}:${ip}`,
  };
}

/**
 * Before checking a password: 429 (Retry-After) when this address, or this address on this account,
 * is under a block; then waits the account's progressive delay (100 ms doubling per failure past the
 * 10th, at most 3 s), so failures spread over many addresses slow down without locking the owner out.
 */
export async function beforeLoginAttempt(db: Database, keys: LoginKeys): Promise<void> {
  const failures = await db.withSystem(async (tx) => {
    await assertNotBlocked(tx, [keys.address, keys.pair], TOO_MANY_LOGINS);
    return currentHits(tx, keys.account);
  });
  if (failures >= ACCOUNT.limit) {
    await sleep(
      Math.min(ACCOUNT_DELAY_MAX_MS, ACCOUNT_DELAY_BASE_MS * 2 ** Math.min(15, failures - ACCOUNT.limit)),
    );
  }
}

/** Counts a failed attempt on the three keys (the address and pair blocks start here). */
export async function loginFailed(db: Database, keys: LoginKeys): Promise<void> {
  await db.withSystem(async (tx) => {
    for (const limit of [
      { key: keys.pair, ...PAIR },
      { key: keys.address, ...ADDRESS },
      { key: keys.account, ...ACCOUNT, blockSeconds: undefined },
    ] satisfies RateLimit[]) {
      await countHit(tx, limit);
    }
  });
}

/** A right password forgets the account's and the pair's failures (not the address's: spraying). */
export async function loginSucceeded(db: Database, keys: LoginKeys): Promise<void> {
  await db.withSystem((tx) => clearRateLimit(tx, [keys.account, keys.pair]));
}

/**
 * After a password reset (the owner proved the mailbox): forgets the account's failures and the blocks
 * of every address on it, so the owner signs in with the new password at once.
 */
export async function forgetLoginFailures(tx: Tx, tenantId: number, email: string): Promise<void> {
  const { account, pair } = loginKeys('', tenantId, email);
  await tx.query('DELETE FROM rate_limit WHERE chave = $1 OR left(chave, length($2)) = $2', [account, pair]);
}
