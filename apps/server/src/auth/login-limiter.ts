/**
 * Counts failed logins per (login, address) in a sliding window; after `limit` failures the
 * pair gets 429 until the oldest failure leaves the window. In memory on purpose: it protects
 * one process; behind a load balancer each process limits on its own, which still bounds
 * guessing to limit × processes per window.
 */
export class LoginLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  private recent(key: string, now: number): number[] {
    const list = (this.failures.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (list.length === 0) this.failures.delete(key);
    else this.failures.set(key, list);
    return list;
  }

  /** Milliseconds until the next attempt is allowed, or 0. */
  blockedFor(key: string, now = Date.now()): number {
    const list = this.recent(key, now);
    if (list.length < this.limit) return 0;
    return this.windowMs - (now - (list[0] ?? now));
  }

  fail(key: string, now = Date.now()): void {
    const list = this.recent(key, now);
    list.push(now);
    this.failures.set(key, list);
    // Bound memory under a spray of distinct logins.
    if (this.failures.size > 100_000) {
      const first = this.failures.keys().next().value;
      if (first !== undefined) this.failures.delete(first);
    }
  }

  succeed(key: string): void {
    this.failures.delete(key);
  }
}
