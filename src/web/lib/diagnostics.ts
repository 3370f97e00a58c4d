/**
 * The browser's diagnostics (spec 1 §9): the last 100 debug entries and 50 errors in memory, resources over
 * 1000 ms flagged slow, the web vitals against their reference values, and errors sent to the server log.
 * Every page carries this, so it is small: it records as things happen, and what scrubs and sends an error
 * (diagnostics-send.ts) or builds the report (diagnostics-report.ts) is loaded only when needed. Nothing
 * leaves the browser unscrubbed.
 */
import {
  type ClientErrorEntry,
  DEBUG_LOG_LIMIT,
  type DebugKind,
  ERROR_LOG_LIMIT,
  isSlow,
  type RawDebugEntry,
  RingBuffer,
  type VitalName,
  type VitalReading,
} from '../../shared/diagnostics.ts';

const debugLog = new RingBuffer<RawDebugEntry>(DEBUG_LOG_LIMIT);
const errorLog = new RingBuffer<ClientErrorEntry>(ERROR_LOG_LIMIT);
const vitals: Partial<Record<VitalName, VitalReading>> = {};

/** A page in an error loop sends the first few and keeps the rest to itself (the server limits per address too). */
const MAX_SENT_PER_PAGE = 10;
let sent = 0;
const sentAlready = new Set<string>();

/**
 * The signed-in user's own e-mail, name and id, from spec 1 §3's local user record: scrubbed from what leaves
 * the browser even where no pattern would recognise them (a name in a message).
 */
export function knownPersonalData(): string[] {
  try {
    const record = JSON.parse(localStorage.getItem('user') ?? 'null') as Record<string, unknown> | null;
    if (!record) return [];
    return [record.email, record.username, record.uid].filter((v): v is string => typeof v === 'string');
  } catch {
    return [];
  }
}

const now = () => new Date().toISOString();

function recordDebug(kind: DebugKind, entry: Omit<RawDebugEntry, 'at' | 'kind'>): void {
  debugLog.push({ at: now(), kind, ...entry });
}

/** A page view (the report shows its route template, `/prospect/:id`). */
export function recordNavigation(pathname: string): void {
  recordDebug('navigation', { path: pathname });
}

/** Keeps an error in the buffer and, when `send`, reports it to the server log. */
export function recordError(input: Omit<ClientErrorEntry, 'at' | 'route'>, send = true): void {
  const entry: ClientErrorEntry = { ...input, at: now(), route: window.location.pathname };
  entry.message ||= 'Unknown error';
  errorLog.push(entry);
  if (!send) return;
  const key = `${entry.kind} ${entry.message} ${entry.apiRoute ?? ''}`;
  if (sent >= MAX_SENT_PER_PAGE || sentAlready.has(key)) return;
  sent++;
  sentAlready.add(key);
  void import('./diagnostics-send.ts').then(
    ({ sendClientError }) => sendClientError(entry, knownPersonalData()),
    () => {},
  );
}

/**
 * One call to our API, as api.ts saw it: a debug entry (slow over 1000 ms), and an error when it failed, with
 * its status and route but never a body. Refusals (4xx) are the server's own answers and already in its log:
 * only a failure on its side (5xx) or no answer at all (status 0) is reported.
 */
export function recordApiCall(
  method: string,
  path: string,
  status: number,
  ms: number,
  failure?: string,
): void {
  recordDebug('api', { label: method, path, status, ms });
  if (status >= 200 && status < 400) return;
  recordError(
    { kind: 'api', message: failure ?? `${method} failed`, method, apiRoute: path, status },
    status === 0 || status >= 500,
  );
}

function errorText(reason: unknown): { message: string; stack?: string } {
  if (reason instanceof Error) return { message: `${reason.name}: ${reason.message}`, stack: reason.stack };
  try {
    return { message: typeof reason === 'string' ? reason : JSON.stringify(reason) };
  } catch {
    return { message: String(reason) };
  }
}

/** An error caught by an error boundary (the "Something went wrong" screens). */
export function recordRenderError(error: unknown, componentStack?: string | null): void {
  const { message, stack } = errorText(error);
  recordError({ kind: 'render', message, stack: [stack, componentStack].filter(Boolean).join('\n') });
}

/** A web vital as measured (diagnostics-vitals.ts), against its reference. */
export function recordVital(name: VitalName, reading: VitalReading, label?: string): void {
  vitals[name] = reading;
  if (label) recordDebug('vital', { label });
}

let started = false;

/** Starts listening: script errors, unhandled rejections, slow resources, web vitals. Once per page. */
export function startDiagnostics(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  window.addEventListener('error', (event) => {
    const source = event.filename ? `${event.filename}:${event.lineno}:${event.colno}` : undefined;
    const { message, stack } = errorText(event.error ?? event.message);
    recordError({ kind: 'error', message: event.message || message, source, stack });
  });
  window.addEventListener('unhandledrejection', (event) => {
    // A failed API call was recorded by api.ts already, with its status.
    if (event.reason instanceof Error && event.reason.name === 'ApiError') return;
    recordError({ kind: 'unhandledrejection', ...errorText(event.reason) });
  });
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as PerformanceResourceTiming[]) {
        // Our API calls are timed by api.ts, with their status.
        if (!isSlow(entry.duration) || new URL(entry.name).pathname.startsWith('/api/')) continue;
        recordDebug('resource', { label: entry.initiatorType, path: entry.name, ms: entry.duration });
      }
    }).observe({ type: 'resource', buffered: true });
  } catch {
    // No resource timing in this browser.
  }
  // The measuring library loads after the page: the observers it starts read what was buffered meanwhile.
  void import('./diagnostics-vitals.ts').then(
    ({ measureVitals }) => measureVitals(vitals),
    () => {},
  );
}

/** What the buffers hold now, for the report (diagnostics-report.ts), with what is known of the user. */
export function diagnosticsSnapshot() {
  return {
    errors: errorLog.items(),
    debug: debugLog.items(),
    vitals: { ...vitals },
    known: knownPersonalData(),
  };
}
