/**
 * Spec 1 §8: "Slow queries over 1000 ms are logged for developers." Both drivers time their statements through
 * one watch; whoever composes the server listens (the logger). A statement is reported by its text, which
 * Drizzle writes with placeholders ($1, $2...): the values, which may be someone's name or e-mail, never are.
 */
import { SLOW_QUERY_MS } from '../../shared/diagnostics.ts';

export type SlowQuery = { statement: string; ms: number };

/** Bulk loads and upkeep (the shared data's COPY, ANALYZE after it, an index build): slow by nature, not logged. */
const MAINTENANCE = /^\s*(?:copy|analyze|vacuum|reindex|cluster|create\s+(?:unique\s+)?index)\b/i;
export type SlowQueryListener = (slow: SlowQuery) => void;

/** Whitespace folded, string literals blanked (a `set_config` carries the user's id), capped at 300 characters. */
export function describeStatement(sql: string): string {
  const folded = sql
    .replace(/'(?:[^']|'')*'/g, "'?'")
    .replace(/\s+/g, ' ')
    .trim();
  return folded.length > 300 ? `${folded.slice(0, 299)}…` : folded;
}

export class SlowQueryWatch {
  private listener: SlowQueryListener | null = null;
  private thresholdMs = SLOW_QUERY_MS;

  /** Reports every statement slower than `thresholdMs` (tests lower it) to `listener`; null stops. */
  listen(listener: SlowQueryListener | null, thresholdMs: number = SLOW_QUERY_MS): void {
    this.listener = listener;
    this.thresholdMs = thresholdMs;
  }

  get active(): boolean {
    return this.listener !== null;
  }

  /** Told when a statement begun at `started` (performance.now()) ended, whether it succeeded or failed. */
  ended(sql: string, started: number): void {
    const ms = performance.now() - started;
    if (!this.listener || ms <= this.thresholdMs || MAINTENANCE.test(sql)) return;
    this.listener({ statement: describeStatement(sql), ms: Math.round(ms) });
  }

  /** Runs a statement and times it; what it answers (or throws) is unchanged. */
  time<T>(sql: string, run: () => Promise<T>): Promise<T> {
    if (!this.listener) return run();
    const started = performance.now();
    const result = run();
    const report = () => this.ended(sql, started);
    // A branch of its own that never rejects: the caller still gets the original promise and its error.
    result.then(report, report);
    return result;
  }
}
