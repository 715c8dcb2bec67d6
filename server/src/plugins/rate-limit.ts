/**
 * A fixed-window counter per key, in one process's memory: it is not shared between API instances. Login limits use
 * `hitLimit` (server/src/limits/limits.service.ts), kept in the database, instead.
 */
export class WindowLimiter {
  readonly limit: number;
  readonly windowMs: number;
  private readonly hits = new Map<string, { start: number; count: number }>();

  constructor(limit: number, windowMs: number) {
    this.limit = limit;
    this.windowMs = windowMs;
  }

  /** Counts a hit; returns 0 when allowed, otherwise the seconds until the window resets. */
  hit(key: string, now = Date.now()): number {
    const entry = this.hits.get(key);
    if (!entry || now - entry.start >= this.windowMs) {
      if (this.hits.size > 10_000) this.sweep(now);
      this.hits.set(key, { start: now, count: 1 });
      return 0;
    }
    entry.count += 1;
    if (entry.count <= this.limit) return 0;
    return Math.max(1, Math.ceil((entry.start + this.windowMs - now) / 1000));
  }

  private sweep(now: number): void {
    for (const [key, entry] of this.hits) if (now - entry.start >= this.windowMs) this.hits.delete(key);
  }
}
