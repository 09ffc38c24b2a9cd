/**
 * Questions per user in a sliding minute, in this process's memory (a restart forgets them; with
 * several server processes each counts its own). `take` either counts the question or says how
 * many milliseconds until the oldest counted one leaves the window.
 */
export class UserRateLimiter {
  private readonly hits = new Map<number, number[]>();
  private sweeps = 0;

  constructor(
    private readonly perWindow: number,
    private readonly windowMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  take(userId: number): { ok: true } | { ok: false; retryAfterMs: number } {
    const now = this.now();
    const since = now - this.windowMs;
    const list = (this.hits.get(userId) ?? []).filter((t) => t > since);
    if (list.length >= this.perWindow) {
      this.hits.set(userId, list);
      return { ok: false, retryAfterMs: Math.max(1, (list[0] ?? now) + this.windowMs - now) };
    }
    list.push(now);
    this.hits.set(userId, list);
    if (++this.sweeps % 1000 === 0) this.sweep(since);
    return { ok: true };
  }

  /** Forget users with no question in the window, so the map does not grow forever. */
  private sweep(since: number): void {
    for (const [user, list] of this.hits) {
      if (!list.some((t) => t > since)) this.hits.delete(user);
    }
  }
}
