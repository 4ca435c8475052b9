/**
 * Sign-in throttling per (account, address) pair, instead of locking the account: wrong passwords
 * from one address slow that address down on that account, with growing delays, and never lock
 * the owner out from another address. The first FREE_FAILURES cost nothing; each one after that
 * makes the next attempt wait, twice as long each time (1 s, 2 s, 4 s ... up to 15 minutes). A pair is forgotten 15 minutes after its
 * last failure, or at its first success.
 */
export const FREE_FAILURES = 3;
export const MAX_DELAY_MS = 15 * 60_000;
const FORGET_AFTER_MS = 15 * 60_000;
/** Bound the memory an attacker cycling through names can take (a per-address rate limit applies too). */
const MAX_PAIRS = 10_000;

interface Pair {
  failures: number;
  last: number;
  notBefore: number;
}

export function delayAfter(failures: number): number {
  return failures <= FREE_FAILURES ? 0 : Math.min(1000 * 2 ** (failures - FREE_FAILURES - 1), MAX_DELAY_MS);
}

export class SignInThrottle {
  private readonly pairs = new Map<string, Pair>();

  constructor(private readonly now: () => number = Date.now) {}

  private key(email: string, address: string): string {
    return `${email.toLowerCase()}\u0000${address}`;
  }

  private get(email: string, address: string): Pair | undefined {
    const p = this.pairs.get(this.key(email, address));
    if (p && this.now() - p.last > FORGET_AFTER_MS) {
      this.pairs.delete(this.key(email, address));
      return undefined;
    }
    return p;
  }

  /** Milliseconds this pair must still wait before a password is checked again (0: go ahead). */
  wait(email: string, address: string): number {
    const p = this.get(email, address);
    return p ? Math.max(0, p.notBefore - this.now()) : 0;
  }

  /** Records a wrong password; answers the pair's failure count. */
  failed(email: string, address: string): number {
    const t = this.now();
    const failures = (this.get(email, address)?.failures ?? 0) + 1;
    const key = this.key(email, address);
    this.pairs.delete(key); // re-inserted last: the map stays in order of last failure
    this.pairs.set(key, { failures, last: t, notBefore: t + delayAfter(failures) });
    if (this.pairs.size > MAX_PAIRS) {
      const oldest = this.pairs.keys().next().value;
      if (oldest !== undefined) this.pairs.delete(oldest);
    }
    return failures;
  }

  succeeded(email: string, address: string): void {
    this.pairs.delete(this.key(email, address));
  }
}
