/**
 * Diagnostics (spec 1 §8-§9): the limits of the browser's debug and error buffers, what counts as slow, the
 * web-vital reference values, and what the browser records. Pure and small: the page entry carries it (the
 * browser keeps its buffers from the first moment, src/web/lib/diagnostics.ts); the scrubbing that keeps personal
 * data out of logs and reports is in diagnostics-scrub.ts, loaded only when something leaves the browser.
 */
/** Spec 1 §9: debug log buffers keep the last 100 entries. */
export const DEBUG_LOG_LIMIT = 100;
/** Spec 1 §9: error buffers keep the last 50. */
export const ERROR_LOG_LIMIT = 50;
/** Spec 1 §9: resources over 1000 ms are flagged slow (and so are our own API calls). */
export const SLOW_RESOURCE_MS = 1000;
/** Spec 1 §8: slow queries over 1000 ms are logged for developers; a request over the same is logged too. */
export const SLOW_QUERY_MS = 1000;
export const SLOW_REQUEST_MS = 1000;

/**
 * Spec 1 §9's performance reference values: 2500 ms (paint: Largest Contentful Paint), 100 ms (input:
 * Interaction to Next Paint, which replaced First Input Delay), 0.1 (layout shift: Cumulative Layout Shift).
 */
export const VITAL_REFERENCES = { LCP: 2500, INP: 100, CLS: 0.1 } as const;
export type VitalName = keyof typeof VITAL_REFERENCES;
export const VITAL_UNITS: Record<VitalName, 'ms' | ''> = { LCP: 'ms', INP: 'ms', CLS: '' };

/** A web vital as measured, against its reference: 'good' at or under it, 'over' above it. */
export type VitalReading = { value: number; reference: number; rating: 'good' | 'over' };

/** "Over 1000 ms" is slow; exactly 1000 ms is not. */
export const isSlow = (ms: number, limit: number = SLOW_RESOURCE_MS): boolean => ms > limit;

export function rateVital(name: VitalName, value: number): VitalReading {
  const reference = VITAL_REFERENCES[name];
  // CLS is a score with decimals; the times are whole milliseconds.
  const rounded = name === 'CLS' ? Math.round(value * 1000) / 1000 : Math.round(value);
  return { value: rounded, reference, rating: rounded <= reference ? 'good' : 'over' };
}

/** The last `capacity` items pushed, oldest first: older ones fall out as new ones come in. */
export class RingBuffer<T> {
  private readonly slots: T[] = [];
  private next = 0;

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new Error('A ring buffer holds at least one item');
  }

  push(item: T): void {
    if (this.slots.length < this.capacity) this.slots.push(item);
    else this.slots[this.next] = item;
    this.next = (this.next + 1) % this.capacity;
  }

  /** Oldest first. */
  items(): T[] {
    if (this.slots.length < this.capacity) return [...this.slots];
    return [...this.slots.slice(this.next), ...this.slots.slice(0, this.next)];
  }

  get size(): number {
    return this.slots.length;
  }

  clear(): void {
    this.slots.length = 0;
    this.next = 0;
  }
}

// ---- What the browser records, and the report a user copies --------------------------------------------------

export type DebugKind = 'navigation' | 'api' | 'resource' | 'vital';

/**
 * One line of the debug log as the browser records it: a page view, an API call, a slow resource, a web vital.
 * Kept raw in memory (the page's own data); the report scrubs it (diagnostics-report.ts).
 */
export type RawDebugEntry = {
  at: string;
  kind: DebugKind;
  /** What it was: `GET`, `fetch`, `LCP 3100ms over the 2500ms reference`. */
  label?: string;
  /** The page or resource path, as it was (query string included). */
  path?: string;
  /** An API call's status; 0: no answer. */
  status?: number;
  ms?: number;
};

/** A debug line in the report, scrubbed: `GET /api/v1/companies 200`, `/sales-account-development/:companyName`. */
export type DebugEntry = {
  at: string;
  kind: DebugKind;
  message: string;
  ms?: number;
  /** Over SLOW_RESOURCE_MS. */
  slow?: boolean;
};

export type ClientErrorKind = 'error' | 'unhandledrejection' | 'render' | 'api';

/**
 * One entry of the error buffer. API failures carry their status and route, never a body. The browser keeps it
 * as it happened; what leaves the browser (the server log, the report) is scrubbed.
 */
export type ClientErrorEntry = {
  at: string;
  kind: ClientErrorKind;
  message: string;
  /** The page's path when it happened (a route template once scrubbed). */
  route: string;
  /** `file:line:column` of a script error. */
  source?: string;
  stack?: string;
  /** API failures: the method, the API path, and the status (0: no answer reached the browser). */
  method?: string;
  apiRoute?: string;
  status?: number;
};
