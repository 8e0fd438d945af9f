import { tooManyRequests } from '../../lib/errors.ts';
import type { Limit, RateLimiter } from '../../plugins/rate-limit.ts';

/** How many attempts of one kind an account allows: per client address, and from all together. */
export interface Budget {
  perAddress: Limit;
  perAccount: Limit;
}

/**
 * Attempts on an account (wrong passwords, wrong codes, codes sent) counted so that an attacker
 * cannot lock its owner out. Each address has its own budget on the account; the account-wide
 * budget only bounds what many addresses get together: once it is spent, the addresses that
 * already tried this account are refused until the window ends, while an address that has not
 * (the owner's, typically) is still heard.
 */
export class AttemptBudgets {
  constructor(private readonly limiter: RateLimiter) {}

  /** Throws a 429 with the wait when `address` may not try `account` now. */
  async check(kind: string, budget: Budget, account: string, address: string): Promise<void> {
    const own = await this.limiter.peek(`${kind}:${account}:${address}`);
    if (!own) return;
    if (own.hits >= budget.perAddress.max) throw tooManyRequests(own.waitSeconds);
    const all = await this.limiter.peek(`${kind}:${account}`);
    if (all && all.hits >= budget.perAccount.max) throw tooManyRequests(all.waitSeconds);
  }

  /** Counts one attempt against both budgets. */
  async spend(kind: string, budget: Budget, account: string, address: string): Promise<void> {
    await this.limiter.count(`${kind}:${account}:${address}`, budget.perAddress);
    await this.limiter.count(`${kind}:${account}`, budget.perAccount);
  }

  /** Forgets an address's attempts on an account once it proved itself (a right password). */
  forgive(kind: string, account: string, address: string): Promise<void> {
    return this.limiter.reset(`${kind}:${account}:${address}`);
  }
}
